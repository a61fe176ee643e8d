import Foundation
import ObjectBridge

extension SearchBar {
    /// Scripts' view of `SearchBar`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UISearchBar", superclass: "UIView", type: SearchBar.self,
                allocate: { SearchBar(environment: environment) }
            ) { c in
                c.property("text", get: { (bar: SearchBar) -> String? in bar.text }, set: { $0.text = $1 ?? "" })
                c.property("placeholder", get: { $0.placeholder }, set: { $0.placeholder = $1 })
                c.property("searchTextField") { (bar: SearchBar) in bar.searchTextField }
                c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
                c.property("showsCancelButton", get: { $0.showsCancelButton }, set: { $0.setShowsCancelButton($1) })
                c.method("setShowsCancelButton_animated") { (bar: SearchBar, shows: Bool, _: Bool) in
                    bar.setShowsCancelButton(shows)
                }
                c.property(
                    "searchBarStyle", get: { $0.searchBarStyle },
                    set: { $0.searchBarStyle = try Control.Script.choice($1, below: 3, "searchBarStyle") })
                c.property("barTintColor", get: { $0.barTintColor }, set: { $0.barTintColor = $1 })
                c.property(
                    "scopeButtonTitles",
                    get: { (bar: SearchBar) -> [String]? in bar.scopeButtonTitles.isEmpty ? nil : bar.scopeButtonTitles
                    },
                    set: { $0.setScopeButtonTitles($1 ?? []) })
                c.property(
                    "selectedScopeButtonIndex", get: { $0.selectedScopeButtonIndex }, set: { try $0.selectScope($1) })
                c.property("showsScopeBar", get: { $0.showsScopeBar }, set: { $0.setShowsScopeBar($1) })
                c.method("setShowsScope_animated") { (bar: SearchBar, shows: Bool, _: Bool) in
                    bar.setShowsScopeBar(shows)
                }
                TextInputTraits.addProperties(to: c, through: \.searchTextField.traits)
                c.enumeration(
                    cType: "UISearchBarStyle", constants: "UISearchBarStyle", module: "UIKit.UISearchBar",
                    aliases: ["Style"], [("Default", 0), ("Prominent", 1), ("Minimal", 2)])
            }
        }

        static let protocols = [
            ProtocolDescription(
                SearchBar.delegateProtocol,
                optional: [
                    "searchBarShouldBeginEditing", "searchBarTextDidBeginEditing", "searchBarTextDidEndEditing",
                    "searchBar_textDidChange", "searchBar_shouldChangeTextInRange_replacementText",
                    "searchBarSearchButtonClicked", "searchBarCancelButtonClicked",
                    "searchBar_selectedScopeButtonIndexDidChange",
                ])
        ]
    }
}

extension SearchBar.Script: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { protocols }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
