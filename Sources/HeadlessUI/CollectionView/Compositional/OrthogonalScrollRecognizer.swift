import Foundation
import ObjectBridge

/// A collection view's own recognizer for drags across an orthogonal section's row: it begins
/// for a horizontal drag on such a row, moves the row with the finger, and lets it come to rest
/// as the section's behavior says. A vertical drag stays the collection view's.
final class OrthogonalScrollRecognizer: PanRecognizer {
    private unowned let collection: CollectionView
    /// The row this drag moves, and its offset when the drag began.
    private var dragged: (section: Int, began: Double)?

    init(collection: CollectionView, dispatcher: TouchDispatcher) {
        self.collection = collection
        super.init(dispatcher: dispatcher)
        maximumNumberOfTouches = 1
    }

    private var layout: CompositionalLayout? { collection.layout as? CompositionalLayout }

    override func movedFarEnoughToBegin(_ moved: CGPoint) -> Bool {
        guard let along = try? windowVector(moved, in: collection), abs(along.x) > abs(along.y),
            super.movedFarEnoughToBegin(CGPoint(x: along.x, y: 0)),
            let origin = try? windowPoint(self.start, in: collection), let layout,
            let section = layout.orthogonalSection(atY: Double(origin.y))
        else { return false }
        dragged = (section, layout.orthogonalOffset(section))
        return true
    }

    override func stateDidChange() throws {
        guard let dragged, let layout else { return }
        let across = Double(try windowVector(translation, in: collection).x)
        switch state {
        case .began, .changed:
            layout.setOrthogonalOffset(dragged.began - across, of: dragged.section)
        case .ended, .cancelled:
            let speed = state == .ended ? -Double(try windowVector(velocity, in: collection).x) : 0
            let resting = layout.restingOrthogonalOffset(
                of: dragged.section, at: layout.orthogonalOffset(dragged.section), velocity: speed,
                began: dragged.began)
            layout.setOrthogonalOffset(resting, of: dragged.section)
        default:
            break
        }
    }

    override func reset() {
        super.reset()
        dragged = nil
    }
}
