import Cassowary
import Foundation
import ObjectBridge

/// The four values the engine decides for an item: its alignment rectangle (the frame, for
/// an untransformed view) in its container's bounds coordinates.
final class LayoutVariables {
    let minX, minY, width, height: LayoutVariable

    init(_ name: String) {
        minX = LayoutVariable(name + ".minX")
        minY = LayoutVariable(name + ".minY")
        width = LayoutVariable(name + ".width")
        height = LayoutVariable(name + ".height")
    }

    var all: [LayoutVariable] { [minX, minY, width, height] }

    var rect: CGRect { CGRect(x: minX.value, y: minY.value, width: width.value, height: height.value) }
}

/// What constraints relate: a view, or a layout guide of one.
public protocol LayoutItem: BridgeObject {
    /// The view whose bounds the item's rectangle is in: a view's superview, a guide's owning
    /// view.
    var layoutContainer: View? { get }
    /// Where the item's first and last baselines are, below its centre (a label's text is
    /// centred vertically); nil: at its bottom.
    var baselinesFromCenter: (first: Double, last: Double)? { get }
    var layoutMarginInsets: UIEdgeInsets { get }
    /// How messages name it (`UILabel:0x1`).
    var layoutName: String { get }
}

extension LayoutItem {
    /// The views from the item's container up to the root.
    var containerChain: [View] {
        var chain: [View] = []
        var current = layoutContainer
        while let view = current {
            chain.append(view)
            current = view.superview
        }
        return chain
    }
}

/// How the engine reads items' attributes as linear expressions.
enum LayoutExpressions {
    /// The nearest view both items can be expressed in: a view that is one of the items, or
    /// is the other's ancestor, or their containers' nearest common ancestor. Nil when they
    /// are in different trees.
    static func commonAncestor(_ first: LayoutItem, _ second: LayoutItem?) -> View? {
        let firstChain = ((first as? View).map { [$0] } ?? []) + first.containerChain
        guard let second else { return (first as? View) ?? first.layoutContainer }  // a size: on the view itself
        let secondChain = Set(
            (((second as? View).map { [$0] } ?? []) + second.containerChain).map(ObjectIdentifier.init))
        return firstChain.first { secondChain.contains(ObjectIdentifier($0)) }
    }

    /// `attribute` of `item` in the bounds coordinates of `ancestor` (an ancestor of the
    /// item's, or the item itself), with the item's variables from `variables`.
    static func expression(
        _ item: LayoutItem, _ attribute: LayoutAttribute, in ancestor: View,
        variables: (BridgeObject) -> LayoutVariables
    ) -> LinearExpression {
        let x: LinearExpression
        let y: LinearExpression
        let vars = variables(item)
        let width = LinearExpression(vars.width)
        let height = LinearExpression(vars.height)
        if item === ancestor {
            x = LinearExpression(constant: ancestor.bounds.origin.x)
            y = LinearExpression(constant: ancestor.bounds.origin.y)
        } else {
            var offsetX = LinearExpression(vars.minX)
            var offsetY = LinearExpression(vars.minY)
            var container = item.layoutContainer
            while let view = container, view !== ancestor {
                let outer = variables(view)
                offsetX = offsetX + LinearExpression(outer.minX) + -view.bounds.origin.x
                offsetY = offsetY + LinearExpression(outer.minY) + -view.bounds.origin.y
                container = view.superview
            }
            x = offsetX
            y = offsetY
        }
        let margins = item.layoutMarginInsets
        switch attribute {
        case .notAnAttribute: return LinearExpression()
        case .left, .leading: return x
        case .right, .trailing: return x + width
        case .centerX: return x + width * 0.5
        case .width: return width
        case .top: return y
        case .bottom: return y + height
        case .centerY: return y + height * 0.5
        case .height: return height
        case .leftMargin, .leadingMargin: return x + margins.left
        case .rightMargin, .trailingMargin: return x + width + -margins.right
        case .topMargin: return y + margins.top
        case .bottomMargin: return y + height + -margins.bottom
        case .centerXWithinMargins: return x + width * 0.5 + (margins.left - margins.right) / 2
        case .centerYWithinMargins: return y + height * 0.5 + (margins.top - margins.bottom) / 2
        case .firstBaseline, .lastBaseline:
            guard let offsets = item.baselinesFromCenter else { return y + height }
            return y + height * 0.5 + (attribute == .firstBaseline ? offsets.first : offsets.last)
        }
    }
}
