import Foundation
import ObjectBridge

/// `NSCollectionLayoutSupplementaryItem`: a view attached to each cell of an item (a badge),
/// of its own size, placed against the cell's frame by anchors: the item anchor's point on
/// the view goes to the container anchor's point on the cell. Without an item anchor the view
/// sits inside the cell, flush with the container anchor's edges.
public final class CollectionLayoutSupplementaryItem: BridgeObject {
    public let layoutSize: CollectionLayoutSize
    public let elementKind: String
    public let containerAnchor: CollectionLayoutAnchor
    public let itemAnchor: CollectionLayoutAnchor?
    public var zIndex = 1

    public init(
        layoutSize: CollectionLayoutSize, elementKind: String, containerAnchor: CollectionLayoutAnchor,
        itemAnchor: CollectionLayoutAnchor? = nil
    ) {
        (self.layoutSize, self.elementKind) = (layoutSize, elementKind)
        (self.containerAnchor, self.itemAnchor) = (containerAnchor, itemAnchor)
        super.init()
        adopt(layoutSize)
        adopt(containerAnchor)
        itemAnchor.map(adopt)
    }

    /// Its frame on a cell at `cell`: its size against the cell's, placed by the anchors.
    func frame(on cell: CGRect) -> CGRect {
        let size = layoutSize.resolved(in: cell.size)
        let target = containerAnchor.point(in: cell, offsetOf: size)
        let own = CGRect(origin: .zero, size: size)
        let source = itemAnchor?.point(in: own, offsetOf: size) ?? containerAnchor.point(in: own, offsetOf: .zero)
        return CGRect(x: target.x - source.x, y: target.y - source.y, width: size.width, height: size.height)
    }
}

/// `NSCollectionLayoutAnchor`: the edges (`NSDirectionalRectEdge`: top 1, leading 2, bottom 4,
/// trailing 8) a supplementary item sits flush against inside its container, centred along an
/// axis with neither edge, then moved by an offset in points or in fractions of its own size.
public final class CollectionLayoutAnchor: BridgeObject {
    public let edges: Int
    public let offset: CGPoint
    public let isFractionalOffset: Bool

    public init(edges: Int, offset: CGPoint = .zero, fractional: Bool = false) throws {
        guard (0...15).contains(edges) else {
            throw ScriptValueError("NSCollectionLayoutAnchor: \(edges) is not an NSDirectionalRectEdge (0 to 15)")
        }
        let opposite = (edges & 1 != 0 && edges & 4 != 0) || (edges & 2 != 0 && edges & 8 != 0)
        guard !opposite else {
            throw ScriptValueError(
                "NSCollectionLayoutAnchor: edges \(edges) name opposite edges; an anchor takes at most one edge per axis"
            )
        }
        guard offset.x.isFinite, offset.y.isFinite else {
            throw ScriptValueError("NSCollectionLayoutAnchor: the offset must be finite, got \(offset)")
        }
        (self.edges, self.offset, isFractionalOffset) = (edges, offset, fractional)
    }

    /// The anchor's point on `rect`: on its edges, or its middle along an axis without one,
    /// moved by the offset (a fractional offset is in fractions of `size`, the view's).
    func point(in rect: CGRect, offsetOf size: CGSize) -> CGPoint {
        let x: Double = edges & 2 != 0 ? rect.minX : edges & 8 != 0 ? rect.maxX : rect.midX
        let y: Double = edges & 1 != 0 ? rect.minY : edges & 4 != 0 ? rect.maxY : rect.midY
        let dx = isFractionalOffset ? offset.x * size.width : offset.x
        let dy = isFractionalOffset ? offset.y * size.height : offset.y
        return CGPoint(x: x + dx, y: y + dy)
    }
}
