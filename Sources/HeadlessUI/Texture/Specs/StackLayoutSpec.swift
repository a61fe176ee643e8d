import Foundation

/// `ASStackLayoutSpec`: its children one after another along a direction, flexing to fill or
/// fit the range, and aligned across it.
///
/// The rules are those `ASStackLayoutSpec.h` documents, with Texture's algorithm for what the
/// header leaves open (`StackLayout`):
/// - Children are first measured unbounded along the stack (or at their `flexBasis`), and
///   within the stack's range across it.
/// - When they fall short of the stack's minimum, children with `flexGrow` share the spare
///   length by their factors. When they exceed its maximum, children with `flexShrink` give up
///   the excess by their factors (equally when the factors are equal, as the header's example
///   says).
/// - What still does not fit is placed by `justifyContent`; each child is placed across the
///   stack by its `alignSelf`, or the stack's `alignItems`.
/// - With `flexWrap`, children that do not fit go to a new line; `alignContent` places the
///   lines and `lineSpacing` separates them.
public final class StackLayoutSpec: LayoutSpec {
    public var direction = StackDirection.horizontal
    /// The space between children, to which their `spacingBefore` and `spacingAfter` add.
    public var spacing = 0.0
    public var justifyContent = StackJustifyContent.start
    public var alignItems = StackAlignItems.stretch
    public var flexWrap = StackFlexWrap.noWrap
    public var alignContent = StackAlignContent.start
    /// The space between lines when the stack wraps.
    public var lineSpacing = 0.0

    public override class var textureName: String { "ASStackLayoutSpec" }

    public override var asciiArtString: String {
        let art = children.map(\.asciiArtString)
        return direction == .vertical
            ? AsciiArtBox.vertical(art, title: asciiArtName) : AsciiArtBox.horizontal(art, title: asciiArtName)
    }

    public override func calculateLayout(fitting range: SizeRange, in pass: LayoutPass) throws -> NodeLayout {
        if children.isEmpty { return NodeLayout(element: self, size: range.min) }
        var stack = StackLayout(spec: self, range: range, pass: pass)
        try stack.measure(children)
        let size = stack.position()
        return NodeLayout(element: self, size: size, sublayouts: stack.lines.flatMap { $0.items.map(\.layout) })
    }
}
