import Foundation
import ObjectBridge

extension TabBarController {
    /// Scripts' view of `TabBarController`: the class the bridge registers for it.
    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UITabBarController", superclass: "UIViewController", type: TabBarController.self,
                allocate: { TabBarController(environment: environment) }
            ) { c in
                c.property(
                    "viewControllers", get: { (tabs: TabBarController) -> [ViewController]? in tabs.viewControllers },
                    set: { try $0.setViewControllers($1 ?? []) })
                c.method("setViewControllers_animated") {
                    (tabs: TabBarController, controllers: [ViewController]?, _: Bool) in
                    try tabs.setViewControllers(controllers ?? [])
                }
                c.property(
                    "selectedIndex", get: { $0.selectedIndex ?? NSNotFound }, set: { try $0.select(index: $1) })
                c.property(
                    "selectedViewController", get: { $0.selectedViewController },
                    set: { (tabs: TabBarController, controller: ViewController?) in try tabs.select(controller) })
                c.property("tabBar") { (tabs: TabBarController) in tabs.tabBar }
                c.property("moreNavigationController") { (tabs: TabBarController) in
                    try tabs.moreNavigationController()
                }
                c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
                for method in ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"] {
                    c.method(method, overridable: true) { (tabs: TabBarController, animated: Bool) in
                        try tabs.nativeLifecycle(method, animated: animated)
                    }
                }
            }
        }
    }
}

extension TabBarController.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
