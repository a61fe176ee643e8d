import Foundation
import ObjectBridge

extension SearchController {
    /// Scripts' view of `SearchController`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UISearchController", superclass: "UIViewController", type: SearchController.self,
                allocate: { SearchController(environment: environment) }
            ) { c in
                c.method("initWithSearchResultsController", overridable: true) {
                    (search: SearchController, results: ViewController?) -> SearchController in
                    try search.setResultsController(results)
                    return search
                }
                c.property("searchBar") { (search: SearchController) in search.searchBar }
                c.property("searchResultsController") { (search: SearchController) in search.searchResultsController }
                c.property(
                    "searchResultsUpdater", get: { $0.searchResultsUpdater }, set: { $0.searchResultsUpdater = $1 })
                c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
                c.property("active", get: { $0.isActive }, set: { try $0.setActive($1) })
                c.property(
                    "obscuresBackgroundDuringPresentation", get: { $0.obscuresBackgroundDuringPresentation },
                    set: { $0.obscuresBackgroundDuringPresentation = $1 })
                c.property(
                    "dimsBackgroundDuringPresentation", get: { $0.obscuresBackgroundDuringPresentation },
                    set: { $0.obscuresBackgroundDuringPresentation = $1 })
                c.property(
                    "hidesNavigationBarDuringPresentation", get: { $0.hidesNavigationBarDuringPresentation },
                    set: { $0.hidesNavigationBarDuringPresentation = $1 })
                c.property(
                    "automaticallyShowsCancelButton", get: { $0.automaticallyShowsCancelButton },
                    set: { $0.automaticallyShowsCancelButton = $1 })
                c.property(
                    "automaticallyShowsScopeBar", get: { $0.automaticallyShowsScopeBar },
                    set: { $0.automaticallyShowsScopeBar = $1 })
                c.property(
                    "automaticallyShowsSearchResultsController",
                    get: { $0.automaticallyShowsSearchResultsController },
                    set: { $0.automaticallyShowsSearchResultsController = $1 })
                c.property(
                    "showsSearchResultsController", get: { $0.showsSearchResultsController },
                    set: { try $0.setShowsSearchResultsController($1) })
            }
        }

        static let protocols = [
            ProtocolDescription(SearchController.updaterProtocol, required: ["updateSearchResultsForSearchController"]),
            ProtocolDescription(
                SearchController.delegateProtocol,
                optional: [
                    "willPresentSearchController", "didPresentSearchController", "willDismissSearchController",
                    "didDismissSearchController",
                ]),
        ]
    }
}

extension SearchController.Script: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { protocols }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
