import Foundation
import ObjectBridge

/// `UICollectionViewLayoutInvalidationContext`: what a layout invalidation covers, so that a
/// layout can recompute only that (the tutorial's pinched cell).
public class InvalidationContext: BridgeObject {
    /// Set by `invalidateLayout`: everything is recomputed.
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

    static func contextClasses() -> [NativeClass] {
        let base = NativeClass("UICollectionViewLayoutInvalidationContext", superclass: "NSObject",
                               type: InvalidationContext.self, allocate: { InvalidationContext() }) { c in
            c.property("invalidateEverything") { (context: InvalidationContext) in context.invalidateEverything }
            c.property("invalidateDataSourceCounts", get: { $0.invalidateDataSourceCounts },
                       set: { $0.invalidateDataSourceCounts = $1 })
            c.property("invalidatedItemIndexPaths") { (context: InvalidationContext) in context.invalidatedItemIndexPaths }
            c.property("contentOffsetAdjustment", get: { $0.contentOffsetAdjustment }, set: {
                $0.contentOffsetAdjustment = try GeometryCheck.point($1, "contentOffsetAdjustment")
            })
            c.property("contentSizeAdjustment", get: { $0.contentSizeAdjustment }, set: { context, adjustment in
                context.contentSizeAdjustment = CGSize(width: try GeometryCheck.finite(adjustment.width, "contentSizeAdjustment.width"),
                                                       height: try GeometryCheck.finite(adjustment.height, "contentSizeAdjustment.height"))
            })
            c.method("invalidateItemsAtIndexPaths") { (context: InvalidationContext, paths: [IndexPathValue]) in
                context.invalidateItems(paths)
            }
            c.method("invalidateSupplementaryElementsOfKind_atIndexPaths") {
                (context: InvalidationContext, kind: String, paths: [IndexPathValue]) in
                context.invalidateSupplementaryElements(ofKind: kind, paths)
            }
            c.method("invalidatedSupplementaryIndexPathsOfKind") { (context: InvalidationContext, kind: String) in
                context.invalidatedSupplementaryIndexPaths[kind]
            }
        }
        let flow = NativeClass("UICollectionViewFlowLayoutInvalidationContext", superclass: "UICollectionViewLayoutInvalidationContext",
                               type: FlowInvalidationContext.self, allocate: { FlowInvalidationContext() }) { c in
            c.property("invalidateFlowLayoutDelegateMetrics", get: { $0.invalidateFlowLayoutDelegateMetrics },
                       set: { $0.invalidateFlowLayoutDelegateMetrics = $1 })
            c.property("invalidateFlowLayoutAttributes", get: { $0.invalidateFlowLayoutAttributes },
                       set: { $0.invalidateFlowLayoutAttributes = $1 })
        }
        return [base, flow]
    }
}

/// `UICollectionViewFlowLayoutInvalidationContext`: whether the flow layout asks its delegate
/// for sizes again, and whether it recomputes its attributes.
public final class FlowInvalidationContext: InvalidationContext {
    public var invalidateFlowLayoutDelegateMetrics = true
    public var invalidateFlowLayoutAttributes = true
}
