import Foundation
import ObjectBridge

/// Row and section updates: alone, between `beginUpdates` and `endUpdates`, or in
/// `performBatchUpdates_completion`, checked as UIKit checks them. Rows slide to their new
/// places; inserted rows fade in and deleted ones fade out, unless the row animation is None.
extension TableView: BatchUpdating {
    var updateWords: PendingUpdates.Words { .table }

    /// `UITableViewRowAnimation`. Headlessly every one but None fades.
    static let rowAnimations: [(String, Int)] = [
        ("Fade", 0), ("Right", 1), ("Left", 2), ("Top", 3), ("Bottom", 4), ("None", 5), ("Middle", 6),
        ("Automatic", 100),
    ]
    static let rowAnimationNone = 5

    /// `beginUpdates`: updates are recorded until the matching `endUpdates`.
    func beginUpdates() throws {
        if updateDepth == 0, batch == nil { countsBeforeUpdates = try openBatch() }
        updateDepth += 1
    }

    func endUpdates() throws {
        guard updateDepth > 0 else { throw ScriptValueError("endUpdates without a matching beginUpdates") }
        updateDepth -= 1
        guard updateDepth == 0, let before = countsBeforeUpdates else { return }
        countsBeforeUpdates = nil
        try commitBatch(before: before, completion: nil)
    }

    /// Records `change`, animated with `animation` (None: not animated).
    func record(_ animation: Int, _ change: (inout PendingUpdates) -> Void) throws {
        if animation == Self.rowAnimationNone { animatesUpdate = false }
        try record(change)
    }

    func apply(_ updates: PendingUpdates, after counts: [Int], completion: ScriptBlock?) throws {
        try closeSwipe()
        nativeContent?.tableView(self, willApply: updates)
        var moved: [IndexPathValue: TableViewCell] = [:]
        var leaving: [(path: IndexPathValue, cell: TableViewCell)] = []
        for (path, cell) in visibleCells {
            if let new = updates.newPath(for: path) { moved[new] = cell } else { leaving.append((path, cell)) }
        }
        replaceVisibleCells(moved, selected: selectedPaths.compactMap { updates.newPath(for: $0) })
        invalidateCounts()
        _ = try sectionCounts()
        let animated = animatesUpdate
        animatesUpdate = true
        guard animated, let bridge else {
            for (path, cell) in leaving { try endDisplaying(cell, at: path) }
            try layoutIfNeeded()
            if let completion, let bridge { try bridge.call(completion, true) }
            return
        }
        for entry in leaving { leavingCells[ObjectIdentifier(entry.cell)] = (entry.cell, entry.path) }
        appearing = updates.appearingPaths(after: counts)
        defer { appearing = nil }
        try ViewAnimations.animate(
            duration: listUpdateAnimationDuration, clock: clock, bridge: bridge, completion: completion,
            onFinish: { [weak self, leavingIDs = leaving.map { ObjectIdentifier($0.cell) }] _ in
                self?.finishLeaving(leavingIDs)
            }
        ) {
            for (_, cell) in leaving { cell.alpha = 0 }
            try layoutIfNeeded()
        }
    }

    /// The cells of deleted rows, faded out, go back to their queues.
    private func finishLeaving(_ cells: [ObjectIdentifier]) {
        for id in cells {
            guard let entry = leavingCells.removeValue(forKey: id) else { continue }
            do {
                entry.cell.alpha = 1
                try endDisplaying(entry.cell, at: entry.path)
            } catch {
                bridge?.report(error, during: "tableView_didEndDisplayingCell_forRowAtIndexPath")
            }
        }
    }
}
