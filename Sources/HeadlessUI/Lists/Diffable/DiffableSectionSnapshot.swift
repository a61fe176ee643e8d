import Foundation
import ObjectBridge

/// `NSDiffableDataSourceSectionSnapshot`: one section's items as an outline, each item under
/// at most one parent, each identifier at most once. A collapsed parent hides its children:
/// the section shows `visibleItems`, depth first.
public final class DiffableSectionSnapshot: BridgeObject {
    public private(set) var rootItems: [DiffableIdentifier] = []
    private var children: [DiffableIdentifier: [DiffableIdentifier]] = [:]
    private var parents: [DiffableIdentifier: DiffableIdentifier] = [:]
    private var expanded: Set<DiffableIdentifier> = []

    public override init() {}

    func copy() -> DiffableSectionSnapshot {
        let copy = DiffableSectionSnapshot()
        (copy.rootItems, copy.children, copy.parents, copy.expanded) = (rootItems, children, parents, expanded)
        copy.own(items)
        return copy
    }

    /// A flat section snapshot of `items`, for a section no section snapshot was applied to.
    convenience init(flat items: [DiffableIdentifier]) {
        self.init()
        rootItems = items
        own(items)
    }

    // MARK: Queries

    /// Every item, depth first.
    public var items: [DiffableIdentifier] { walk { _ in true } }
    /// The items an expanded path reaches, depth first: what the section shows.
    public var visibleItems: [DiffableIdentifier] { walk { self.expanded.contains($0) } }

    private func walk(into parent: (DiffableIdentifier) -> Bool) -> [DiffableIdentifier] {
        var found: [DiffableIdentifier] = []
        var pending = Array(rootItems.reversed())
        while let item = pending.popLast() {
            found.append(item)
            if parent(item) { pending += (children[item] ?? []).reversed() }
        }
        return found
    }

    public func contains(_ item: DiffableIdentifier) -> Bool { parents[item] != nil || rootItems.contains(item) }
    public func parent(of item: DiffableIdentifier) -> DiffableIdentifier? { parents[item] }
    public func isExpanded(_ item: DiffableIdentifier) -> Bool { expanded.contains(item) }

    /// How deep the item is: 0 for a root item.
    public func level(of item: DiffableIdentifier) throws -> Int {
        try existing(item)
        var level = 0
        var current = item
        while let parent = parents[current] {
            level += 1
            current = parent
        }
        return level
    }

    public func isVisible(_ item: DiffableIdentifier) throws -> Bool {
        try existing(item)
        var current = item
        while let parent = parents[current] {
            guard expanded.contains(parent) else { return false }
            current = parent
        }
        return true
    }

    // MARK: Changes

    /// Appends `items` at the root, or as the last children of `parent`.
    public func append(_ items: [DiffableIdentifier], into parent: DiffableIdentifier? = nil) throws {
        try DiffableSnapshot.checkNew(
            items, among: Set(self.items), kind: "item", in: "NSDiffableDataSourceSectionSnapshot")
        own(items)
        if let parent {
            try existing(parent)
            children[parent, default: []] += items
            for item in items { parents[item] = parent }
        } else {
            rootItems += items
        }
    }

    public func expand(_ items: [DiffableIdentifier]) throws {
        for item in items { try existing(item) }
        expanded.formUnion(items)
    }

    public func collapse(_ items: [DiffableIdentifier]) throws {
        for item in items { try existing(item) }
        expanded.subtract(items)
    }

    /// Deletes `items` and everything under them.
    public func delete(_ items: [DiffableIdentifier]) throws {
        for item in items { try existing(item) }
        var doomed: Set<DiffableIdentifier> = []
        var pending = items
        while let item = pending.popLast() {
            if doomed.insert(item).inserted { pending += children[item] ?? [] }
        }
        rootItems.removeAll { doomed.contains($0) }
        for item in doomed {
            if let parent = parents[item] { children[parent]?.removeAll { doomed.contains($0) } }
            (children[item], parents[item]) = (nil, nil)
        }
        expanded.subtract(doomed)
        disown(Array(doomed))
    }

    public func deleteAll() throws { try delete(rootItems) }

    private func existing(_ item: DiffableIdentifier) throws {
        guard contains(item) else {
            throw ScriptValueError(
                "NSDiffableDataSourceSectionSnapshot: item identifier \(item) is not in the section snapshot")
        }
    }
}
