import Foundation
import ObjectBridge

extension LayoutConstraint {
    /// Scripts' view of `LayoutConstraint`: the class the bridge registers for it.
    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("NSLayoutConstraint", superclass: "NSObject", type: LayoutConstraint.self, allocate: nil) { c in
                c.classMethod(
                    "constraintWithItem_attribute_relatedBy_toItem_attribute_multiplier_constant",
                    locating: {
                        (
                            origin: String?, first: BridgeObject, firstAttribute: Int, relation: Int,
                            second: BridgeObject?,
                            secondAttribute: Int, multiplier: Double, constant: Double
                        ) -> LayoutConstraint in
                        environment.application.usesAutoLayout = true
                        return try LayoutConstraint(
                            try item(first, "item"), try attribute(firstAttribute, "attribute"),
                            try relatedBy(relation), try second.map { try item($0, "toItem") },
                            try attribute(secondAttribute, "toItem's attribute"), multiplier: multiplier,
                            constant: constant, origin: origin)
                    })
                c.classMethod(
                    "constraintsWithVisualFormat_options_metrics_views",
                    locating: {
                        (
                            origin: String?, format: String, options: Int, metrics: [String: AnyScriptValue]?,
                            views: [String: AnyScriptValue]
                        ) -> [LayoutConstraint] in
                        environment.application.usesAutoLayout = true
                        var parser = VisualFormat(
                            format: format, options: options, metrics: try numbers(metrics ?? [:]),
                            views: try viewsByName(views), origin: origin)
                        do {
                            return try parser.constraints()
                        } catch let error as VisualFormat.ParseError {
                            throw ScriptValueError(error.description)
                        }
                    })
                c.classMethod("activateConstraints") { (constraints: [LayoutConstraint]) in
                    for constraint in constraints { try constraint.activate() }
                }
                c.classMethod("deactivateConstraints") { (constraints: [LayoutConstraint]) in
                    for constraint in constraints { constraint.deactivate() }
                }
                c.property(
                    "active", get: { $0.isActive },
                    set: { constraint, active in
                        if active { try constraint.activate() } else { constraint.deactivate() }
                    })
                c.property(
                    "constant", get: { $0.constant },
                    set: { constraint, value in
                        guard value.isFinite else {
                            throw ScriptValueError("a constraint's constant must be a finite number, got \(value)")
                        }
                        constraint.constant = value
                    })
                c.property("priority", get: { $0.priority }, set: { try $0.setPriority($1) })
                c.property("identifier", get: { $0.identifier }, set: { $0.identifier = $1 })
                c.property("multiplier") { (constraint: LayoutConstraint) in constraint.multiplier }
                c.property("firstItem") { (constraint: LayoutConstraint) in constraint.firstItem as BridgeObject? }
                c.property("secondItem") { (constraint: LayoutConstraint) in constraint.secondItem as BridgeObject? }
                c.property("firstAttribute") { (constraint: LayoutConstraint) in constraint.firstAttribute.rawValue }
                c.property("secondAttribute") { (constraint: LayoutConstraint) in constraint.secondAttribute.rawValue }
                c.property("relation") { (constraint: LayoutConstraint) in constraint.relation.rawValue }
                c.metamethod("__tostring") { call in
                    try call.frame.push(try LayoutConstraint.read(from: call, at: 1).description)
                    return 1
                }
                c.enumeration(
                    cType: "NSLayoutAttribute", constants: "NSLayoutAttribute", module: "UIKit.NSLayoutConstraint",
                    LayoutAttribute.names)
                c.enumeration(
                    cType: "NSLayoutRelation", constants: "NSLayoutRelation", module: "UIKit.NSLayoutConstraint",
                    [("LessThanOrEqual", -1), ("Equal", 0), ("GreaterThanOrEqual", 1)])
                c.enumeration(
                    cType: "NSLayoutFormatOptions", constants: "NSLayoutFormat", module: "UIKit.NSLayoutConstraint",
                    aliases: ["NSLayoutFormatOptions"],
                    [
                        ("AlignAllLeft", 1 << 1), ("AlignAllRight", 1 << 2), ("AlignAllTop", 1 << 3),
                        ("AlignAllBottom", 1 << 4), ("AlignAllLeading", 1 << 5), ("AlignAllTrailing", 1 << 6),
                        ("AlignAllCenterX", 1 << 9), ("AlignAllCenterY", 1 << 10), ("AlignAllLastBaseline", 1 << 11),
                        ("AlignAllBaseline", 1 << 11), ("AlignAllFirstBaseline", 1 << 12),
                        ("DirectionLeadingToTrailing", 0), ("DirectionLeftToRight", 1 << 16),
                        ("DirectionRightToLeft", 2 << 16),
                    ])
                c.enumeration(
                    cType: "UILayoutConstraintAxis", constants: "UILayoutConstraintAxis",
                    module: "UIKit.NSLayoutConstraint", aliases: ["Axis"], axes)
            }
        }

        /// `UILayoutConstraintAxis`, which stack views also answer to.
        static let axes = [("Horizontal", 0), ("Vertical", 1)]

        /// `UILayoutPriority`'s named values and `UILayoutFittingCompressedSize`.
        static var module: BindingModule {
            BindingModule(
                "UIKit.NSLayoutConstraint",
                LayoutPriority.names.map { ($0.0, .constant($0.1)) } + [
                    ("UILayoutFittingCompressedSize", .constant(CGSize.zero)),
                    ("UILayoutFittingExpandedSize", .constant(CGSize(width: 10_000_000, height: 10_000_000))),
                    ("UIViewNoIntrinsicMetric", .constant(View.noIntrinsicMetric)),
                ])
        }

        static func item(_ object: BridgeObject, _ name: String) throws -> LayoutItem {
            guard let item = object as? LayoutItem else {
                throw ScriptValueError("\(name) must be a UIView or a UILayoutGuide")
            }
            return item
        }

        static func attribute(_ value: Int, _ name: String) throws -> LayoutAttribute {
            guard let attribute = LayoutAttribute(rawValue: value) else {
                throw ScriptValueError("\(name) must be an NSLayoutAttribute, got \(value)")
            }
            return attribute
        }

        static func relatedBy(_ value: Int) throws -> LayoutRelation {
            guard let relation = LayoutRelation(rawValue: value) else {
                throw ScriptValueError("relatedBy must be an NSLayoutRelation (-1, 0 or 1), got \(value)")
            }
            return relation
        }

        static func numbers(_ metrics: [String: AnyScriptValue]) throws -> [String: Double] {
            try metrics.mapValues { value in
                switch value.value {
                case let number as Double where number.isFinite: return number
                case let number as Int: return Double(number)
                default: throw ScriptValueError("metrics: each value must be a finite number")
                }
            }
        }

        static func viewsByName(_ views: [String: AnyScriptValue]) throws -> [String: LayoutItem] {
            var result: [String: LayoutItem] = [:]
            for (name, value) in views {
                guard let view = value.value as? LayoutItem else {
                    throw ScriptValueError("views: '\(name)' must be a UIView or a layout guide")
                }
                result[name] = view
            }
            return result
        }
    }
}

extension LayoutConstraint.Script: WorldClasses {
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [module] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
