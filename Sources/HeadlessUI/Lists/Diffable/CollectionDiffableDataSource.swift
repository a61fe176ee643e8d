import Foundation
import ObjectBridge

/// `UICollectionViewDiffableDataSource`: a collection view's data source whose content is a
/// snapshot of identifiers; its cell provider is `function(collectionView, indexPath,
/// itemIdentifier)`.
public final class CollectionDiffableDataSource: DiffableDataSource {
    @WeakObjectReference public private(set) var collectionView: CollectionView? = nil
    /// `function(collectionView, kind, indexPath)`, for headers, footers and other supplementary views.
    public var supplementaryViewProvider: ScriptBlock?

    init(collectionView: CollectionView, cellProvider: ScriptBlock, environment: UIEnvironment) {
        super.init(cellProvider: cellProvider, environment: environment)
        self.collectionView = collectionView
        collectionView.nativeContent = self
        collectionView.dataSource = self
    }

    public func apply(_ snapshot: DiffableSnapshot, animated: Bool, completion: ScriptBlock?) throws {
        try apply(snapshot, to: collectionView, animated: animated, completion: completion)
        if let collectionView { try reconfigure(snapshot.reconfiguredItems, in: collectionView) }
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
        try providedCell(in: view, at: path, as: CollectionViewCell.self, className: "UICollectionViewCell")
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
