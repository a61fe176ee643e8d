import Foundation
import ObjectBridge

/// `UICollectionViewLayoutInvalidationContext`: what a layout invalidation covers, so that a
/// layout can recompute only that (the tutorial's pinched cell).
public class InvalidationContext: BridgeObject {
    /// Whether everything is recomputed (a plain `invalidateLayout`); scripts read it.
    public internal(set) var invalidateEverything = false
    public var invalidateDataSourceCounts = false
    public private(set) var invalidatedItemIndexPaths: [IndexPathValue]?
    public private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPathValue]] = [:]
    public var contentOffsetAdjustment = CGPoint.zero
    public var contentSizeAdjustment = CGSize.zero

    func invalidateItems(_ paths: [IndexPathValue]) {
        var known = invalidatedItemIndexPaths ?? []
        for path in paths where !known.contains(path) { known.append(path) }
        invalidatedItemIndexPaths = known
    }

    func invalidateSupplementaryElements(ofKind kind: String, _ paths: [IndexPathValue]) {
        var known = invalidatedSupplementaryIndexPaths[kind] ?? []
        for path in paths where !known.contains(path) { known.append(path) }
        invalidatedSupplementaryIndexPaths[kind] = known
    }
}
