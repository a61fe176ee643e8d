import Foundation
import ObjectBridge

/// `UICollectionViewDiffableDataSource`: a collection view's data source whose content is a
/// snapshot of identifiers; its cell provider is `function(collectionView, indexPath,
/// itemIdentifier)`.
public final class CollectionDiffableDataSource: DiffableDataSource {
    @WeakObjectReference public private(set) var collectionView: CollectionView? = nil
    /// `function(collectionView, kind, indexPath)`, for headers, footers and other supplementary views.
    public var supplementaryViewProvider: ScriptBlock?
    /// The outlines applied to sections (`applySnapshot_toSection_...`), by section identifier.
    private var sectionSnapshots: [DiffableIdentifier: DiffableSectionSnapshot] = [:]

    init(collectionView: CollectionView, cellProvider: ScriptBlock, environment: UIEnvironment) {
        super.init(cellProvider: cellProvider, environment: environment)
        self.collectionView = collectionView
        collectionView.nativeContent = self
        collectionView.dataSource = self
    }

    public func apply(_ snapshot: DiffableSnapshot, animated: Bool, completion: ScriptBlock?) throws {
        try apply(snapshot, to: collectionView, animated: animated, completion: completion)
        if let collectionView { try reconfigure(snapshot.reconfiguredItems, in: collectionView) }
        // An outline whose section the new snapshot changed no longer describes it.
        for (section, outline) in sectionSnapshots
        where (try? current.items(inSection: section)) != outline.visibleItems {
            setSectionSnapshot(nil, for: section)
        }
    }

    // MARK: Outlines

    /// `applySnapshot_toSection_animatingDifferences`: the section shows the outline's visible
    /// items (the section is appended when the snapshot has none of that name).
    public func apply(
        _ outline: DiffableSectionSnapshot, to section: DiffableIdentifier, animated: Bool, completion: ScriptBlock?
    ) throws {
        let next = current.copy()
        if next.section(section) == nil { try next.appendSections([section]) }
        let shown = try next.items(inSection: section)
        if !shown.isEmpty { try next.deleteItems(shown) }
        try next.appendItems(outline.visibleItems, to: section)
        setSectionSnapshot(outline.copy(), for: section)
        try apply(next, to: collectionView, animated: animated, completion: completion)
        // Cells that stay show their items' new state (a chevron turned by the expansion).
        if let view = collectionView {
            for (path, cell) in view.visibleCells { try showOutline(of: cell, at: path) }
        }
    }

    /// `snapshotForSection`: a copy of the section's outline, or its items as a flat one.
    public func sectionSnapshot(for section: DiffableIdentifier) throws -> DiffableSectionSnapshot {
        if let outline = sectionSnapshots[section] { return outline.copy() }
        return DiffableSectionSnapshot(flat: try current.items(inSection: section))
    }

    private func setSectionSnapshot(_ outline: DiffableSectionSnapshot?, for section: DiffableIdentifier) {
        replaceOwned(sectionSnapshots[section], with: outline)
        sectionSnapshots[section] = outline
    }

    /// An outline disclosure's tap: the item's children show or hide, animated.
    func toggleExpansion(at path: IndexPathValue) throws {
        guard current.sectionIdentifiers.indices.contains(path.section), let item = current.item(at: path) else {
            return
        }
        let section = current.sectionIdentifiers[path.section]
        guard let outline = sectionSnapshots[section]?.copy() else { return }
        if outline.isExpanded(item) { try outline.collapse([item]) } else { try outline.expand([item]) }
        try apply(outline, to: section, animated: true, completion: nil)
    }

    /// A list cell of an outline's item is indented by its level and shows whether it is expanded.
    private func showOutline(of cell: CollectionViewCell, at path: IndexPathValue) throws {
        guard let cell = cell as? ListCell, current.sectionIdentifiers.indices.contains(path.section),
            let outline = sectionSnapshots[current.sectionIdentifiers[path.section]], let item = current.item(at: path)
        else { return }
        cell.indentationLevel = try outline.level(of: item)
        cell.isExpanded = outline.isExpanded(item)
    }

    /// `applySnapshotUsingReloadData`: the content without a diff, as `reloadData` shows it.
    public func applyReloading(_ snapshot: DiffableSnapshot) throws {
        show(snapshot.copy())
        try collectionView?.reloadData()
    }

    /// Runs the cell provider again for every visible cell, as a save asks.
    func reconfigureVisibleCells() throws {
        guard let view = collectionView else { return }
        for path in view.visibleCells.keys.sorted(by: { ($0.section, $0.item) < ($1.section, $1.item) }) {
            guard let cell = view.visibleCells[path] else { continue }
            try view.reusing(cell, at: path) { _ = try self.cell(in: view, at: path) }
        }
    }

    /// Runs the cell provider again for the visible cells of `items`, each handed its own cell
    /// when it dequeues (iOS 15's reconfigure: no new cell).
    private func reconfigure(_ items: Set<DiffableIdentifier>, in view: CollectionView) throws {
        for item in items {
            guard let path = current.indexPath(of: item), let cell = view.visibleCells[path] else { continue }
            try view.reusing(cell, at: path) { _ = try self.cell(in: view, at: path) }
        }
    }
}

extension CollectionDiffableDataSource: CollectionViewContent {
    func sectionCounts(in view: CollectionView) throws -> [Int] { current.sectionCounts }

    func cell(in view: CollectionView, at path: IndexPathValue) throws -> CollectionViewCell {
        let cell = try providedCell(in: view, at: path, as: CollectionViewCell.self, className: "UICollectionViewCell")
        try showOutline(of: cell, at: path)
        return cell
    }

    func supplementaryView(in view: CollectionView, ofKind kind: String, at path: IndexPathValue) throws
        -> ReusableView?
    {
        guard let provider = supplementaryViewProvider, let bridge else { return nil }
        return try environment.providingCells {
            try bridge.call(
                provider, named: "the supplementary view provider", view, kind, path, returning: ReusableView?.self)
        }
    }
}
