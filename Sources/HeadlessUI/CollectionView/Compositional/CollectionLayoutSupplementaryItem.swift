import Foundation
import ObjectBridge

/// `NSCollectionLayoutSupplementaryItem`: a view attached to each cell of an item (a badge),
/// of its own size, placed against the cell's frame by an anchor.
public final class CollectionLayoutSupplementaryItem: BridgeObject {
    public let layoutSize: CollectionLayoutSize
    public let elementKind: String
    public let containerAnchor: CollectionLayoutAnchor
    public var zIndex = 1

    public init(layoutSize: CollectionLayoutSize, elementKind: String, containerAnchor: CollectionLayoutAnchor) {
        (self.layoutSize, self.elementKind, self.containerAnchor) = (layoutSize, elementKind, containerAnchor)
        super.init()
        adopt(layoutSize)
        adopt(containerAnchor)
    }

    /// Its frame on a cell at `cell`: its size against the cell's, placed by the anchor.
    func frame(on cell: CGRect) -> CGRect {
        let size = layoutSize.resolved(in: cell.size)
        return containerAnchor.place(size, in: cell)
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

    func place(_ size: CGSize, in container: CGRect) -> CGRect {
        let x: Double =
            edges & 2 != 0
            ? container.minX : edges & 8 != 0 ? container.maxX - size.width : container.midX - size.width / 2
        let y: Double =
            edges & 1 != 0
            ? container.minY : edges & 4 != 0 ? container.maxY - size.height : container.midY - size.height / 2
        let dx = isFractionalOffset ? offset.x * size.width : offset.x
        let dy = isFractionalOffset ? offset.y * size.height : offset.y
        return CGRect(x: x + dx, y: y + dy, width: size.width, height: size.height)
    }
}
