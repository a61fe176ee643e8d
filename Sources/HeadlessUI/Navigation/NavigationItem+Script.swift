import Foundation
import ObjectBridge

extension NavigationItem {
    /// Scripts' view of `NavigationItem`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
            NativeClass(
                "UINavigationItem", superclass: "NSObject", type: NavigationItem.self, allocate: { NavigationItem() }
            ) { c in
                c.method("initWithTitle", overridable: true) {
                    (item: NavigationItem, title: String?) -> NavigationItem in
                    item.title = title
                    return item
                }
                c.property("title", get: { $0.title }, set: { $0.title = $1 })
                c.property("titleView", get: { $0.titleView }, set: { $0.titleView = $1 })
                c.property(
                    "leftBarButtonItem", get: { $0.leftBarButtonItems.first },
                    set: { $0.setItems($1.map { [$0] } ?? [], left: true) })
                c.property(
                    "rightBarButtonItem", get: { $0.rightBarButtonItems.first },
                    set: { $0.setItems($1.map { [$0] } ?? [], left: false) })
                c.property(
                    "leftBarButtonItems", get: { $0.leftBarButtonItems.isEmpty ? nil : $0.leftBarButtonItems },
                    set: { $0.setItems($1 ?? [], left: true) })
                c.property(
                    "rightBarButtonItems", get: { $0.rightBarButtonItems.isEmpty ? nil : $0.rightBarButtonItems },
                    set: { $0.setItems($1 ?? [], left: false) })
                c.method("setLeftBarButtonItem_animated") { (item: NavigationItem, button: BarButtonItem?, _: Bool) in
                    item.setItems(button.map { [$0] } ?? [], left: true)
                }
                c.method("setRightBarButtonItem_animated") { (item: NavigationItem, button: BarButtonItem?, _: Bool) in
                    item.setItems(button.map { [$0] } ?? [], left: false)
                }
                c.property("backBarButtonItem", get: { $0.backBarButtonItem }, set: { $0.backBarButtonItem = $1 })
                c.property("hidesBackButton", get: { $0.hidesBackButton }, set: { $0.hidesBackButton = $1 })
                c.property("backButtonTitle", get: { $0.backButtonTitle }, set: { $0.backButtonTitle = $1 })
                c.property("searchController", get: { $0.searchController }, set: { $0.searchController = $1 })
                c.property(
                    "standardAppearance", get: { $0.standardAppearance },
                    set: { $0.standardAppearance = $1?.copy() })
                c.property(
                    "scrollEdgeAppearance", get: { $0.scrollEdgeAppearance },
                    set: { $0.scrollEdgeAppearance = $1?.copy() })
                c.property(
                    "compactAppearance", get: { $0.compactAppearance }, set: { $0.compactAppearance = $1?.copy() })
                c.property(
                    "largeTitleDisplayMode", get: { $0.largeTitleDisplayMode },
                    set: { $0.largeTitleDisplayMode = try Control.Script.choice($1, below: 3, "largeTitleDisplayMode") }
                )
                c.enumeration(
                    cType: "UINavigationItemLargeTitleDisplayMode", constants: "UINavigationItemLargeTitleDisplayMode",
                    module: "UIKit.UINavigationItem", aliases: ["LargeTitleDisplayMode"],
                    [("Automatic", 0), ("Always", 1), ("Never", 2)])
                c.property(
                    "hidesSearchBarWhenScrolling", get: { $0.hidesSearchBarWhenScrolling },
                    set: { $0.hidesSearchBarWhenScrolling = $1 })
            }
        }
    }
}

extension NavigationItem.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
