import Foundation
import ObjectBridge

/// The row and the actions a swipe would pull, found when the swipe begins.
struct SwipeCandidate {
    let path: IndexPathValue
    let configuration: SwipeActionsConfiguration
    let edge: RowSwipe.Edge
    /// True when the row is open already and the drag moves it on.
    var isOpen = false
}

/// A view of rows that a swipe pulls aside to show their actions: a table view, or a
/// collection view's list sections. The view says where rows are and which actions they
/// have; the mechanics (`RowSwipeRecognizer`, the actions view, opening, a full swipe,
/// closing) are shared.
protocol SwipeableRows: View {
    /// The row pulled aside now, if any.
    var swipe: RowSwipe? { get set }
    var swipeTouches: TouchDispatcher { get }
    var swipeTextEngine: TextEngine { get }
    /// The row under `point`, in the view's coordinates.
    func swipeRow(at point: CGPoint) -> IndexPathValue?
    /// The row's rect as laid out, before any swipe moves it.
    func swipeRowRect(_ path: IndexPathValue) throws -> CGRect?
    /// The view showing the row, if it is shown.
    func swipeRowView(_ path: IndexPathValue) -> View?
    /// Shows the row at `row` moved to `displaced` (the same rect when it closes): a table's
    /// row moves across the table; a list's slides within its own rect, clipped there, as an
    /// inset section keeps its rounded shape.
    func moveSwipedRow(_ path: IndexPathValue, to displaced: CGRect, from row: CGRect)
    /// The actions a swipe toward `edge` reveals on the row; nil when there are none.
    func swipeActions(for path: IndexPathValue, edge: RowSwipe.Edge) throws -> SwipeActionsConfiguration?
    /// The row was pulled aside, or returned.
    func swipeDidBegin(at path: IndexPathValue) throws
    func swipeDidEnd(at path: IndexPathValue) throws
}

extension SwipeableRows {
    /// What a horizontal drag from `point` toward `edge` would pull: the open row, or a row with
    /// actions on that side. A drag on another row closes the open one.
    func swipeCandidate(at point: CGPoint, toward edge: RowSwipe.Edge) throws -> SwipeCandidate? {
        guard let path = swipeRow(at: point) else { return nil }
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
            actions: candidate.configuration.actions, edge: candidate.edge, touches: swipeTouches,
            engine: swipeTextEngine,
            tapped: { [weak self] action, button in try self?.perform(action, from: button) })
        let swipe = RowSwipe(
            path: candidate.path, view: view,
            performsFirstActionWithFullSwipe: candidate.configuration.performsFirstActionWithFullSwipe)
        self.swipe = swipe
        try addSubview(view)
        try swipeDidBegin(at: candidate.path)
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
    func settleOpen() throws {
        guard let swipe else { return }
        swipe.offset = swipe.view.openWidth
        try placeSwipe()
    }

    /// Moves the swiped row and its actions to the swipe's offset (again after a layout pass
    /// put the row back).
    func placeSwipe() throws {
        guard let swipe, let row = try swipeRowRect(swipe.path) else { return }
        moveSwipedRow(swipe.path, to: swipe.displaced(row), from: row)
        swipe.view.frame = swipe.actionsFrame(row)
        try swipe.view.layoutIfNeeded()
    }

    /// Runs an action's handler; when it completes, the row closes.
    private func perform(_ action: ContextualAction, from button: Button) throws {
        guard let opened = swipe else { return }
        try action.perform(from: button) { [weak self] _ in
            guard let self, self.swipe === opened else { return }
            try self.closeSwipe()
        }
    }

    /// Closes the open row: the actions go, the row returns to its place.
    func closeSwipe() throws {
        guard let swipe else { return }
        self.swipe = nil
        swipe.view.removeFromSuperview()
        if let row = try swipeRowRect(swipe.path) { moveSwipedRow(swipe.path, to: row, from: row) }
        try swipeDidEnd(at: swipe.path)
    }
}
