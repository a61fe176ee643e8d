import Foundation
import ObjectBridge

/// What `UICollectionViewDiffableDataSource` and `UITableViewDiffableDataSource` share: the
/// snapshot shown, its cells from the script's cell provider, and applying another snapshot as
/// the batch update between the two, so that unchanged items keep their cells.
public class DiffableDataSource: BridgeObject {
    /// `function(listView, indexPath, itemIdentifier)`, returning the item's cell.
    let cellProvider: ScriptBlock
    /// The snapshot last applied.
    public private(set) var current = DiffableSnapshot()
    let environment: UIEnvironment

    init(cellProvider: ScriptBlock, environment: UIEnvironment) {
        (self.cellProvider, self.environment) = (cellProvider, environment)
        super.init()
        adopt(current)
    }

    /// A copy of the current snapshot, to change and apply.
    public func snapshot() -> DiffableSnapshot { current.copy() }

    /// Makes `snapshot` the content of `list`: with `animated`, the batch update animates on
    /// the clock; `completion` runs when it ends.
    func apply(
        _ snapshot: DiffableSnapshot, to list: (any BatchUpdating)?, animated: Bool, completion: ScriptBlock?
    ) throws {
        let next = snapshot.copy()
        guard let list else { return show(next) }
        let diff = SnapshotDiff(from: current, to: snapshot, words: list.updateWords)
        try environment.clock.withAnimations(enabled: animated) {
            try list.performUpdates(completion: completion) {
                show(next)
                try list.record { $0 = diff.updates }
            }
        }
    }

    /// Makes `next` the content without an update (the list reloads, or is not there).
    func show(_ next: DiffableSnapshot) {
        replaceOwned(current, with: next)
        current = next
    }

    /// The cell provider's cell for the item at `path` in `list`, a `Cell` (whose class
    /// `className` names in the error when it is not).
    func providedCell<Cell: View>(in list: View, at path: IndexPathValue, as type: Cell.Type, className: String)
        throws -> Cell
    {
        guard let bridge, let item = current.item(at: path) else {
            throw ScriptValueError("the diffable data source has no item \(path.item) in section \(path.section)")
        }
        let provided = try environment.providingCells {
            try bridge.call(cellProvider, named: "the cell provider", list, path, item, returning: View?.self)
        }
        guard let cell = provided as? Cell else {
            throw ScriptValueError(
                "the cell provider returned no \(className) for item \(item) at item \(path.item) of section "
                    + "\(path.section)")
        }
        return cell
    }
}
