import Foundation
import ObjectBridge

/// `UITableViewDiffableDataSource`: a table view's data source whose content is a snapshot of
/// identifiers; its cell provider is `function(tableView, indexPath, itemIdentifier)`. Rows
/// keep the table's heights (its `rowHeight`, its delegate's, or self-sizing).
public final class TableDiffableDataSource: DiffableDataSource {
    @WeakObjectReference public private(set) var tableView: TableView? = nil
    /// `UITableViewRowAnimation` of applied updates; None (5) applies them without animating.
    public var defaultRowAnimation = 100

    init(tableView: TableView, cellProvider: ScriptBlock, environment: UIEnvironment) {
        super.init(cellProvider: cellProvider, environment: environment)
        self.tableView = tableView
        tableView.nativeContent = self
        tableView.dataSource = self
    }

    public func apply(_ snapshot: DiffableSnapshot, animated: Bool, completion: ScriptBlock?) throws {
        let animates = animated && defaultRowAnimation != TableView.rowAnimationNone
        try apply(snapshot, to: tableView, animated: animates, completion: completion)
    }

    /// `applySnapshotUsingReloadData`: the content without a diff, as `reloadData` shows it.
    public func applyReloading(_ snapshot: DiffableSnapshot) throws {
        show(snapshot.copy())
        try tableView?.reloadData()
    }
}

extension TableDiffableDataSource: TableViewContent {
    var providesRowHeights: Bool { false }

    func sectionCounts(in view: TableView) throws -> [Int] { current.sectionCounts }

    func cell(in view: TableView, at path: IndexPathValue) throws -> TableViewCell {
        try providedCell(in: view, at: path, as: TableViewCell.self, className: "UITableViewCell")
    }
}
