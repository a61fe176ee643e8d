import Foundation
import ObjectBridge

extension SplitViewController {
    /// Scripts' view of `SplitViewController`: the class the bridge registers for it.
    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UISplitViewController", superclass: "UIViewController", type: SplitViewController.self,
                allocate: { SplitViewController(environment: environment) }
            ) { c in
                c.property(
                    "viewControllers", get: { $0.viewControllers }, set: { try $0.setViewControllers($1) })
                c.property("collapsed") { (controller: SplitViewController) in controller.isCollapsed }
                c.property("displayMode") { (controller: SplitViewController) in controller.displayMode }
                c.property(
                    "preferredDisplayMode", get: { $0.preferredDisplayMode },
                    set: { $0.preferredDisplayMode = try Control.Script.choice($1, below: 4, "preferredDisplayMode") })
                c.property(
                    "preferredPrimaryColumnWidthFraction", get: { $0.preferredPrimaryColumnWidthFraction },
                    set: { controller, fraction in
                        guard fraction == SplitViewController.automaticDimension || (0...1).contains(fraction) else {
                            throw ScriptValueError(
                                "preferredPrimaryColumnWidthFraction must be from 0 to 1 (or automatic), got \(fraction)"
                            )
                        }
                        controller.preferredPrimaryColumnWidthFraction = fraction
                    })
                c.property("primaryColumnWidth") { (controller: SplitViewController) in
                    controller.primaryColumnWidth(in: Double(controller.environment.screen.bounds.width))
                }
                c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
                c.method("showDetailViewController_sender") {
                    (controller: SplitViewController, detail: ViewController, _: BridgeObject?) in
                    try controller.showDetail(detail)
                }
                c.enumeration(
                    cType: "UISplitViewControllerDisplayMode", constants: "UISplitViewControllerDisplayMode",
                    module: "UIKit.UISplitViewController", aliases: ["DisplayMode"], displayModes)
            }
        }

        static let protocols = [
            ProtocolDescription(
                SplitViewController.delegateProtocol,
                optional: ["splitViewController_collapseSecondaryViewController_ontoPrimaryViewController"])
        ]
    }
}

extension SplitViewController.Script: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { protocols }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
