import Foundation
import ObjectBridge

extension NavigationBar {
    /// Scripts' view of `NavigationBar`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UINavigationBar", superclass: "UIView", type: NavigationBar.self,
                allocate: { NavigationBar(touches: environment.touches, engine: environment.text) }
            ) { c in
                c.property("topItem") { (bar: NavigationBar) in bar.topItem }
                c.property("backItem") { (bar: NavigationBar) in bar.backItem }
                c.property(
                    "items", get: { (bar: NavigationBar) -> [NavigationItem]? in bar.standaloneItems },
                    set: { try $0.setStandaloneItems($1 ?? []) })
                c.method("setItems_animated") { (bar: NavigationBar, items: [NavigationItem]?, _: Bool) in
                    try bar.setStandaloneItems(items ?? [])
                }
                c.method("pushNavigationItem_animated") { (bar: NavigationBar, item: NavigationItem, _: Bool) in
                    try bar.setStandaloneItems(bar.standaloneItems + [item])
                }
                c.method("popNavigationItemAnimated") { (bar: NavigationBar, _: Bool) -> NavigationItem? in
                    guard let top = bar.standaloneItems.last else { return nil }
                    try bar.setStandaloneItems(Array(bar.standaloneItems.dropLast()))
                    return top
                }
                c.property("titleLabel") { (bar: NavigationBar) in bar.titleLabel }
                c.property("barStyle", get: { $0.barStyle }, set: { $0.barStyle = $1 })
                c.property("barTintColor", get: { $0.barTintColor }, set: { $0.barTintColor = $1 })
                c.property("translucent", get: { $0.isTranslucent }, set: { $0.isTranslucent = $1 })
                c.property("prefersLargeTitles", get: { $0.prefersLargeTitles }, set: { $0.prefersLargeTitles = $1 })
                c.property(
                    "titleTextAttributes", get: { $0.titleTextAttributes },
                    set: { $0.titleTextAttributes = try TextAttributeCheck.checked($1 ?? [:]) })
                c.property(
                    "largeTitleTextAttributes", get: { $0.largeTitleTextAttributes },
                    set: { $0.largeTitleTextAttributes = try TextAttributeCheck.checked($1 ?? [:]) })
                c.property(
                    "standardAppearance", get: { BarAppearance.standard(of: $0, at: \.standardAppearance) },
                    set: { $0.standardAppearance = $1.copy() })
                c.property(
                    "scrollEdgeAppearance", get: { $0.scrollEdgeAppearance },
                    set: { $0.scrollEdgeAppearance = $1?.copy() })
                c.property(
                    "compactAppearance", get: { $0.compactAppearance }, set: { $0.compactAppearance = $1?.copy() })
                c.enumeration(
                    cType: "UIBarStyle", constants: "UIBarStyle", module: "UIKit.UIInterface",
                    [("Default", 0), ("Black", 1), ("BlackOpaque", 1), ("BlackTranslucent", 2)])
            }
        }
    }
}

extension NavigationBar.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
