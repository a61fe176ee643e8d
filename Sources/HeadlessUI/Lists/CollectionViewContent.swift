import Foundation
import ObjectBridge

/// Native code that supplies a collection view's items where a script's data source would,
/// and hears what its delegate would: what a Texture collection node is to its view.
protocol CollectionViewContent: AnyObject {
    /// The number of items in each section.
    func sectionCounts(in view: CollectionView) throws -> [Int]
    func cell(in view: CollectionView, at path: IndexPathValue) throws -> CollectionViewCell
    func supplementaryView(in view: CollectionView, ofKind kind: String, at path: IndexPathValue) throws
        -> ReusableView?
    func collectionView(_ view: CollectionView, didSelectItemAt path: IndexPathValue) throws
    func collectionView(_ view: CollectionView, didDeselectItemAt path: IndexPathValue) throws
    /// Before the view applies checked updates: what the content keeps by index path moves.
    func collectionView(_ view: CollectionView, willApply updates: PendingUpdates)
    /// After each layout pass, with the visible cells in place.
    func collectionViewDidLayOut(_ view: CollectionView) throws
    func collectionViewDidScroll(_ view: CollectionView) throws
}

extension CollectionViewContent {
    func collectionView(_ view: CollectionView, didSelectItemAt path: IndexPathValue) throws {}
    func collectionView(_ view: CollectionView, didDeselectItemAt path: IndexPathValue) throws {}
    func collectionView(_ view: CollectionView, willApply updates: PendingUpdates) {}
    func collectionViewDidLayOut(_ view: CollectionView) throws {}
    func collectionViewDidScroll(_ view: CollectionView) throws {}
}
