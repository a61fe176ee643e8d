import Foundation
import ObjectBridge

extension PageViewController {
    /// Scripts' view of `PageViewController`: the class the bridge registers for it.
    enum Script {
        static let interPageSpacingKey = "UIPageViewControllerOptionInterPageSpacingKey"
        static let spineLocationKey = "UIPageViewControllerOptionSpineLocationKey"

        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UIPageViewController", superclass: "UIViewController", type: PageViewController.self,
                allocate: { PageViewController(environment: environment) }
            ) { c in
                c.method("initWithTransitionStyle_navigationOrientation_options", overridable: true) {
                    (pages: PageViewController, style: Int, orientation: Int, options: [String: AnyScriptValue]?)
                        -> PageViewController in
                    let spacing = options?[interPageSpacingKey]?.value
                    guard spacing == nil || spacing is Double || spacing is Int else {
                        throw ScriptValueError("UIPageViewController: \(interPageSpacingKey) must be a number")
                    }
                    try pages.configure(
                        transitionStyle: try Control.Script.choice(style, below: 2, "transitionStyle"),
                        navigationOrientation: try Control.Script.choice(
                            orientation, below: 2, "navigationOrientation"),
                        interPageSpacing: (spacing as? Double) ?? (spacing as? Int).map(Double.init) ?? 0)
                    return pages
                }
                c.method("setViewControllers_direction_animated_completion") {
                    (
                        pages: PageViewController, controllers: [ViewController]?, direction: Int, animated: Bool,
                        completion: ScriptBlock?
                    ) in
                    try pages.setViewControllers(
                        controllers ?? [], forward: try Control.Script.choice(direction, below: 2, "direction") == 0,
                        animated: animated, completion: completion)
                }
                c.property("viewControllers") { (pages: PageViewController) -> [ViewController]? in
                    pages.page.map { [$0] } ?? []
                }
                c.property("dataSource", get: { $0.dataSource }, set: { try $0.setDataSource($1) })
                c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
                c.property("transitionStyle") { (pages: PageViewController) in pages.transitionStyle }
                c.property("navigationOrientation") { (pages: PageViewController) in pages.navigationOrientation }
                c.property("doubleSided") { (_: PageViewController) in false }
                c.enumeration(
                    cType: "UIPageViewControllerTransitionStyle", constants: "UIPageViewControllerTransitionStyle",
                    module: "UIKit.UIPageViewController", aliases: ["TransitionStyle"],
                    [("PageCurl", 0), ("Scroll", 1)])
                c.enumeration(
                    cType: "UIPageViewControllerNavigationOrientation",
                    constants: "UIPageViewControllerNavigationOrientation", module: "UIKit.UIPageViewController",
                    aliases: ["NavigationOrientation"], [("Horizontal", 0), ("Vertical", 1)])
                c.enumeration(
                    cType: "UIPageViewControllerNavigationDirection",
                    constants: "UIPageViewControllerNavigationDirection", module: "UIKit.UIPageViewController",
                    aliases: ["NavigationDirection"], [("Forward", 0), ("Reverse", 1)])
            }
        }

        /// The option keys, as UIPageViewController.h names them.
        static var module: BindingModule {
            BindingModule(
                "UIKit.UIPageViewController",
                [
                    (interPageSpacingKey, .constant(interPageSpacingKey)),
                    (spineLocationKey, .constant(spineLocationKey)),
                ])
        }

        static let protocols = [
            ProtocolDescription(
                PageViewController.dataSourceProtocol,
                required: [
                    "pageViewController_viewControllerBeforeViewController",
                    "pageViewController_viewControllerAfterViewController",
                ],
                optional: ["presentationCountForPageViewController", "presentationIndexForPageViewController"]),
            ProtocolDescription(
                PageViewController.delegateProtocol,
                optional: [
                    "pageViewController_willTransitionToViewControllers",
                    "pageViewController_didFinishAnimating_previousViewControllers_transitionCompleted",
                ]),
        ]
    }
}

extension PageViewController.Script: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { protocols }
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [module] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
