import Foundation
import ObjectBridge

/// The batch update that turns one snapshot into another, as `applySnapshot` performs it:
/// sections and items that went are deleted, new ones inserted, and of those in both, the
/// fewest moved that put the rest in order (those outside the longest run already in order).
/// An item that crosses into or out of an inserted, deleted or reloaded section is deleted
/// and inserted rather than moved. Old positions are found through one dictionary, so the
/// work grows as n log n.
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
        let sectionsInOrder = Self.longestIncreasingRun(keptSections.map(\.key))
        for (position, (from, to)) in keptSections.enumerated() where !sectionsInOrder[position] {
            updates.movedSections.append((from, to))
        }

        // New section index -> the old one it continues.
        let sourceSection = Dictionary(uniqueKeysWithValues: sectionMap.map { ($1, $0) })
        let continues = old.items.indices.map { sectionMap[$0] != nil }
        let oldPaths = Self.paths(old)
        // Which old items a continuing section still holds: the others are deleted.
        var stays = old.items.map { [Bool](repeating: false, count: $0.count) }
        for (section, identifiers) in new.items.enumerated() {
            guard let oldSection = sourceSection[section] else { continue }
            var kept: [(from: IndexPathValue, to: IndexPathValue)] = []
            for (item, identifier) in identifiers.enumerated() {
                let to = IndexPathValue(item: item, section: section)
                if let from = oldPaths[identifier.key], continues[from.section] {
                    kept.append((from, to))
                    stays[from.section][from.item] = true
                } else {
                    updates.inserted.append(to)
                }
            }
            let staying = kept.indices.filter { kept[$0].from.section == oldSection }
            var inOrder = [Bool](repeating: false, count: kept.count)
            for (rank, isInRun) in Self.longestIncreasingRun(staying.map { kept[$0].from.item }).enumerated()
            where isInRun {
                inOrder[staying[rank]] = true
            }
            for (position, entry) in kept.enumerated() {
                if !inOrder[position] {
                    updates.moved.append((entry.from, entry.to))
                } else if !new.reloadedItems.isEmpty, let identifier = new.item(at: entry.to),
                    new.reloadedItems.contains(identifier)
                {
                    updates.reloaded.append(entry.from)
                }
            }
        }
        for (section, items) in stays.enumerated() where continues[section] {
            for (item, isKept) in items.enumerated() where !isKept {
                updates.deleted.append(IndexPathValue(item: item, section: section))
            }
        }
        self.updates = updates
    }

    private static func positions(_ identifiers: [DiffableIdentifier]) -> [DiffableIdentifier: Int] {
        Dictionary(identifiers.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Where each item is, by its key: a key copies and hashes without the script's value.
    private static func paths(_ snapshot: DiffableSnapshot) -> [DiffableIdentifier.Key: IndexPathValue] {
        var paths: [DiffableIdentifier.Key: IndexPathValue] = [:]
        paths.reserveCapacity(snapshot.numberOfItems)
        for (section, identifiers) in snapshot.items.enumerated() {
            for (item, identifier) in identifiers.enumerated() {
                paths[identifier.key] = IndexPathValue(item: item, section: section)
            }
        }
        return paths
    }

    /// Which of `values` make up the longest strictly increasing subsequence, by position
    /// (patience sorting).
    static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
        var tails: [Int] = []  // indices into values: the smallest tail of each run length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            // Most of a list stays in order: a value past the longest run's tail extends it.
            if let last = tails.last, values[last] < value {
                previous[index] = last
                tails.append(index)
                continue
            }
            var (low, high) = (0, tails.count)
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run = [Bool](repeating: false, count: values.count)
        var index = tails.last ?? -1
        while index >= 0 {
            run[index] = true
            index = previous[index]
        }
        return run
    }
}
