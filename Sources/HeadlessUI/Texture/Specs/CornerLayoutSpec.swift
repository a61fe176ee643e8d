import Foundation
import ObjectBridge

/// `ASCornerLayoutSpec`: a corner element (a badge) centred on one corner of its child, moved
/// by `offset`. The spec has the child's size, or, with `wrapsCorner`, encloses both.
public final class CornerLayoutSpec: LayoutSpec {
    /// `ASCornerLayoutLocation`.
    public enum Location: Int, Sendable {
        case topLeft = 0
        case topRight, bottomLeft, bottomRight
    }

    public var location = Location.topLeft
    public var offset = CGPoint.zero
    public var wrapsCorner = false

    public override class var textureName: String { "ASCornerLayoutSpec" }

    /// The element placed on the corner (the spec's second child).
    public var corner: (any LayoutElement)? {
        get { pairedElement }
        set { pairedElement = newValue }
    }

    public override func calculateLayout(fitting range: SizeRange, in pass: LayoutPass) throws -> NodeLayout {
        let parentSize = Self.parentSize(range)
        let base = try requiredChild().layout(fitting: range, parentSize: parentSize, in: pass)
        guard let corner else { throw ScriptValueError("\(asciiArtName) has no corner to lay out") }
        let badge = try corner.layout(fitting: range, parentSize: parentSize, in: pass)
        let anchor: CGPoint
        switch location {
        case .topLeft: anchor = .zero
        case .topRight: anchor = CGPoint(x: base.size.width, y: 0)
        case .bottomLeft: anchor = CGPoint(x: 0, y: base.size.height)
        case .bottomRight: anchor = CGPoint(x: base.size.width, y: base.size.height)
        }
        var baseFrame = CGRect(origin: .zero, size: base.size)
        var cornerFrame = CGRect(
            x: anchor.x - badge.size.width / 2 + offset.x, y: anchor.y - badge.size.height / 2 + offset.y,
            width: badge.size.width, height: badge.size.height)
        var frame = baseFrame
        if wrapsCorner {
            frame = baseFrame.union(cornerFrame)
            frame.size = range.clamp(frame.size)
        }
        baseFrame.origin.x -= frame.origin.x
        cornerFrame.origin.x -= frame.origin.x
        baseFrame.origin.y -= frame.origin.y
        cornerFrame.origin.y -= frame.origin.y
        base.position = baseFrame.origin
        badge.position = cornerFrame.origin
        return NodeLayout(element: self, size: frame.size, sublayouts: [base, badge])
    }
}
