import Foundation
import ObjectBridge

/// A collection view's own recognizer for drags across an orthogonal section's row: it begins
/// for a drag along the row (horizontal in a vertical layout) on such a row, moves the row with
/// the finger, and lets it glide to rest as the section's behavior says. A drag along the
/// layout stays the collection view's.
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
        guard let layout, let vector = try? windowVector(moved, in: collection) else { return false }
        let row = layout.rowAxis
        guard abs(row.along(vector)) > abs(row.other.along(vector)),
            super.movedFarEnoughToBegin(row.point(along: row.along(vector), across: 0)),
            let origin = try? windowPoint(self.start, in: collection),
            let section = layout.orthogonalSection(at: origin)
        else { return false }
        layout.stopOrthogonalRow(section)
        dragged = (section, layout.orthogonalOffset(section))
        return true
    }

    override func stateDidChange() throws {
        guard let dragged, let layout else { return }
        let row = layout.rowAxis
        let moved = row.along(try windowVector(translation, in: collection))
        switch state {
        case .began, .changed:
            layout.setOrthogonalOffset(dragged.began - moved, of: dragged.section)
        case .ended, .cancelled:
            // The row's velocity, in points a millisecond: the finger's, reversed.
            let speed = state == .ended ? -row.along(try windowVector(velocity, in: collection)) / 1000 : 0
            layout.glideOrthogonalRow(dragged.section, velocity: speed, began: dragged.began)
        default:
            break
        }
    }

    override func reset() {
        super.reset()
        dragged = nil
    }
}
