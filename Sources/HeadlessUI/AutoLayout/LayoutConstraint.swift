import Foundation
import ObjectBridge

/// `NSLayoutConstraint`: `firstItem.firstAttribute` relates to `secondItem.secondAttribute`
/// times `multiplier` plus `constant` (or to `constant` alone), at a priority. A constraint is
/// active while it is installed on a view: the items' nearest common ancestor, or the view
/// `addConstraint` was called on.
public final class LayoutConstraint: BridgeObject {
    public private(set) weak var firstItem: LayoutItem?
    public let firstAttribute: LayoutAttribute
    public let relation: LayoutRelation
    public private(set) weak var secondItem: LayoutItem?
    public let secondAttribute: LayoutAttribute
    public let multiplier: Double
    public var constant: Double {
        didSet { if constant != oldValue { installedOn?.constantChanged(self) } }
    }
    public private(set) var priority: Double
    public var identifier: String?
    /// Where a script made it (`CheckerTableCell.lua:104`), for the engine's messages.
    public let origin: String?
    /// The view it is installed on while it is active.
    @WeakObjectReference public internal(set) var installedOn: View? = nil
    /// Whether the engine could not satisfy it with the others, and left it out.
    public internal(set) var isBroken = false

    init(
        _ firstItem: LayoutItem, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation,
        _ secondItem: LayoutItem?, _ secondAttribute: LayoutAttribute, multiplier: Double, constant: Double,
        priority: Double = LayoutPriority.required, origin: String?
    ) throws {
        guard multiplier.isFinite, constant.isFinite else {
            throw ScriptValueError(
                "a constraint's multiplier and constant must be finite numbers, got \(multiplier) and \(constant)")
        }
        guard firstAttribute != .notAnAttribute else {
            throw ScriptValueError("a constraint's first attribute cannot be NSLayoutAttributeNotAnAttribute")
        }
        if secondItem == nil {
            guard firstAttribute.isSize, secondAttribute == .notAnAttribute else {
                throw ScriptValueError(
                    "a constraint of \(firstAttribute.name) needs a second item: only a width or height can equal a "
                        + "constant (with NSLayoutAttributeNotAnAttribute as the second attribute)")
            }
        } else {
            guard secondAttribute != .notAnAttribute else {
                throw ScriptValueError("a constraint with a second item needs its attribute, got NotAnAttribute")
            }
            if !firstAttribute.isSize && !secondAttribute.isSize
                && firstAttribute.isHorizontal != secondAttribute.isHorizontal
            {
                throw ScriptValueError(
                    "a constraint cannot relate a \(firstAttribute.isHorizontal ? "horizontal" : "vertical") "
                        + "attribute (\(firstAttribute.name)) to a "
                        + "\(secondAttribute.isHorizontal ? "horizontal" : "vertical") one (\(secondAttribute.name))")
            }
            if firstAttribute.isSize != secondAttribute.isSize {
                throw ScriptValueError(
                    "a constraint cannot relate a size (\(firstAttribute.isSize ? firstAttribute.name : secondAttribute.name)) "
                        + "to a position (\(firstAttribute.isSize ? secondAttribute.name : firstAttribute.name))")
            }
        }
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.origin = origin
    }

    public var isActive: Bool { installedOn != nil }

    /// Sets the priority, with UIKit's rule: an installed constraint cannot change between
    /// required and optional.
    public func setPriority(_ value: Double) throws {
        guard value.isFinite, value >= 1, value <= 1000 else {
            throw ScriptValueError("a constraint's priority must be from 1 to 1000, got \(value)")
        }
        if isActive, (value == LayoutPriority.required) != (priority == LayoutPriority.required) {
            throw ScriptValueError(
                "an active constraint's priority cannot change from \(priority == 1000 ? "required" : "optional") to "
                    + "\(value == 1000 ? "required" : "optional") (\(priority) to \(value)); deactivate it first")
        }
        guard value != priority else { return }
        priority = value
        installedOn?.autoLayoutChanged()
    }

    /// Activates the constraint: installs it on its items' nearest common ancestor.
    public func activate() throws {
        guard !isActive else { return }
        guard let firstItem else { throw ScriptValueError("the constraint's first item is gone") }
        guard let ancestor = LayoutExpressions.commonAncestor(firstItem, secondItem) else {
            throw ScriptValueError(
                "Unable to activate constraint \(description) because its items have no common ancestor. "
                    + "Does the constraint reference items in different view hierarchies?")
        }
        ancestor.install(self)
    }

    public func deactivate() {
        installedOn?.uninstall(self)
    }

    /// UIKit's textual form: `<NSLayoutConstraint:0x1 UILabel:0x2.leading == UIView:0x3.leading + 8   (active)>`.
    public var description: String {
        var text = "<NSLayoutConstraint:\(LayoutConstraint.address(of: self))"
        if let identifier { text += " '\(identifier)'" }
        text += " " + (firstItem.map { "\($0.layoutName).\(firstAttribute.name)" } ?? "(gone)")
        text += " \(relation.symbol) "
        if let secondItem {
            text += (multiplier == 1 ? "" : "\(Self.format(multiplier))*")
            text += "\(secondItem.layoutName).\(secondAttribute.name)"
            if constant != 0 { text += constant > 0 ? " + \(Self.format(constant))" : " - \(Self.format(-constant))" }
        } else {
            text += Self.format(constant)
        }
        if priority != LayoutPriority.required { text += " @\(Self.format(priority))" }
        text += isActive ? "   (active)" : "   (inactive)"
        if let origin { text += " made at \(origin)" }
        return text + ">"
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A stable short address for messages, as UIKit prints pointers.
    static func address(of object: AnyObject) -> String {
        "0x" + String(UInt(bitPattern: ObjectIdentifier(object).hashValue), radix: 16)
    }
}
