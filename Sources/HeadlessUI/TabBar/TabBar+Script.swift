import Foundation
import ObjectBridge

extension TabBar {
    /// Scripts' view of `TabBar`: the class the bridge registers for it.
    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UITabBar", superclass: "UIView", type: TabBar.self,
                allocate: { TabBar(touches: environment.touches, engine: environment.text) }
            ) { c in
                c.property(
                    "items", get: { (bar: TabBar) -> [TabBarItem]? in bar.items }, set: { $0.setItems($1 ?? []) })
                c.method("setItems_animated") { (bar: TabBar, items: [TabBarItem]?, _: Bool) in
                    bar.setItems(items ?? [])
                }
                c.property("selectedItem", get: { $0.selectedItem }, set: { $0.select($1) })
                c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
                c.property("barTintColor", get: { $0.barTintColor }, set: { $0.barTintColor = $1 })
                c.property(
                    "unselectedItemTintColor", get: { $0.unselectedItemTintColor },
                    set: { $0.unselectedItemTintColor = $1 })
                c.property(
                    "standardAppearance", get: { BarAppearance.standard(of: $0, at: \.standardAppearance) },
                    set: { $0.standardAppearance = $1.copy() })
                c.property(
                    "scrollEdgeAppearance", get: { $0.scrollEdgeAppearance },
                    set: { $0.scrollEdgeAppearance = $1?.copy() })
            }
        }
    }
}

extension TabBar.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
