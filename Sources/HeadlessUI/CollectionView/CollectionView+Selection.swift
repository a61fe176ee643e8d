import Foundation
import ObjectBridge

/// A collection view's items as a list the touches select (`ItemTouchTarget`), and the
/// selection scripts read and change.
extension CollectionView: ItemSelection {
    // MARK: Selection

    /// A tap on the item at `path`: selects it (asking `shouldSelect` first), or deselects it
    /// when multiple selection is on and it is selected, with the delegate told.
    func userTapped(_ path: IndexPathValue) throws {
        if swipe != nil { return try closeSwipe() }
        guard allowsSelection else { return }
        if allowsMultipleSelection, selectedPaths.contains(path) {
            try deselect(path, notify: true)
            return
        }
        if let should = try askDelegate("collectionView_shouldSelectItemAtIndexPath", path, returning: Bool.self),
            !should
        {
            return
        }
        try select(path, notify: true)
    }

    /// Highlights the item at `path` if the delegate lets it; returns whether it did. While a
    /// list row is swiped open, a touch on it is taken to close it, and a touch elsewhere
    /// closes it at once.
    func highlight(_ path: IndexPathValue) throws -> Bool {
        if let swipe {
            if swipe.path == path { return true }
            try closeSwipe()
            return false
        }
        guard allowsSelection else { return false }
        if let should = try askDelegate("collectionView_shouldHighlightItemAtIndexPath", path, returning: Bool.self),
            !should
        {
            return false
        }
        try visibleCells[path]?.setHighlighted(true)
        _ = try askDelegate("collectionView_didHighlightItemAtIndexPath", path, returning: AnyScriptValue.self)
        return true
    }

    func unhighlight(_ path: IndexPathValue) throws {
        if swipe?.path == path { return }
        try visibleCells[path]?.setHighlighted(false)
        _ = try askDelegate("collectionView_didUnhighlightItemAtIndexPath", path, returning: AnyScriptValue.self)
    }

    func select(_ path: IndexPathValue, notify: Bool) throws {
        try markSelected(path) { try deselect($0, notify: notify) }
        if notify {
            // UIKit performs a cell's selection segue before telling the delegate.
            try visibleCells[path]?.selectionSegue?()
            try nativeContent?.collectionView(self, didSelectItemAt: path)
            _ = try askDelegate("collectionView_didSelectItemAtIndexPath", path, returning: AnyScriptValue.self)
        }
    }

    func deselect(_ path: IndexPathValue, notify: Bool) throws {
        guard try markDeselected(path) else { return }
        if notify {
            try nativeContent?.collectionView(self, didDeselectItemAt: path)
            _ = try askDelegate("collectionView_didDeselectItemAtIndexPath", path, returning: AnyScriptValue.self)
        }
    }

    func showSelection(_ selected: Bool, at path: IndexPathValue) throws {
        try visibleCells[path]?.setSelected(selected)
    }

    /// The visible cell at `path`, if any.
    func cell(at path: IndexPathValue) -> CollectionViewCell? { visibleCells[path] }

    /// The index path of a visible cell (nil for a cell that is not shown).
    func indexPath(of cell: CollectionViewCell) -> IndexPathValue? {
        visibleCells.first { $0.value === cell }?.key
    }

    /// The index path of the visible cell under `point` (content coordinates).
    func indexPath(at point: CGPoint) -> IndexPathValue? {
        visibleCells.first { $0.value.frame.contains(point) }?.key
    }
}
