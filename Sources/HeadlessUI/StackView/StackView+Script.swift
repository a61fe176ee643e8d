import Foundation
import ObjectBridge

extension StackView {
    /// Scripts' view of `StackView`: the class the bridge registers for it.
    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("UIStackView", superclass: "UIView", type: StackView.self, allocate: { StackView() }) { c in
                c.method("initWithArrangedSubviews", overridable: true) {
                    (stack: StackView, views: [View]) -> StackView in
                    environment.application.usesAutoLayout = true
                    for view in views { try stack.addArrangedSubview(view) }
                    return stack
                }
                c.property("arrangedSubviews") { (stack: StackView) in stack.arrangedSubviews }
                c.method("addArrangedSubview") { (stack: StackView, view: View) in
                    environment.application.usesAutoLayout = true
                    try stack.addArrangedSubview(view)
                }
                c.method("insertArrangedSubview_atIndex") { (stack: StackView, view: View, index: Int) in
                    environment.application.usesAutoLayout = true
                    try stack.insertArrangedSubview(view, at: index)
                }
                c.method("removeArrangedSubview") { (stack: StackView, view: View) in stack.removeArrangedSubview(view)
                }
                c.property(
                    "axis", get: { $0.axis },
                    set: { stack, axis in stack.axis = try AutoLayoutScript.axisValue(axis) ? 1 : 0 })
                c.property(
                    "spacing", get: { $0.spacing },
                    set: { stack, spacing in stack.spacing = try GeometryCheck.finite(spacing, "spacing") })
                c.property(
                    "distribution", get: { $0.distribution.rawValue },
                    set: { stack, value in
                        guard let distribution = Distribution(rawValue: value) else {
                            throw ScriptValueError(
                                "distribution must be a UIStackViewDistribution (0 to 4), got \(value)")
                        }
                        stack.distribution = distribution
                    })
                c.property(
                    "alignment", get: { $0.alignment.rawValue },
                    set: { stack, value in
                        guard let alignment = Alignment(rawValue: value) else {
                            throw ScriptValueError("alignment must be a UIStackViewAlignment (0 to 5), got \(value)")
                        }
                        stack.alignment = alignment
                    })
                c.property(
                    "baselineRelativeArrangement", get: { $0.isBaselineRelativeArrangement },
                    set: { $0.isBaselineRelativeArrangement = $1 })
                c.property(
                    "layoutMarginsRelativeArrangement", get: { $0.isLayoutMarginsRelativeArrangement },
                    set: { $0.isLayoutMarginsRelativeArrangement = $1 })
                c.method("setCustomSpacing_afterView") { (stack: StackView, spacing: Double, view: View) in
                    stack.setCustomSpacing(try GeometryCheck.finite(spacing, "spacing"), after: view)
                }
                c.method("customSpacingAfterView") { (stack: StackView, view: View) in stack.customSpacing(after: view)
                }
                c.enumeration(
                    cType: "UIStackViewDistribution", constants: "UIStackViewDistribution", module: "UIKit.UIStackView",
                    aliases: ["UIStackViewDistribution"],
                    [
                        ("Fill", 0), ("FillEqually", 1), ("FillProportionally", 2), ("EqualSpacing", 3),
                        ("EqualCentering", 4),
                    ])
                c.enumeration(
                    cType: "UIStackViewAlignment", constants: "UIStackViewAlignment", module: "UIKit.UIStackView",
                    aliases: ["UIStackViewAlignment"],
                    [
                        ("Fill", 0), ("Leading", 1), ("Top", 1), ("FirstBaseline", 2), ("Center", 3), ("Trailing", 4),
                        ("Bottom", 4), ("LastBaseline", 5),
                    ])
                // Swift's `NSLayoutConstraint.Axis`, where a stack view's user looks for it.
                c.enumeration(
                    "Axis", module: "UIKit.UIStackView", aliases: ["UILayoutConstraintAxis"],
                    LayoutConstraint.Script.axes)
            }
        }
    }
}

extension StackView.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
