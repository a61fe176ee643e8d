import Foundation
import ObjectBridge

/// A list view's updates, alone or in a batch, with UIKit's consistency check: after the
/// updates, each section's count from the data source must be its count before, plus the
/// items inserted and moved in, minus those deleted and moved out. A failed check is an
/// "invalid update" error, in the words of the list's kind, and the list stays as it was.
struct PendingUpdates {
    /// How UIKit's messages name the list and its elements.
    struct Words {
        let list: String
        let element: String
        static let collection = Words(list: "collection view", element: "item")
        static let table = Words(list: "table view", element: "row")
    }

    let words: Words
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
        for index in (Array(insertedSections) + movedSections.map(\.to)).sorted() where index <= section {
            section += 1
        }
        return section
    }

    /// Where an item before the updates is after them (nil: deleted or reloaded).
    func newPath(for old: IndexPathValue) -> IndexPathValue? {
        guard let section = newSection(for: old.section), !deleted.contains(old), !reloaded.contains(old) else {
            return nil
        }
        if let move = moved.first(where: { $0.from == old }) { return move.to }
        let removed = (deleted + moved.map(\.from)).filter { $0.section == old.section && $0.item < old.item }.count
        var item = old.item - removed
        for index in (inserted + moved.map(\.to)).filter({ $0.section == section }).map(\.item).sorted()
        where index <= item {
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
            return "Invalid update: invalid number of sections. The number of sections contained in the \(words.list) "
                + "after the update (\(after.count)) must be equal to the number of sections contained in the \(words.list) "
                + "before the update (\(before.count)), plus or minus the number of sections inserted or deleted "
                + "(\(insertedSections.count) inserted, \(deletedSections.count) deleted)."
        }
        for section in deletedSections.union(reloadedSections).union(movedSections.map(\.from))
        where !before.indices.contains(section) {
            return "Invalid update: section \(section) does not exist before the update"
        }
        for section in insertedSections.union(movedSections.map(\.to)) where !after.indices.contains(section) {
            return "Invalid update: section \(section) does not exist after the update"
        }
        for path in deleted + reloaded + moved.map(\.from)
        where path.section >= before.count || path.item >= before[path.section] {
            return
                "Invalid update: \(words.element) \(path.item) of section \(path.section) does not exist before the update"
        }
        for path in inserted + moved.map(\.to) where path.section >= after.count || path.item >= after[path.section] {
            return
                "Invalid update: \(words.element) \(path.item) of section \(path.section) does not exist after the update"
        }
        for old in before.indices {
            guard let section = newSection(for: old) else { continue }
            guard after.indices.contains(section) else {
                return
                    "Invalid update: section \(old) would move to section \(section), which does not exist after the update"
            }
            let insertedHere = inserted.filter { $0.section == section }.count
            let deletedHere = deleted.filter { $0.section == old }.count
            let movedIn = moved.filter { $0.to.section == section && $0.from.section != old }.count
            let movedOut = moved.filter { $0.from.section == old && $0.to.section != section }.count
            if after[section] != before[old] + insertedHere - deletedHere + movedIn - movedOut {
                let elements = words.element + "s"
                return
                    "Invalid update: invalid number of \(elements) in section \(section). The number of \(elements) contained in an "
                    + "existing section after the update (\(after[section])) must be equal to the number of \(elements) contained in "
                    + "that section before the update (\(before[old])), plus or minus the number of \(elements) inserted or deleted "
                    + "from that section (\(insertedHere) inserted, \(deletedHere) deleted) and plus or minus the number of \(elements) "
                    + "moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
            }
        }
        return nil
    }
}
