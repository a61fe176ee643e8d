import Foundation
import ObjectBridge

extension CollectionView: BatchUpdating {
    var updateWords: PendingUpdates.Words { .collection }

    /// Cells move to their new places, inserted items fade in (from the layout's initial
    /// attributes), deleted ones fade out (to its final attributes) and leave at the end, when
    /// `completion` runs.
    func apply(_ updates: PendingUpdates, after counts: [Int], completion: ScriptBlock?) throws {
        nativeContent?.collectionView(self, willApply: updates)
        let leaving = try remapItems(updates)
        layout.invalidate()
        try animateUpdate(appearing: updates.appearingPaths(after: counts), leaving: leaving, completion: completion)
    }

    /// The layout pass of an animated update, inside a UIView animation.
    private func animateUpdate(
        appearing: Set<IndexPathValue>, leaving: [(path: IndexPathValue, cell: CollectionViewCell)],
        completion: ScriptBlock?
    ) throws {
        guard let bridge else { return }
        for entry in leaving { leavingCells[ObjectIdentifier(entry.cell)] = (entry.cell, entry.path) }
        self.appearing = appearing
        defer { self.appearing = nil }
        try ViewAnimations.animate(
            duration: listUpdateAnimationDuration, clock: clock, bridge: bridge, completion: completion,
            onFinish: { [weak self, leavingIDs = leaving.map { ObjectIdentifier($0.cell) }] _ in
                self?.finishLeaving(leavingIDs)
            }
        ) {
            for (path, cell) in leaving {
                guard let current = cell.layoutAttributes else { continue }
                try cell.apply(try layout.finalAttributes(forDisappearingItemAt: path, current: current))
            }
            try layoutIfNeeded()
        }
    }

    /// The cells of deleted items, faded out, go back to their queues.
    private func finishLeaving(_ cells: [ObjectIdentifier]) {
        for id in cells {
            guard let entry = leavingCells.removeValue(forKey: id) else { continue }
            do {
                try endDisplaying(entry.cell, at: entry.path)
            } catch {
                bridge?.report(error, during: "collectionView_didEndDisplayingCell_forItemAtIndexPath")
            }
        }
    }

    /// Replaces the layout; animated, the cells move to where the new one puts them.
    func setLayout(_ new: CollectionViewLayout, animated: Bool, completion: ScriptBlock?) throws {
        setLayout(new)
        guard animated, let bridge else {
            if let completion, let bridge { try bridge.call(completion, true) }
            return
        }
        try ViewAnimations.animate(
            duration: listUpdateAnimationDuration, clock: clock, bridge: bridge, completion: completion
        ) {
            try layoutIfNeeded()
        }
    }
}
