import Foundation
import ObjectBridge

/// A row pulled aside to show its swipe actions: by a swipe, or by its delete control in
/// editing mode. The row moves toward the far edge by `offset`; the actions fill the space it
/// leaves.
final class RowSwipe {
    /// The edge of the row the actions come from: trailing for a swipe to the left.
    enum Edge { case leading, trailing }

    let path: IndexPathValue
    let view: SwipeActionsView
    let performsFirstActionWithFullSwipe: Bool
    /// How far the row has moved, from 0 (closed).
    var offset = 0.0
    /// The offset when the drag now moving it began.
    var offsetAtDragStart = 0.0

    /// A flick at this speed (points a second) opens or closes the row whatever the offset.
    static let flickSpeed = 300.0
    /// How much of the row a full swipe must uncover, beyond the open buttons, to perform the
    /// first action (UIKit publishes no threshold; this follows the device's feel).
    static let fullSwipeFraction = 0.6
    static let fullSwipeMargin = 40.0

    init(path: IndexPathValue, view: SwipeActionsView, performsFirstActionWithFullSwipe: Bool) {
        self.path = path
        self.view = view
        self.performsFirstActionWithFullSwipe = performsFirstActionWithFullSwipe
    }

    var edge: Edge { view.edge }

    /// The row's rect, moved by the swipe.
    func displaced(_ row: CGRect) -> CGRect {
        var moved = row
        moved.origin.x += edge == .trailing ? -offset : offset
        return moved
    }

    /// Where the actions show: the part of the row's rect that the row has left.
    func actionsFrame(_ row: CGRect) -> CGRect {
        let width = min(offset, row.size.width)
        let x = edge == .trailing ? row.maxX - width : row.minX
        return CGRect(x: x, y: row.minY, width: width, height: row.size.height)
    }

    /// The offset the drag has reached, given the finger's horizontal travel since it began.
    func offset(afterTravel travel: Double, rowWidth: Double) -> Double {
        let toward = edge == .trailing ? -travel : travel
        return min(max(0, offsetAtDragStart + toward), rowWidth)
    }

    /// What a lifted finger leaves: the first action performed (a full swipe), the row open at
    /// its buttons' width, or closed. `speed` is the finger's, positive toward the far edge.
    enum Outcome { case performFirstAction, open, close }

    func outcome(speed: Double, rowWidth: Double) -> Outcome {
        let open = view.openWidth
        if performsFirstActionWithFullSwipe,
            offset > max(open + Self.fullSwipeMargin, rowWidth * Self.fullSwipeFraction)
        {
            return .performFirstAction
        }
        if speed > Self.flickSpeed { return .open }
        if speed < -Self.flickSpeed { return .close }
        return offset > open / 2 ? .open : .close
    }
}
