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
                c.method("initWithStyle", overridable: true) {
                    (controller: SplitViewController, style: Int) -> SplitViewController in
                    try controller.setStyle(try Control.Script.choice(style, below: 3, "style"))
                    return controller
                }
                c.property("style") { (controller: SplitViewController) in controller.style }
                c.method("setViewController_forColumn") {
                    (controller: SplitViewController, child: ViewController?, column: Int) in
                    try controller.setViewController(child, for: try Self.column(column))
                }
                c.method("viewControllerForColumn") { (controller: SplitViewController, column: Int) in
                    controller.viewController(for: try Self.column(column))
                }
                c.method("showColumn") { (controller: SplitViewController, column: Int) in
                    controller.show(try Self.column(column))
                }
                c.method("hideColumn") { (controller: SplitViewController, column: Int) in
                    controller.hide(try Self.column(column))
                }
                c.property(
                    "viewControllers", get: { $0.viewControllers }, set: { try $0.setViewControllers($1) })
                c.property("collapsed") { (controller: SplitViewController) in controller.isCollapsed }
                c.property("displayMode") { (controller: SplitViewController) in controller.displayMode }
                c.property(
                    "preferredDisplayMode", get: { $0.preferredDisplayMode },
                    set: { $0.preferredDisplayMode = try Control.Script.choice($1, below: 7, "preferredDisplayMode") })
                c.property(
                    "preferredPrimaryColumnWidthFraction", get: { $0.preferredPrimaryColumnWidthFraction },
                    set: { controller, fraction in
                        controller.preferredPrimaryColumnWidthFraction = try Self.fraction(
                            fraction, "preferredPrimaryColumnWidthFraction")
                    })
                c.property("primaryColumnWidth") { (controller: SplitViewController) in
                    controller.primaryColumnWidth(in: Double(controller.environment.screen.bounds.width))
                }
                c.property(
                    "preferredSupplementaryColumnWidthFraction", get: { $0.preferredSupplementaryColumnWidthFraction },
                    set: { controller, fraction in
                        controller.preferredSupplementaryColumnWidthFraction = try Self.fraction(
                            fraction, "preferredSupplementaryColumnWidthFraction")
                    })
                c.property("supplementaryColumnWidth") { (controller: SplitViewController) in
                    controller.supplementaryColumnWidth(in: Double(controller.environment.screen.bounds.width))
                }
                c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
                c.method("showDetailViewController_sender") {
                    (controller: SplitViewController, detail: ViewController, _: BridgeObject?) in
                    try controller.showDetail(detail)
                }
                c.enumeration(
                    cType: "UISplitViewControllerColumn", constants: "UISplitViewControllerColumn",
                    module: "UIKit.UISplitViewController", aliases: ["Column"], columns)
                c.enumeration(
                    cType: "UISplitViewControllerStyle", constants: "UISplitViewControllerStyle",
                    module: "UIKit.UISplitViewController", aliases: ["Style"], styles)
                c.enumeration(
                    cType: "UISplitViewControllerDisplayMode", constants: "UISplitViewControllerDisplayMode",
                    module: "UIKit.UISplitViewController", aliases: ["DisplayMode"], displayModes)
            }
        }

        static let protocols = [
            ProtocolDescription(
                SplitViewController.delegateProtocol,
                optional: [
                    "splitViewController_collapseSecondaryViewController_ontoPrimaryViewController",
                    "splitViewController_topColumnForCollapsingToProposedTopColumn",
                ])
        ]

        /// A `UISplitViewControllerColumn` a script gave.
        static func column(_ value: Int) throws -> SplitViewController.Column {
            guard let column = SplitViewController.Column(rawValue: value) else {
                throw ScriptValueError("\(value) is not a UISplitViewControllerColumn (0 to 3)")
            }
            return column
        }

        /// A column width fraction a script gave: from 0 to 1, or automatic.
        static func fraction(_ value: Double, _ name: String) throws -> Double {
            guard value == SplitViewController.automaticDimension || (0...1).contains(value) else {
                throw ScriptValueError("\(name) must be from 0 to 1 (or automatic), got \(value)")
            }
            return value
        }
    }
}

extension SplitViewController.Script: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { protocols }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
