import Foundation
import ObjectBridge

/// The batch update that turns one snapshot into another, as `applySnapshot` performs it:
/// sections and items that went are deleted, new ones inserted, and of those in both, the
/// fewest moved that put the rest in order (those outside the longest run already in order).
/// An item that crosses into or out of an inserted, deleted or reloaded section is deleted
/// and inserted rather than moved. Positions are found through dictionaries, so the work
/// grows as n log n.
struct SnapshotDiff {
    let updates: PendingUpdates

    init(from old: DiffableSnapshot, to new: DiffableSnapshot, words: PendingUpdates.Words) {
        var updates = PendingUpdates(words: words)
        let oldSections = Self.positions(old.sectionIdentifiers)
        let newSections = Self.positions(new.sectionIdentifiers)
        // Old section index -> new, for the sections both have and that are not reloaded.
        var sectionMap: [Int: Int] = [:]
        for (index, identifier) in old.sectionIdentifiers.enumerated() {
            guard let target = newSections[identifier] else {
                updates.deletedSections.insert(index)
                continue
            }
            if new.reloadedSections.contains(identifier) {
                updates.reloadedSections.insert(index)
            } else {
                sectionMap[index] = target
            }
        }
        for (index, identifier) in new.sectionIdentifiers.enumerated() where oldSections[identifier] == nil {
            updates.insertedSections.insert(index)
        }
        let keptSections = sectionMap.sorted { $0.value < $1.value }
        let inOrder = Self.longestIncreasingRun(keptSections.map(\.key))
        for (from, to) in keptSections where !inOrder.contains(from) { updates.movedSections.append((from, to)) }

        // New section index -> the old one it continues.
        let sourceSection = Dictionary(uniqueKeysWithValues: sectionMap.map { ($1, $0) })
        let oldPaths = Self.paths(old)
        let newPaths = Self.paths(new)
        for (section, identifiers) in old.items.enumerated() where sectionMap[section] != nil {
            for (item, identifier) in identifiers.enumerated()
            where newPaths[identifier].flatMap({ sourceSection[$0.section] }) == nil {
                updates.deleted.append(IndexPathValue(item: item, section: section))
            }
        }
        for (section, identifiers) in new.items.enumerated() {
            guard let oldSection = sourceSection[section] else { continue }
            var kept: [(from: IndexPathValue, to: IndexPathValue)] = []
            for (item, identifier) in identifiers.enumerated() {
                let to = IndexPathValue(item: item, section: section)
                if let from = oldPaths[identifier], sectionMap[from.section] != nil {
                    kept.append((from, to))
                } else {
                    updates.inserted.append(to)
                }
            }
            let staying = kept.filter { $0.from.section == oldSection }
            let ordered = Self.longestIncreasingRun(staying.map(\.from.item))
            for entry in kept {
                if entry.from.section != oldSection || !ordered.contains(entry.from.item) {
                    updates.moved.append((entry.from, entry.to))
                } else if let identifier = new.item(at: entry.to), new.reloadedItems.contains(identifier) {
                    updates.reloaded.append(entry.from)
                }
            }
        }
        self.updates = updates
    }

    private static func positions(_ identifiers: [DiffableIdentifier]) -> [DiffableIdentifier: Int] {
        Dictionary(identifiers.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func paths(_ snapshot: DiffableSnapshot) -> [DiffableIdentifier: IndexPathValue] {
        var paths: [DiffableIdentifier: IndexPathValue] = [:]
        for (section, identifiers) in snapshot.items.enumerated() {
            for (item, identifier) in identifiers.enumerated() {
                paths[identifier] = IndexPathValue(item: item, section: section)
            }
        }
        return paths
    }

    /// The values of the longest strictly increasing subsequence of `values` (patience sorting).
    static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []  // indices into values: the smallest tail of each run length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var (low, high) = (0, tails.count)
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: Set<Int> = []
        var index = tails.last ?? -1
        while index >= 0 {
            run.insert(values[index])
            index = previous[index]
        }
        return run
    }
}
