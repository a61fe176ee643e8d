import Foundation

/// `ASOverlayLayoutSpec`: its child, with an overlay laid out at the child's exact size on top.
public final class OverlayLayoutSpec: LayoutSpec {
    public override class var textureName: String { "ASOverlayLayoutSpec" }

    /// The element drawn over the child (the spec's second child).
    public var overlay: (any LayoutElement)? {
        get { pairedElement }
        set { pairedElement = newValue }
    }

    public override func calculateLayout(fitting range: SizeRange, in pass: LayoutPass) throws -> NodeLayout {
        let content = try requiredChild().layout(fitting: range, parentSize: Self.parentSize(range), in: pass)
        var sublayouts = [content]
        if let overlay {
            sublayouts.append(
                try overlay.layout(fitting: SizeRange(exactly: content.size), parentSize: content.size, in: pass))
        }
        return NodeLayout(element: self, size: content.size, sublayouts: sublayouts)
    }
}

/// `ASBackgroundLayoutSpec`: its child, with a background laid out at the child's exact size
/// behind it.
public final class BackgroundLayoutSpec: LayoutSpec {
    public override class var textureName: String { "ASBackgroundLayoutSpec" }

    /// The element drawn behind the child (the spec's second child).
    public var background: (any LayoutElement)? {
        get { pairedElement }
        set { pairedElement = newValue }
    }

    public override func calculateLayout(fitting range: SizeRange, in pass: LayoutPass) throws -> NodeLayout {
        let content = try requiredChild().layout(fitting: range, parentSize: Self.parentSize(range), in: pass)
        guard let background else { return NodeLayout(element: self, size: content.size, sublayouts: [content]) }
        let behind = try background.layout(
            fitting: SizeRange(exactly: content.size), parentSize: content.size, in: pass)
        return NodeLayout(element: self, size: content.size, sublayouts: [behind, content])
    }
}
