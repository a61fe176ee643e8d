import Foundation

/// `ASInsetLayoutSpec`: its child, inset on each side. An infinite inset leaves the child its
/// own length on that axis and places it from the opposite side (or centres it when both are).
public final class InsetLayoutSpec: LayoutSpec {
    public var insets = UIEdgeInsets.zero

    public override class var textureName: String { "ASInsetLayoutSpec" }

    public override func calculateLayout(fitting range: SizeRange, in pass: LayoutPass) throws -> NodeLayout {
        let child = try requiredChild()
        let horizontal = finite(insets.left, or: 0) + finite(insets.right, or: 0)
        let vertical = finite(insets.top, or: 0) + finite(insets.bottom, or: 0)
        let minWidth = insets.left.isInfinite || insets.right.isInfinite ? 0 : range.min.width
        let minHeight = insets.top.isInfinite || insets.bottom.isInfinite ? 0 : range.min.height
        let childRange = SizeRange(
            min: CGSize(width: max(0, minWidth - horizontal), height: max(0, minHeight - vertical)),
            max: CGSize(width: max(0, range.max.width - horizontal), height: max(0, range.max.height - vertical)))
        let parentSize = Self.parentSize(range)
        let sublayout = try child.layout(
            fitting: childRange,
            parentSize: CGSize(
                width: max(0, parentSize.width - horizontal), height: max(0, parentSize.height - vertical)),
            in: pass)
        let childSize = sublayout.size
        let size = range.clamp(
            CGSize(
                width: finite(childSize.width + insets.left + insets.right, or: range.max.width),
                height: finite(childSize.height + insets.top + insets.bottom, or: range.max.height)))
        func centred(_ outer: Double, _ inner: Double) -> Double { pass.roundPixel((outer - inner) / 2) }
        sublayout.position = CGPoint(
            x: finite(
                insets.left,
                or: range.max.width
                    - (finite(insets.right, or: centred(range.max.width, childSize.width)) + childSize.width)),
            y: finite(
                insets.top,
                or: range.max.height
                    - (finite(insets.bottom, or: centred(range.max.height, childSize.height)) + childSize.height)))
        return NodeLayout(element: self, size: size, sublayouts: [sublayout])
    }

    private func finite(_ value: Double, or substitute: Double) -> Double { value.isInfinite ? substitute : value }
}
