import Foundation
import ObjectBridge

/// The recognizer for swipes across a row of a table view or a list: it begins for a
/// horizontal drag on a row that has swipe actions toward that side (or is open already), so a
/// vertical drag stays the scroll view's and rows without actions leave the swipe to other
/// recognizers.
final class RowSwipeRecognizer: PanRecognizer {
    private unowned let table: SwipeableRows
    /// The row and actions this gesture pulls, chosen once the drag is first far enough
    /// across (the delegate is asked once a gesture, not at every move).
    private var candidate: SwipeCandidate?
    private var lookedForCandidate = false

    init(table: SwipeableRows, dispatcher: TouchDispatcher) {
        self.table = table
        super.init(dispatcher: dispatcher)
        maximumNumberOfTouches = 1
    }

    override func movedFarEnoughToBegin(_ moved: CGPoint) -> Bool {
        guard let along = try? windowVector(moved, in: table), abs(along.x) > abs(along.y),
            super.movedFarEnoughToBegin(CGPoint(x: along.x, y: 0)),
            let origin = try? windowPoint(self.start, in: table)
        else { return false }
        guard !lookedForCandidate else { return candidate != nil }
        lookedForCandidate = true
        do {
            candidate = try table.swipeCandidate(at: origin, toward: along.x < 0 ? .trailing : .leading)
        } catch {
            bridge?.report(error, during: "a row's swipe actions")
        }
        return candidate != nil
    }

    override func stateDidChange() throws {
        switch state {
        case .began:
            guard let candidate else { return }
            try table.beginSwipe(candidate)
            try table.moveSwipe(travel: try windowVector(translation, in: table).x)
        case .changed:
            try table.moveSwipe(travel: try windowVector(translation, in: table).x)
        case .ended, .cancelled:
            let speed = state == .ended ? try windowVector(velocity, in: table).x : 0
            try table.endSwipe(speed: speed)
        default:
            break
        }
    }

    override func reset() {
        super.reset()
        candidate = nil
        lookedForCandidate = false
    }
}
