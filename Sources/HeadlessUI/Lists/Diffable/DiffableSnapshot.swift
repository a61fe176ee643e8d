import Foundation
import ObjectBridge

/// `NSDiffableDataSourceSnapshot`: sections and their items, by identifier, each identifier
/// at most once. A change that names an identifier that is not there, or adds one that is,
/// is an error naming it (UIKit stops the app on both). Objects used as identifiers are owned
/// by the snapshot, so that their script fields last while it holds them.
public final class DiffableSnapshot: BridgeObject {
    public private(set) var sectionIdentifiers: [DiffableIdentifier] = []
    /// The items of each section, in the sections' order.
    private(set) var items: [[DiffableIdentifier]] = []
    /// Where each item is: its section's index.
    private var sectionOfItem: [DiffableIdentifier: Int] = [:]
    public private(set) var reloadedItems: Set<DiffableIdentifier> = []
    public private(set) var reconfiguredItems: Set<DiffableIdentifier> = []
    public private(set) var reloadedSections: Set<DiffableIdentifier> = []

    public override init() {}

    func copy() -> DiffableSnapshot {
        let copy = DiffableSnapshot()
        (copy.sectionIdentifiers, copy.items, copy.sectionOfItem) = (sectionIdentifiers, items, sectionOfItem)
        copy.own(sectionIdentifiers)
        for section in items { copy.own(section) }
        return copy
    }

    // MARK: Queries

    public var numberOfItems: Int { sectionOfItem.count }
    public var itemIdentifiers: [DiffableIdentifier] { items.flatMap { $0 } }
    var sectionCounts: [Int] { items.map(\.count) }

    public func section(_ identifier: DiffableIdentifier) -> Int? { sectionIdentifiers.firstIndex(of: identifier) }

    public func items(inSection identifier: DiffableIdentifier) throws -> [DiffableIdentifier] {
        items[try existingSection(identifier)]
    }

    public func sectionIdentifier(containing item: DiffableIdentifier) -> DiffableIdentifier? {
        sectionOfItem[item].map { sectionIdentifiers[$0] }
    }

    /// The item's index among all the snapshot's items, as `indexOfItemIdentifier` counts.
    public func index(of item: DiffableIdentifier) -> Int? {
        guard let path = indexPath(of: item) else { return nil }
        return items[..<path.section].reduce(0) { $0 + $1.count } + path.item
    }

    func indexPath(of item: DiffableIdentifier) -> IndexPathValue? {
        guard let section = sectionOfItem[item], let within = items[section].firstIndex(where: { $0.key == item.key })
        else { return nil }
        return IndexPathValue(item: within, section: section)
    }

    func item(at path: IndexPathValue) -> DiffableIdentifier? {
        guard items.indices.contains(path.section), items[path.section].indices.contains(path.item) else { return nil }
        return items[path.section][path.item]
    }

    // MARK: Sections

    public func appendSections(_ identifiers: [DiffableIdentifier]) throws {
        try insertSections(identifiers, at: sectionIdentifiers.count)
    }

    public func insertSections(_ identifiers: [DiffableIdentifier], before other: DiffableIdentifier) throws {
        try insertSections(identifiers, at: try existingSection(other))
    }

    public func insertSections(_ identifiers: [DiffableIdentifier], after other: DiffableIdentifier) throws {
        try insertSections(identifiers, at: try existingSection(other) + 1)
    }

    private func insertSections(_ identifiers: [DiffableIdentifier], at index: Int) throws {
        try Self.checkNew(identifiers, among: Set(sectionIdentifiers), kind: "section")
        own(identifiers)
        sectionIdentifiers.insert(contentsOf: identifiers, at: index)
        items.insert(contentsOf: Array(repeating: [], count: identifiers.count), at: index)
        reindex()
    }

