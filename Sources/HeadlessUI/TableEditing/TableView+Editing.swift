import Foundation
import ObjectBridge

/// Editing a table as UIKit does: editing mode puts a delete or insert control on each row
/// (`setEditing_animated`), and a swipe across a row reveals its swipe actions (the delegate's
/// `UISwipeActionsConfiguration`, or a Delete button when the data source commits deletions).
/// A tap on a delete control shows the same actions; Delete and the insert control commit
/// through `tableView_commitEditingStyle_forRowAtIndexPath`.
extension TableView: SwipeableRows {
    /// The title of the table's own delete action, unless the delegate names another.
    static let deleteTitle = "Delete"

    // MARK: Editing mode

    func setEditing(_ editing: Bool, animated: Bool) throws {
        try closeSwipe()
        isEditing = editing
        // The rows take their new layout now, as UIKit's do inside the mode's animation.
        for (path, cell) in visibleCells {
            try showEditing(of: cell, at: path, animated: animated)
            try cell.layoutIfNeeded()
        }
        setNeedsLayout()
    }

    /// Gives a row's cell the table's editing mode and the row's style.
    func showEditing(of cell: TableViewCell, at path: IndexPathValue, animated: Bool) throws {
        cell.setEditingStyle(isEditing ? try editingStyle(for: path) : 0)
        if cell.isEditing != isEditing { try cell.setEditing(isEditing, animated: animated) }
    }

    /// `UITableViewCellEditingStyle` of a row: none when the data source says it cannot be
    /// edited, else the delegate's, else delete.
    func editingStyle(for path: IndexPathValue) throws -> Int {
        guard try canEdit(path) else { return 0 }
        let method = "tableView_editingStyleForRowAtIndexPath"
        let style = try askDelegate(method, path, returning: Int.self) ?? 1
        guard TableViewCell.editingStyles.contains(where: { $0.1 == style }) else {
            throw ScriptValueError("\(method) returned \(style), which is not a UITableViewCellEditingStyle")
        }
        return style
    }

    private func canEdit(_ path: IndexPathValue) throws -> Bool {
        try askDataSource("tableView_canEditRowAtIndexPath", path, returning: Bool.self) ?? true
    }

    /// The data source commits an insertion or a deletion.
    private func commit(_ style: Int, at path: IndexPathValue) throws {
        _ = try askDataSource(
            "tableView_commitEditingStyle_forRowAtIndexPath", style, path, returning: AnyScriptValue.self)
    }

    /// A tap on a row's editing control: an insertion is committed; a deletion first shows the
    /// row's trailing actions, as UIKit asks for confirmation.
    func editingControlTapped(in cell: TableViewCell) throws {
        guard let path = indexPath(of: cell) else { return }
        if cell.editingStyle == 2 { return try commit(2, at: path) }
        if let swipe, swipe.path == path { return try closeSwipe() }
        try closeSwipe()
        guard let configuration = try swipeActions(for: path, edge: .trailing) else { return }
        try beginSwipe(SwipeCandidate(path: path, configuration: configuration, edge: .trailing))
        try settleOpen()
    }

    // MARK: Swipe actions

    /// The actions a swipe toward `edge` reveals on the row at `path`: the delegate's
    /// configuration, else (trailing) Delete when the row's style is delete and the data
    /// source commits edits; nil when there are none.
    func swipeActions(for path: IndexPathValue, edge: RowSwipe.Edge) throws -> SwipeActionsConfiguration? {
        guard try canEdit(path) else { return nil }
        let method =
            edge == .trailing
            ? "tableView_trailingSwipeActionsConfigurationForRowAtIndexPath"
            : "tableView_leadingSwipeActionsConfigurationForRowAtIndexPath"
        if delegateImplements(method),
            let configured = try askDelegate(method, path, returning: SwipeActionsConfiguration?.self) ?? nil
        {
            return configured.actions.isEmpty ? nil : configured
        }
        let commits = "tableView_commitEditingStyle_forRowAtIndexPath"
        guard edge == .trailing, dataSourceImplements(commits), try editingStyle(for: path) == 1 else { return nil }
        let title =
            try askDelegate("tableView_titleForDeleteConfirmationButtonForRowAtIndexPath", path, returning: String.self)
            ?? Self.deleteTitle
        let delete = ContextualAction(
            style: .destructive, title: title,
            handler: .native { [weak self] in try self?.commit(1, at: path) })
        return SwipeActionsConfiguration(actions: [delete])
    }

    // MARK: Swipeable rows

    var swipeTouches: TouchDispatcher { touches }
    var swipeTextEngine: TextEngine { engine }
    func swipeRow(at point: CGPoint) -> IndexPathValue? { indexPath(at: point) }
    func swipeRowRect(_ path: IndexPathValue) throws -> CGRect? { try rect(forRow: path) }
    func swipeRowView(_ path: IndexPathValue) -> View? { visibleCells[path] }

    func moveSwipedRow(_ path: IndexPathValue, to displaced: CGRect, from row: CGRect) {
        visibleCells[path]?.frame = displaced
    }

    /// The row's rect as the layout places it: moved aside while it is swiped.
    func swipedRect(_ rect: CGRect, at path: IndexPathValue) -> CGRect {
        guard let swipe, swipe.path == path else { return rect }
        return swipe.displaced(rect)
    }

    func swipeDidBegin(at path: IndexPathValue) throws {
        visibleCells[path]?.showingDeleteConfirmation = true
        _ = try askDelegate("tableView_willBeginEditingRowAtIndexPath", path, returning: AnyScriptValue.self)
    }

    func swipeDidEnd(at path: IndexPathValue) throws {
        visibleCells[path]?.showingDeleteConfirmation = false
        _ = try askDelegate("tableView_didEndEditingRowAtIndexPath", path, returning: AnyScriptValue.self)
    }
}
