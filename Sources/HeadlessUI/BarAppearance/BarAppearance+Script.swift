import Foundation
import ObjectBridge

/// Scripts' view of the bar appearances: the classes the bridge registers for them.
enum BarAppearanceScript {
    static func nativeClasses() -> [NativeClass] {
        [
            NativeClass(
                "UIBarAppearance", superclass: "NSObject", type: BarAppearance.self, allocate: { BarAppearance() }
            ) { c in
                c.method("configureWithDefaultBackground") { (appearance: BarAppearance) in
                    appearance.configureWithDefaultBackground()
                }
                c.method("configureWithOpaqueBackground") { (appearance: BarAppearance) in
                    appearance.configureWithOpaqueBackground()
                }
                c.method("configureWithTransparentBackground") { (appearance: BarAppearance) in
                    appearance.configureWithTransparentBackground()
                }
                c.property("backgroundEffect", get: { $0.backgroundEffect }, set: { $0.backgroundEffect = $1 })
                c.property("backgroundColor", get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 })
                c.property("backgroundImage", get: { $0.backgroundImage }, set: { $0.backgroundImage = $1 })
                c.property("shadowColor", get: { $0.shadowColor }, set: { $0.shadowColor = $1 })
            },
            NativeClass(
                "UINavigationBarAppearance", superclass: "UIBarAppearance", type: NavigationBarAppearance.self,
                allocate: { NavigationBarAppearance() }
            ) { c in
                c.method("copy") { (appearance: NavigationBarAppearance) in appearance.copy() }
                c.property(
                    "titleTextAttributes", get: { $0.titleTextAttributes },
                    set: { $0.titleTextAttributes = try TextAttributeCheck.checked($1) })
                c.property(
                    "largeTitleTextAttributes", get: { $0.largeTitleTextAttributes },
                    set: { $0.largeTitleTextAttributes = try TextAttributeCheck.checked($1) })
            },
            NativeClass(
                "UITabBarAppearance", superclass: "UIBarAppearance", type: TabBarAppearance.self,
                allocate: { TabBarAppearance() }
            ) { c in
                c.method("copy") { (appearance: TabBarAppearance) in appearance.copy() }
                c.property(
                    "stackedLayoutAppearance", get: { $0.stackedLayoutAppearance },
                    set: { $0.setStackedLayoutAppearance($1.copy()) })
            },
            NativeClass(
                "UITabBarItemAppearance", superclass: "NSObject", type: TabBarItemAppearance.self,
                allocate: { TabBarItemAppearance() }
            ) { c in
                c.method("copy") { (appearance: TabBarItemAppearance) in appearance.copy() }
                c.property("normal") { (appearance: TabBarItemAppearance) in appearance.normal }
                c.property("selected") { (appearance: TabBarItemAppearance) in appearance.selected }
                c.property("disabled") { (appearance: TabBarItemAppearance) in appearance.disabled }
            },
            NativeClass(
                "UITabBarItemStateAppearance", superclass: "NSObject", type: TabBarItemStateAppearance.self,
                allocate: nil
            ) { c in
                c.property("iconColor", get: { $0.iconColor }, set: { $0.iconColor = $1 })
                c.property(
                    "titleTextAttributes", get: { $0.titleTextAttributes },
                    set: { $0.titleTextAttributes = try TextAttributeCheck.checked($1) })
                c.property(
                    "badgeBackgroundColor", get: { $0.badgeBackgroundColor }, set: { $0.badgeBackgroundColor = $1 })
            },
        ]
    }
}

extension BarAppearanceScript: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { nativeClasses() }
}
