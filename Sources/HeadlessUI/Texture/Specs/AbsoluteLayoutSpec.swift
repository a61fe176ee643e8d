import Foundation

/// `ASAbsoluteLayoutSpec`: each child at its `style.layoutPosition`. The spec takes the
/// range's finite maximum, or, when sizing to fit (or unbounded), just encloses its children.
public final class AbsoluteLayoutSpec: LayoutSpec {
    /// `ASAbsoluteLayoutSpecSizing`.
    public enum Sizing: Int, Sendable {
        case `default` = 0
        case sizeToFit
    }

    public var sizing = Sizing.default

    public override class var textureName: String { "ASAbsoluteLayoutSpec" }

    public override func calculateLayout(fitting range: SizeRange, in pass: LayoutPass) throws -> NodeLayout {
        var size = Self.parentSize(range)
        var sublayouts: [NodeLayout] = []
        for child in children {
            let position = child.style.layoutPosition
            let available = SizeRange(
                min: .zero,
                max: CGSize(width: range.max.width - position.x, height: range.max.height - position.y))
            let childRange = child.style.range(parentSize: size, auto: available)
            let sublayout = try child.layout(fitting: childRange, parentSize: size, in: pass)
            sublayout.position = position
            sublayouts.append(sublayout)
        }
        if sizing == .sizeToFit || size.width.isNaN {
            size.width = sublayouts.reduce(range.min.width) { max($0, $1.position.x + $1.size.width) }
        }
        if sizing == .sizeToFit || size.height.isNaN {
            size.height = sublayouts.reduce(range.min.height) { max($0, $1.position.y + $1.size.height) }
        }
        return NodeLayout(element: self, size: range.clamp(size), sublayouts: sublayouts)
    }
}
