import Foundation
import ObjectBridge

/// Item updates, alone or in `performBatchUpdates_completion`, with UIKit's consistency check:
/// after the updates, each section's count from the data source must be its count before,
/// plus the items inserted and moved in, minus those deleted and moved out. A failed check is an
/// "invalid update" error, and the collection view stays as it was.
struct PendingUpdates {
    var inserted: [IndexPathValue] = []
    var deleted: [IndexPathValue] = []
    var reloaded: [IndexPathValue] = []
    var moved: [(from: IndexPathValue, to: IndexPathValue)] = []
    // Sets: a section named twice is one section.
    var insertedSections: Set<Int> = []
    var deletedSections: Set<Int> = []
    var reloadedSections: Set<Int> = []
    var movedSections: [(from: Int, to: Int)] = []

    /// Where section `old` is after the updates (nil: deleted or reloaded). Deletions count in
    /// the old numbering, insertions in the new one, as UIKit applies them.
    func newSection(for old: Int) -> Int? {
        if deletedSections.contains(old) || reloadedSections.contains(old) { return nil }
        if let move = movedSections.first(where: { $0.from == old }) { return move.to }
        var section = old - (Array(deletedSections) + movedSections.map(\.from)).filter { $0 < old }.count
        for index in (Array(insertedSections) + movedSections.map(\.to)).sorted() where index <= section { section += 1 }
        return section
    }

    /// Where an item before the updates is after them (nil: deleted or reloaded).
    func newPath(for old: IndexPathValue) -> IndexPathValue? {
        guard let section = newSection(for: old.section), !deleted.contains(old), !reloaded.contains(old) else { return nil }
        if let move = moved.first(where: { $0.from == old }) { return move.to }
        let removed = (deleted + moved.map(\.from)).filter { $0.section == old.section && $0.item < old.item }.count
        var item = old.item - removed
        for index in (inserted + moved.map(\.to)).filter({ $0.section == section }).map(\.item).sorted() where index <= item {
            item += 1
        }
        return IndexPathValue(item: item, section: section)
    }

    /// The items that are new after the updates: inserted, reloaded, or in an inserted or
    /// reloaded section.
    func appearingPaths(after counts: [Int]) -> Set<IndexPathValue> {
        var paths = Set(inserted).union(reloaded)
        for section in insertedSections.union(reloadedSections) where counts.indices.contains(section) {
            for item in 0..<counts[section] { paths.insert(IndexPathValue(item: item, section: section)) }
        }
        return paths
    }

    /// The problem with going from `before` to `after` counts, if there is one, in UIKit's words.
    func inconsistency(before: [Int], after: [Int]) -> String? {
        let expectedSections = before.count + insertedSections.count - deletedSections.count
        guard after.count == expectedSections else {
            return "Invalid update: invalid number of sections. The number of sections contained in the collection view "
                + "after the update (\(after.count)) must be equal to the number of sections contained in the collection view "
                + "before the update (\(before.count)), plus or minus the number of sections inserted or deleted "
                + "(\(insertedSections.count) inserted, \(deletedSections.count) deleted)."
        }
        for section in deletedSections.union(reloadedSections).union(movedSections.map(\.from)) where !before.indices.contains(section) {
            return "Invalid update: section \(section) does not exist before the update"
        }
        for section in insertedSections.union(movedSections.map(\.to)) where !after.indices.contains(section) {
            return "Invalid update: section \(section) does not exist after the update"
        }
        for path in deleted + reloaded + moved.map(\.from) where path.section >= before.count || path.item >= before[path.section] {
            return "Invalid update: item \(path.item) of section \(path.section) does not exist before the update"
        }
        for path in inserted + moved.map(\.to) where path.section >= after.count || path.item >= after[path.section] {
            return "Invalid update: item \(path.item) of section \(path.section) does not exist after the update"
        }
        for old in before.indices {
            guard let section = newSection(for: old) else { continue }
            guard after.indices.contains(section) else {
                return "Invalid update: section \(old) would move to section \(section), which does not exist after the update"
            }
            let insertedHere = inserted.filter { $0.section == section }.count
            let deletedHere = deleted.filter { $0.section == old }.count
            let movedIn = moved.filter { $0.to.section == section && $0.from.section != old }.count
            let movedOut = moved.filter { $0.from.section == old && $0.to.section != section }.count
            if after[section] != before[old] + insertedHere - deletedHere + movedIn - movedOut {
                return "Invalid update: invalid number of items in section \(section). The number of items contained in an "
                    + "existing section after the update (\(after[section])) must be equal to the number of items contained in "
                    + "that section before the update (\(before[old])), plus or minus the number of items inserted or deleted "
                    + "from that section (\(insertedHere) inserted, \(deletedHere) deleted) and plus or minus the number of items "
                    + "moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
            }
        }
        return nil
    }
}

extension CollectionView {
    /// How long an animated update takes. UIKit does not publish it; this is the duration its
    /// animated scrolling is commonly measured at.
    static let updateAnimationDuration = 0.3

    /// Runs `body` (which records updates) and applies them as one batch, animated as UIKit
    /// animates updates: cells move to their new places, inserted items fade in (from the
    /// layout's initial attributes), deleted ones fade out (to its final attributes) and leave
    /// at the end, when `completion` runs.
    func performUpdates(completion: ScriptBlock? = nil, _ body: () throws -> Void) throws {
        if batch != nil { return try body() }
        let before = try sectionCounts()
        batch = PendingUpdates()
        defer { batch = nil }
        try body()
        guard let updates = batch else { return }
        invalidateCounts()
        let after: [Int]
        do {
            after = try sectionCounts()
        } catch {
            restoreCounts(before)
            throw error
        }
        if let problem = updates.inconsistency(before: before, after: after) {
            restoreCounts(before)
            throw ScriptValueError(problem)
        }
        let leaving = try remapItems(updates)
        layout.invalidate()
        try animateUpdate(appearing: updates.appearingPaths(after: after), leaving: leaving, completion: completion)
    }

    func record(_ change: (inout PendingUpdates) -> Void) throws {
        try performUpdates { if var updates = batch { change(&updates); batch = updates } }
    }

    /// The layout pass of an animated update, inside a UIView animation.
    private func animateUpdate(appearing: Set<IndexPathValue>, leaving: [(path: IndexPathValue, cell: CollectionViewCell)],
                               completion: ScriptBlock?) throws {
        guard let bridge else { return }
        for entry in leaving { leavingCells[ObjectIdentifier(entry.cell)] = entry }
        self.appearing = appearing
        defer { self.appearing = nil }
        try ViewAnimations.animate(duration: Self.updateAnimationDuration, clock: clock, bridge: bridge, completion: completion,
                                   onFinish: { [weak self] _ in self?.finishLeaving(leaving.map(\.cell)) }) {
            for (path, cell) in leaving {
                guard let current = cell.layoutAttributes else { continue }
                try cell.apply(try layout.finalAttributes(forDisappearingItemAt: path, current: current))
            }
            try layoutIfNeeded()
        }
    }

    /// The cells of deleted items, faded out, go back to their queues.
    private func finishLeaving(_ cells: [CollectionViewCell]) {
        for cell in cells {
            guard let entry = leavingCells.removeValue(forKey: ObjectIdentifier(cell)) else { continue }
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
        try ViewAnimations.animate(duration: Self.updateAnimationDuration, clock: clock, bridge: bridge, completion: completion) {
            try layoutIfNeeded()
        }
    }
}
