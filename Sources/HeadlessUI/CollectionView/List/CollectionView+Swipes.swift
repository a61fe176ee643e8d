import Foundation
import ObjectBridge

/// Swipe actions on the rows of list sections, as UIKit's lists have them: the list
/// configuration's leading and trailing providers (`function(indexPath)` returning a
/// `UISwipeActionsConfiguration` or nil) say what a swipe reveals; the table view's mechanics
/// (`SwipeableRows`) pull the row aside.
extension CollectionView: SwipeableRows {
    var swipeTouches: TouchDispatcher { panGestureRecognizer.dispatcher }
    var swipeTextEngine: TextEngine { engine }
    func swipeRow(at point: CGPoint) -> IndexPathValue? { indexPath(at: point) }
    func swipeRowRect(_ path: IndexPathValue) throws -> CGRect? { try layout.attributes(forItemAt: path)?.frame }
    func swipeRowView(_ path: IndexPathValue) -> View? { visibleCells[path] }

    /// The row keeps its frame; its content slides within it, clipped, under the actions.
    func moveSwipedRow(_ path: IndexPathValue, to displaced: CGRect, from row: CGRect) {
        guard let cell = visibleCells[path] else { return }
        cell.frame = row
        cell.setBounds(CGRect(x: row.minX - displaced.minX, y: 0, width: row.width, height: row.height))
        cell.clipsToBounds = displaced != row
    }

    func swipeActions(for path: IndexPathValue, edge: RowSwipe.Edge) throws -> SwipeActionsConfiguration? {
        guard let list = (layout as? CompositionalLayout)?.listConfiguration(ofSection: path.section),
            let provider = edge == .trailing ? list.trailingSwipeActionsProvider : list.leadingSwipeActionsProvider,
            let bridge
        else { return nil }
        let name =
            edge == .trailing ? "trailingSwipeActionsConfigurationProvider" : "leadingSwipeActionsConfigurationProvider"
        guard
            let configured = try bridge.call(provider, named: name, path, returning: SwipeActionsConfiguration?.self),
            !configured.actions.isEmpty
        else { return nil }
        return configured
    }

    func swipeDidBegin(at path: IndexPathValue) throws { visibleCells[path]?.setSwiped(true) }
    func swipeDidEnd(at path: IndexPathValue) throws { visibleCells[path]?.setSwiped(false) }
}
