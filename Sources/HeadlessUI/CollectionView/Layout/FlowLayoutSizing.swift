import Foundation
import LuaRuntime
import ObjectBridge

/// A flow layout delegate written in Swift, the native counterpart of a script's
/// `collectionView_layout_sizeForItemAtIndexPath`.
public protocol FlowLayoutSizing: AnyObject {
    /// The size of one item; nil for the layout's `itemSize`.
    func flowLayout(_ layout: FlowLayout, sizeForItem item: Int, inSection section: Int) throws -> CGSize?
}
