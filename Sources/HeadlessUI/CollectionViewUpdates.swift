import Foundation
import ObjectBridge

/// Item updates, alone or in `performBatchUpdates_completion`, with UIKit's consistency check:
/// after the updates, each section's count from the data source must be its count before,
/// plus the items inserted and moved in, minus those deleted and moved out. A failed check is an
/// "invalid update" error, and the collection view stays as it was.
struct PendingUpdates {
    var inserted: [IndexPathObject] = []
    var deleted: [IndexPathObject] = []
    var reloaded: [IndexPathObject] = []
    var moved: [(from: IndexPathObject, to: IndexPathObject)] = []

    /// Where an item before the updates is after them (nil: deleted or reloaded).
    func newPath(for old: IndexPathObject) -> IndexPathObject? {
        if deleted.contains(old) || reloaded.contains(old) { return nil }
        if let move = moved.first(where: { $0.from == old }) { return move.to }
        let removed = deleted.map { ($0.section, $0.item) } + moved.map { ($0.from.section, $0.from.item) }
        var item = old.item - removed.filter { $0.0 == old.section && $0.1 < old.item }.count
        let added = (inserted.map { ($0.section, $0.item) } + moved.map { ($0.to.section, $0.to.item) })
            .filter { $0.0 == old.section }.map(\.1).sorted()
        for index in added where index <= item { item += 1 }
        return IndexPathObject(item: item, section: old.section)
    }

    /// The problem with going from `before` to `after` counts, if there is one.
    func inconsistency(before: [Int], after: [Int]) -> String? {
        guard before.count == after.count else {
            return "Invalid update: invalid number of sections. The number of sections after the update (\(after.count)) "
                + "must be equal to the number of sections before the update (\(before.count))"
        }
        for section in before.indices {
            let insertedHere = inserted.filter { $0.section == section }.count
            let deletedHere = deleted.filter { $0.section == section }.count
            let movedIn = moved.filter { $0.to.section == section && $0.from.section != section }.count
            let movedOut = moved.filter { $0.from.section == section && $0.to.section != section }.count
            if after[section] != before[section] + insertedHere - deletedHere + movedIn - movedOut {
                return "Invalid update: invalid number of items in section \(section). The number of items contained in an "
                    + "existing section after the update (\(after[section])) must be equal to the number of items contained in "
                    + "that section before the update (\(before[section])), plus or minus the number of items inserted or deleted "
                    + "from that section (\(insertedHere) inserted, \(deletedHere) deleted) and plus or minus the number of items "
                    + "moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
            }
        }
        for path in deleted + reloaded + moved.map(\.from) where path.section >= before.count || path.item >= before[path.section] {
            return "Invalid update: item \(path.item) of section \(path.section) does not exist before the update"
        }
        for path in inserted + moved.map(\.to) where path.section >= after.count || path.item >= after[path.section] {
            return "Invalid update: item \(path.item) of section \(path.section) does not exist after the update"
        }
        return nil
    }
}

extension CollectionView {
    /// Runs `body` (which records updates) and applies them as one batch.
    func performUpdates(_ body: () throws -> Void) throws {
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
        remapItems(updates)
        layout.invalidate(with: nil)
    }

    func record(_ change: (inout PendingUpdates) -> Void) throws {
        try performUpdates { if var updates = batch { change(&updates); batch = updates } }
    }
}
