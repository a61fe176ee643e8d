import Foundation
import ObjectBridge

/// `NSLayoutAnchor`: one attribute of a view or layout guide, from which constraints are
/// made (`view.leadingAnchor:constraintEqualToAnchor_constant(other.leadingAnchor, 8)`).
/// `NSLayoutXAxisAnchor`, `NSLayoutYAxisAnchor` and `NSLayoutDimension` are its kinds; an
/// anchor relates only to anchors of its kind.
public class LayoutAnchor: BridgeObject {
    public private(set) weak var item: LayoutItem?
    public let attribute: LayoutAttribute

    required init(item: LayoutItem, attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
    }

    static func make(_ item: LayoutItem, _ attribute: LayoutAttribute) -> LayoutAnchor {
        if attribute.isSize { return LayoutDimension(item: item, attribute: attribute) }
        return attribute.isHorizontal
            ? LayoutXAxisAnchor(item: item, attribute: attribute) : LayoutYAxisAnchor(item: item, attribute: attribute)
    }

    var kindName: String {
        self is LayoutDimension
            ? "NSLayoutDimension" : self is LayoutXAxisAnchor ? "NSLayoutXAxisAnchor" : "NSLayoutYAxisAnchor"
    }

    /// A constraint from this anchor to `other` (or to a constant alone, for a dimension).
    func constraint(
        _ relation: LayoutRelation, to other: LayoutAnchor?, multiplier: Double = 1, constant: Double = 0,
        origin: String?
    ) throws -> LayoutConstraint {
        guard let item else { throw ScriptValueError("the anchor's item is gone") }
        if let other {
            guard type(of: other) == type(of: self) else {
                throw ScriptValueError(
                    "an \(kindName) cannot be constrained to an \(other.kindName) (\(attribute.name) to "
                        + "\(other.attribute.name))")
            }
            guard let otherItem = other.item else { throw ScriptValueError("the other anchor's item is gone") }
            return try LayoutConstraint(
                item, attribute, relation, otherItem, other.attribute, multiplier: multiplier, constant: constant,
                origin: origin)
        }
        return try LayoutConstraint(
            item, attribute, relation, nil, .notAnAttribute, multiplier: multiplier, constant: constant, origin: origin)
    }
}

public final class LayoutXAxisAnchor: LayoutAnchor {}
public final class LayoutYAxisAnchor: LayoutAnchor {}
public final class LayoutDimension: LayoutAnchor {}

extension LayoutAnchor {
    enum Script {
        static let anchorNames: [(String, LayoutAttribute)] = [
            ("leadingAnchor", .leading), ("trailingAnchor", .trailing), ("leftAnchor", .left),
            ("rightAnchor", .right), ("topAnchor", .top), ("bottomAnchor", .bottom), ("widthAnchor", .width),
            ("heightAnchor", .height), ("centerXAnchor", .centerX), ("centerYAnchor", .centerY),
            ("firstBaselineAnchor", .firstBaseline), ("lastBaselineAnchor", .lastBaseline),
        ]

        static func nativeClasses(_ environment: UIEnvironment) -> [NativeClass] {
            let relations: [(String, LayoutRelation)] = [
                ("constraintEqualTo", .equal), ("constraintGreaterThanOrEqualTo", .greaterThanOrEqual),
                ("constraintLessThanOrEqualTo", .lessThanOrEqual),
            ]
            let base = NativeClass("NSLayoutAnchor", superclass: "NSObject", type: LayoutAnchor.self, allocate: nil) {
                c in
                for (prefix, relation) in relations {
                    c.method(prefix + "Anchor") { (anchor: LayoutAnchor, other: LayoutAnchor) in
                        environment.application.usesAutoLayout = true
                        return try anchor.constraint(relation, to: other, origin: nil)
                    }
                    c.method(prefix + "Anchor_constant") {
                        (anchor: LayoutAnchor, other: LayoutAnchor, constant: Double) in
                        environment.application.usesAutoLayout = true
                        return try anchor.constraint(relation, to: other, constant: constant, origin: nil)
                    }
                    // The system spacing between two items: the standard 8 points, times `multiplier`.
                    for axis in ["After", "Below"] {
                        c.method(prefix + "SystemSpacing\(axis)Anchor_multiplier") {
                            (anchor: LayoutAnchor, other: LayoutAnchor, multiplier: Double) in
                            environment.application.usesAutoLayout = true
                            return try anchor.constraint(
                                relation, to: other, constant: VisualFormat.standardSpacing * multiplier, origin: nil)
                        }
                    }
                }
                c.property("item") { (anchor: LayoutAnchor) in anchor.item as BridgeObject? }
            }
            let dimension = NativeClass(
                "NSLayoutDimension", superclass: "NSLayoutAnchor", type: LayoutDimension.self, allocate: nil
            ) { c in
                for (prefix, relation) in relations {
                    c.method(prefix + "Constant") { (anchor: LayoutDimension, constant: Double) in
                        environment.application.usesAutoLayout = true
                        return try anchor.constraint(relation, to: nil, constant: constant, origin: nil)
                    }
                    c.method(prefix + "Anchor_multiplier") {
                        (anchor: LayoutDimension, other: LayoutDimension, multiplier: Double) in
                        environment.application.usesAutoLayout = true
                        return try anchor.constraint(relation, to: other, multiplier: multiplier, origin: nil)
                    }
                    c.method(prefix + "Anchor_multiplier_constant") {
                        (anchor: LayoutDimension, other: LayoutDimension, multiplier: Double, constant: Double) in
                        environment.application.usesAutoLayout = true
                        return try anchor.constraint(
                            relation, to: other, multiplier: multiplier, constant: constant, origin: nil)
                    }
                }
            }
            return [
                base,
                NativeClass(
                    "NSLayoutXAxisAnchor", superclass: "NSLayoutAnchor", type: LayoutXAxisAnchor.self, allocate: nil
                ) { _ in },
                NativeClass(
                    "NSLayoutYAxisAnchor", superclass: "NSLayoutAnchor", type: LayoutYAxisAnchor.self, allocate: nil
                ) { _ in },
                dimension,
            ]
        }
    }
}

extension LayoutAnchor.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { nativeClasses(environment) }
}