    public func deleteSections(_ identifiers: [DiffableIdentifier]) throws {
        let doomed = Set(try identifiers.map { try existingSection($0) })
        for index in doomed {
            disown([sectionIdentifiers[index]])
            disown(items[index])
        }
        sectionIdentifiers = sectionIdentifiers.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)
        items = items.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)
        reindex()
    }

    public func moveSection(_ identifier: DiffableIdentifier, relativeTo other: DiffableIdentifier, after: Bool) throws
    {
        let from = try existingSection(identifier)
        _ = try existingSection(other)
        guard identifier != other else { return }
        let moving = items.remove(at: from)
        sectionIdentifiers.remove(at: from)
        let target = try existingSection(other) + (after ? 1 : 0)
        sectionIdentifiers.insert(identifier, at: target)
        items.insert(moving, at: target)
        reindex()
    }

    public func reloadSections(_ identifiers: [DiffableIdentifier]) throws {
        for identifier in identifiers { _ = try existingSection(identifier) }
        reloadedSections.formUnion(identifiers)
    }

    // MARK: Items

    /// Appends to `section`, or to the last section.
    public func appendItems(_ identifiers: [DiffableIdentifier], to section: DiffableIdentifier? = nil) throws {
        let index: Int
        if let section {
            index = try existingSection(section)
        } else {
            guard !sectionIdentifiers.isEmpty else {
                throw ScriptValueError(
                    "NSDiffableDataSourceSnapshot: there are no sections to append items to: append a section first")
            }
            index = sectionIdentifiers.count - 1
        }
        try Self.checkNew(identifiers, among: Set(sectionOfItem.keys), kind: "item")
        own(identifiers)
        items[index] += identifiers
        for identifier in identifiers { sectionOfItem[identifier] = index }
    }

    public func insertItems(_ identifiers: [DiffableIdentifier], relativeTo other: DiffableIdentifier, after: Bool)
        throws
    {
        let path = try existingItem(other)
        try Self.checkNew(identifiers, among: Set(sectionOfItem.keys), kind: "item")
        own(identifiers)
        items[path.section].insert(contentsOf: identifiers, at: path.item + (after ? 1 : 0))
        for identifier in identifiers { sectionOfItem[identifier] = path.section }
    }

    public func deleteItems(_ identifiers: [DiffableIdentifier]) throws {
        var doomed: [Int: Set<DiffableIdentifier>] = [:]
        for identifier in identifiers { doomed[try existingItem(identifier).section, default: []].insert(identifier) }
        for (section, gone) in doomed {
            items[section].removeAll { gone.contains($0) }
            disown(Array(gone))
            for identifier in gone { sectionOfItem[identifier] = nil }
        }
    }

    public func deleteAllItems() {
        disown(sectionIdentifiers)
        for section in items { disown(section) }
        (sectionIdentifiers, items, sectionOfItem) = ([], [], [:])
    }

    public func moveItem(_ identifier: DiffableIdentifier, relativeTo other: DiffableIdentifier, after: Bool) throws {
        let from = try existingItem(identifier)
        _ = try existingItem(other)
        guard identifier != other else { return }
        items[from.section].remove(at: from.item)
        let to = try existingItem(other)
        items[to.section].insert(identifier, at: to.item + (after ? 1 : 0))
        sectionOfItem[identifier] = to.section
    }

    public func reloadItems(_ identifiers: [DiffableIdentifier]) throws {
        for identifier in identifiers { _ = try existingItem(identifier) }
        reloadedItems.formUnion(identifiers)
    }

    public func reconfigureItems(_ identifiers: [DiffableIdentifier]) throws {
        for identifier in identifiers { _ = try existingItem(identifier) }
        reconfiguredItems.formUnion(identifiers)
    }

    // MARK: Checks

    private func existingSection(_ identifier: DiffableIdentifier) throws -> Int {
        guard let index = section(identifier) else {
            throw ScriptValueError(
                "NSDiffableDataSourceSnapshot: section identifier \(identifier) is not in the snapshot")
        }
        return index
    }

    private func existingItem(_ identifier: DiffableIdentifier) throws -> IndexPathValue {
        guard let path = indexPath(of: identifier) else {
            throw ScriptValueError("NSDiffableDataSourceSnapshot: item identifier \(identifier) is not in the snapshot")
        }
        return path
    }

    /// UIKit's "identifiers are not unique" check, naming the first duplicate.
    static func checkNew(
        _ identifiers: [DiffableIdentifier], among existing: Set<DiffableIdentifier>, kind: String,
        in snapshotClass: String = "NSDiffableDataSourceSnapshot"
    ) throws {
        var seen = existing
        for identifier in identifiers where !seen.insert(identifier).inserted {
            throw ScriptValueError(
                "\(snapshotClass): supplied \(kind) identifiers are not unique: \(identifier) is there twice"
            )
        }
    }

    private func reindex() {
        sectionOfItem = [:]
        for (section, identifiers) in items.enumerated() {
            for identifier in identifiers { sectionOfItem[identifier] = section }
        }
    }
}

extension BridgeObject {
    /// Owns the objects among `identifiers`, so that their script fields last while a
    /// snapshot holds them.
    func own(_ identifiers: [DiffableIdentifier]) {
        for identifier in identifiers { identifier.object.map(adopt) }
    }

    func disown(_ identifiers: [DiffableIdentifier]) {
        for identifier in identifiers { identifier.object.map(abandon) }
    }
}
