import Foundation
import ObjectBridge

extension NavigationController {
    /// Scripts' view of `NavigationController`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UINavigationController", superclass: "UIViewController", type: NavigationController.self,
                allocate: { NavigationController(environment: environment) }
            ) { c in
                c.method("initWithRootViewController", overridable: true) {
                    (navigation: NavigationController, root: ViewController) -> NavigationController in
                    try navigation.setViewControllers([root], animated: false)
                    return navigation
                }
                c.method("initWithNavigationBarClass_toolbarClass") {
                    (navigation: NavigationController, barClass: ClassObject?, _: ClassObject?) -> NavigationController
                    in
                    if let barClass { try navigation.makeNavigationBar(of: barClass) }
                    return navigation
                }
                c.property(
                    "viewControllers", get: { $0.viewControllers },
                    set: { try $0.setViewControllers($1, animated: false) })
                c.method("setViewControllers_animated") {
                    (navigation: NavigationController, controllers: [ViewController], animated: Bool) in
                    try navigation.setViewControllers(controllers, animated: animated)
                }
                c.property("topViewController") { (navigation: NavigationController) in navigation.topViewController }
                c.property("visibleViewController") { (navigation: NavigationController) in navigation.topViewController
                }
                c.property("navigationBar") { (navigation: NavigationController) in navigation.navigationBar }
                c.method("pushViewController_animated") {
                    (navigation: NavigationController, controller: ViewController, animated: Bool) in
                    try navigation.push(controller, animated: animated)
                }
                c.method("popViewControllerAnimated") { (navigation: NavigationController, animated: Bool) in
                    try navigation.pop(animated: animated)
                }
                c.method("popToRootViewControllerAnimated") {
                    (navigation: NavigationController, animated: Bool) -> [ViewController] in
                    guard let root = navigation.viewControllers.first else { return [] }
                    return try navigation.pop(to: root, animated: animated)
                }
                c.method("popToViewController_animated") {
                    (navigation: NavigationController, controller: ViewController, animated: Bool) in
                    try navigation.pop(to: controller, animated: animated)
                }
                c.property(
                    "navigationBarHidden", get: { $0.isNavigationBarHidden }, set: { try $0.setNavigationBarHidden($1) }
                )
                c.method("setNavigationBarHidden_animated") {
                    (navigation: NavigationController, hidden: Bool, _: Bool) in
                    try navigation.setNavigationBarHidden(hidden)
                }
                for method in ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"] {
                    c.method(method, overridable: true) { (navigation: NavigationController, animated: Bool) in
                        try navigation.nativeLifecycle(method, animated: animated)
                    }
                }
            }
        }
    }
}

extension NavigationController.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
