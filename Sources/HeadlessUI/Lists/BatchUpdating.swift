import Foundation
import ObjectBridge

/// A list view whose updates are recorded, checked against the data source's counts as UIKit
/// checks them, then applied as one animated batch (the collection view and the table view).
protocol BatchUpdating: AnyObject {
    /// The updates being recorded, while a batch is open.
    var batch: PendingUpdates? { get set }
    /// How UIKit's messages name this kind of list.
    var updateWords: PendingUpdates.Words { get }
    /// The number of items of each section, as last read from the data source.
    func sectionCounts() throws -> [Int]
    func invalidateCounts()
    func restoreCounts(_ counts: [Int])
    /// Applies checked updates; `completion` runs when their animation ends.
    func apply(_ updates: PendingUpdates, after counts: [Int], completion: ScriptBlock?) throws
}

extension BatchUpdating {
    /// Runs `body` (which records updates) and applies them as one batch; inside a batch,
    /// only records them. A failed check is an "invalid update" error, and the list stays as
    /// it was.
    func performUpdates(completion: ScriptBlock? = nil, _ body: () throws -> Void) throws {
        if batch != nil { return try body() }
        let before = try openBatch()
        do {
            try body()
        } catch {
            batch = nil
            throw error
        }
        try commitBatch(before: before, completion: completion)
    }

    /// Starts recording; returns the counts before the updates.
    func openBatch() throws -> [Int] {
        let before = try sectionCounts()
        batch = PendingUpdates(words: updateWords)
        return before
    }

    /// Checks and applies what was recorded since `openBatch`.
    func commitBatch(before: [Int], completion: ScriptBlock?) throws {
        guard let updates = batch else { return }
        batch = nil
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
        try apply(updates, after: after, completion: completion)
    }

    /// Records one update (applied at once outside a batch).
    func record(_ change: (inout PendingUpdates) -> Void) throws {
        try performUpdates {
            if var updates = batch {
                change(&updates)
                batch = updates
            }
        }
    }
}

/// How long an animated update of a list takes. UIKit does not publish it; this is the
/// duration its animated scrolling is commonly measured at.
let listUpdateAnimationDuration = 0.3

/// Reads a data source's section and item counts, refusing counts past `limit` in all: a
/// count above it is a script's mistake, which would otherwise have the host allocate and lay
/// out forever.
func readSectionCounts(
    sectionsMethod: String, itemsMethod: String, elements: String, limit: Int, sections: () throws -> Int?,
    items: (Int) throws -> Int?
) throws -> [Int] {
    let sectionCount = try sections() ?? 1
    guard (0...limit).contains(sectionCount) else {
        throw ScriptValueError("\(sectionsMethod) returned \(sectionCount) (from 0 to \(limit) expected)")
    }
    var result: [Int] = []
    var total = 0
    for section in 0..<sectionCount {
        guard let count = try items(section) else {
            throw ScriptValueError("the data source does not implement \(itemsMethod)")
        }
        guard count >= 0, count <= limit - total else {
            throw ScriptValueError(
                "\(itemsMethod)(\(section)) returned \(count)"
                    + (count >= 0 ? " (more than \(limit) \(elements) in all)" : ""))
        }
        total += count
        result.append(count)
    }
    return result
}
