import Foundation
import ObjectBridge

/// Editing a table as UIKit does: editing mode puts a delete or insert control on each row
/// (`setEditing_animated`), and a swipe across a row reveals its swipe actions (the delegate's
/// `UISwipeActionsConfiguration`, or a Delete button when the data source commits deletions).
/// A tap on a delete control shows the same actions; Delete and the insert control commit
/// through `tableView_commitEditingStyle_forRowAtIndexPath`.
extension TableView {
    /// The row and the actions a swipe would pull, found when the swipe begins.
    struct SwipeCandidate {
        let path: IndexPathValue
        let configuration: SwipeActionsConfiguration
        let edge: RowSwipe.Edge
        /// True when the row is open already and the drag moves it on.
        var isOpen = false
    }

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

    /// What a horizontal drag from `point` toward `edge` would pull: the open row, or a row with
    /// actions on that side. A drag on another row closes the open one.
    func swipeCandidate(at point: CGPoint, toward edge: RowSwipe.Edge) throws -> SwipeCandidate? {
        guard let path = indexPath(at: point) else { return nil }
        if let swipe {
            guard swipe.path == path else {
                try closeSwipe()
                return nil
            }
            return SwipeCandidate(
                path: path, configuration: SwipeActionsConfiguration(actions: swipe.view.actions), edge: swipe.edge,
                isOpen: true)
        }
        guard let configuration = try swipeActions(for: path, edge: edge) else { return nil }
        return SwipeCandidate(path: path, configuration: configuration, edge: edge)
    }

    /// A drag or a delete control begins to pull a row aside: its actions are put beside it.
    func beginSwipe(_ candidate: SwipeCandidate) throws {
        if let swipe, candidate.isOpen {
            swipe.offsetAtDragStart = swipe.offset
            return
        }
        let view = SwipeActionsView(
            actions: candidate.configuration.actions, edge: candidate.edge, touches: touches, engine: engine,
            tapped: { [weak self] action, button in try self?.perform(action, from: button) })
        let swipe = RowSwipe(
            path: candidate.path, view: view,
            performsFirstActionWithFullSwipe: candidate.configuration.performsFirstActionWithFullSwipe)
        self.swipe = swipe
        try addSubview(view)
        visibleCells[candidate.path]?.showingDeleteConfirmation = true
        _ = try askDelegate("tableView_willBeginEditingRowAtIndexPath", candidate.path, returning: AnyScriptValue.self)
    }

    /// The finger has travelled `travel` points across since the drag began.
    func moveSwipe(travel: Double) throws {
        guard let swipe else { return }
        swipe.offset = swipe.offset(afterTravel: travel, rowWidth: bounds.size.width)
        try placeSwipe()
    }

    /// The finger lifted, moving at `speed` points a second across (positive to the right).
    func endSwipe(speed: Double) throws {
        guard let swipe else { return }
        let towardFarEdge = swipe.edge == .trailing ? -speed : speed
        switch swipe.outcome(speed: towardFarEdge, rowWidth: bounds.size.width) {
        case .performFirstAction:
            guard let first = swipe.view.actions.first, let button = swipe.view.buttons.first else { return }
            try perform(first, from: button)
        case .open:
            try settleOpen()
        case .close:
            try closeSwipe()
        }
    }

    /// The open row rests at its buttons' width.
    private func settleOpen() throws {
        guard let swipe else { return }
        swipe.offset = swipe.view.openWidth
        try placeSwipe()
    }

    /// Moves the swiped row and its actions to the swipe's offset.
    private func placeSwipe() throws {
        guard let swipe, let row = try rect(forRow: swipe.path) else { return }
        visibleCells[swipe.path]?.frame = swipe.displaced(row)
        swipe.view.frame = swipe.actionsFrame(row)
        try swipe.view.layoutIfNeeded()
    }

    /// The row's rect as the layout places it: moved aside while it is swiped.
    func swipedRect(_ rect: CGRect, at path: IndexPathValue) -> CGRect {
        guard let swipe, swipe.path == path else { return rect }
        return swipe.displaced(rect)
    }

    /// Runs an action's handler; when it completes, the row closes.
    private func perform(_ action: ContextualAction, from button: Button) throws {
        guard let opened = swipe else { return }
        try action.perform(from: button) { [weak self] _ in
            guard let self, self.swipe === opened else { return }
            try self.closeSwipe()
        }
    }

    /// Closes the open row: the actions go, the row returns, the delegate hears of it.
    func closeSwipe() throws {
        guard let swipe else { return }
        self.swipe = nil
        swipe.view.removeFromSuperview()
        if let cell = visibleCells[swipe.path] {
            cell.showingDeleteConfirmation = false
            cell.frame.origin.x = 0  // rows span the table; the next layout may move it on
        }
        _ = try askDelegate("tableView_didEndEditingRowAtIndexPath", swipe.path, returning: AnyScriptValue.self)
    }
}
