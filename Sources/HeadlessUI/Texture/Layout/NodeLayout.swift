import Foundation
import ObjectBridge

/// Texture's `ASLayout`: the size an element took, where its parent placed it, and the
/// layouts of its children, positioned in its own coordinates.
public final class NodeLayout: BridgeObject {
    /// The node or spec this is the layout of, held weakly: a node keeps its own layout, and
    /// the layout must not keep the node (Texture's `ASLayout` holds it weakly too).
    public private(set) weak var element: (any LayoutElement)?
    /// Whether the element is a node, and its name in `asciiArtString`, kept with the layout.
    public let isNode: Bool
    public let elementTitle: AsciiArtTitle
    public let size: CGSize
    /// The element's origin in its parent's layout.
    public var position = CGPoint.zero
    public let sublayouts: [NodeLayout]

    public init(element: any LayoutElement, size: CGSize, sublayouts: [NodeLayout] = []) {
        (self.element, self.size, self.sublayouts) = (element, size, sublayouts)
        (isNode, elementTitle) = (element.isNode, element.asciiArtTitle)
    }

    public var frame: CGRect { CGRect(origin: position, size: size) }

    /// Every node this layout places, with its frame in this layout's coordinates, as Texture
    /// flattens a node's spec tree into the frames of its subnodes. A node's own sublayouts
    /// are its business and stay inside it.
    public func nodeFrames() -> [(layout: NodeLayout, frame: CGRect)] {
        var frames: [(layout: NodeLayout, frame: CGRect)] = []
        func visit(_ layout: NodeLayout, origin: CGPoint) {
            for sublayout in layout.sublayouts {
                let position = CGPoint(x: origin.x + sublayout.position.x, y: origin.y + sublayout.position.y)
                if sublayout.isNode {
                    frames.append((sublayout, CGRect(origin: position, size: sublayout.size)))
                } else {
                    visit(sublayout, origin: position)
                }
            }
        }
        visit(self, origin: .zero)
        return frames
    }
}
