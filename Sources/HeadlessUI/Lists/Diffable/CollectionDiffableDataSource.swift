import Foundation
import ObjectBridge

/// `UICollectionViewDiffableDataSource`: a collection view's data source whose content is a
/// snapshot of identifiers. Its cell provider (`function(collectionView, indexPath,
/// itemIdentifier)`) makes each cell; applying a new snapshot performs the batch update
/// between the two, so unchanged items keep their cells.
public final class CollectionDiffableDataSource: BridgeObject {
    @WeakObjectReference public private(set) var collectionView: CollectionView? = nil
    let cellProvider: ScriptBlock
    /// `function(collectionView, kind, indexPath)`, for headers, footers and other supplementary views.
    public var supplementaryViewProvider: ScriptBlock?
    /// The snapshot last applied.
    public private(set) var current = DiffableSnapshot()
    private let environment: UIEnvironment

    init(collectionView: CollectionView, cellProvider: ScriptBlock, environment: UIEnvironment) {
        (self.cellProvider, self.environment) = (cellProvider, environment)
        super.init()
        adopt(current)
        self.collectionView = collectionView
        collectionView.nativeContent = self
        collectionView.dataSource = self
    }

    /// A copy of the current snapshot, to change and apply.
    public func snapshot() -> DiffableSnapshot { current.copy() }

    /// Makes `snapshot` the content: with `animated`, the batch update animates on the clock;
    /// `completion` runs when it ends.
    public func apply(_ snapshot: DiffableSnapshot, animated: Bool, completion: ScriptBlock?) throws {
        let next = snapshot.copy()
        guard let view = collectionView else {
            replaceOwned(current, with: next)
            current = next
            return
        }
        let diff = SnapshotDiff(from: current, to: snapshot, words: .collection)
        try environment.clock.withAnimations(enabled: animated) {
            try view.performUpdates(completion: completion) {
                replaceOwned(current, with: next)
                current = next
                try view.record { $0 = diff.updates }
            }
        }
        try reconfigure(snapshot.reconfiguredItems, in: view)
    }

    /// `applySnapshotUsingReloadData`: the content without a diff, as `reloadData` shows it.
    public func applyReloading(_ snapshot: DiffableSnapshot) throws {
        let next = snapshot.copy()
        replaceOwned(current, with: next)
        current = next
        try collectionView?.reloadData()
    }

    /// Runs the cell provider again for the visible cells of `items`, each handed its own cell
    /// when it dequeues (iOS 15's reconfigure: no new cell).
    private func reconfigure(_ items: Set<DiffableIdentifier>, in view: CollectionView) throws {
        for item in items {
            guard let path = current.indexPath(of: item), let cell = view.visibleCells[path] else { continue }
            try view.reusing(cell, at: path) { _ = try makeCell(in: view, at: path) }
        }
    }

    private func makeCell(in view: CollectionView, at path: IndexPathValue) throws -> CollectionViewCell {
        guard let bridge, let item = current.item(at: path) else {
            throw ScriptValueError("the diffable data source has no item \(path.item) in section \(path.section)")
        }
        guard
            let cell = try bridge.call(
                cellProvider, named: "the cell provider", view, path, item, returning: CollectionViewCell?.self)
        else {
            throw ScriptValueError(
                "the cell provider returned no cell for item \(item) at item \(path.item) of section \(path.section)")
        }
        return cell
    }
}

extension CollectionDiffableDataSource: CollectionViewContent {
    func sectionCounts(in view: CollectionView) throws -> [Int] { current.sectionCounts }

    func cell(in view: CollectionView, at path: IndexPathValue) throws -> CollectionViewCell {
        try makeCell(in: view, at: path)
    }

    func supplementaryView(in view: CollectionView, ofKind kind: String, at path: IndexPathValue) throws
        -> ReusableView?
    {
        guard let provider = supplementaryViewProvider, let bridge else { return nil }
        return try bridge.call(
            provider, named: "the supplementary view provider", view, kind, path, returning: ReusableView?.self)
    }
}
