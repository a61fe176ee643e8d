import Foundation
import ObjectBridge

/// `UICollectionViewFlowLayoutInvalidationContext`: whether the flow layout asks its delegate
/// for sizes again.
public final class FlowInvalidationContext: InvalidationContext {
    public var invalidateFlowLayoutDelegateMetrics = true
    /// UIKit's flag (true unless a script says otherwise), kept for the scripts that read it:
    /// this flow layout works its attributes out of the measurements and the bounds whenever
    /// it is asked, so there is nothing else for it to recompute.
    public var invalidateFlowLayoutAttributes = true
}
