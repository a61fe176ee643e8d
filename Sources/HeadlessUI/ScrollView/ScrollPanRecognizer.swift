import Foundation
import ObjectBridge

/// The pan recognizer a scroll view moves its content with (`panGestureRecognizer`): a
/// `UIPanGestureRecognizer` to scripts, which may add targets of their own to it.
public final class ScrollPanRecognizer: PanRecognizer {
    /// Weak: the touch dispatcher may hold the recognizer after its view has gone.
    @WeakObjectReference var scrollView: ScrollView? = nil

    /// Only movement along an axis the content scrolls counts, as UIKit's scroll view pan does:
    /// a horizontal swipe on a table that scrolls vertically stays for the swipe recognizers.
    /// In a sheet, a vertical drag the sheet takes (`takesDrag`) stays for the sheet.
    override func movedFarEnoughToBegin(_ moved: CGPoint) -> Bool {
        guard let scrollView, let along = try? windowVector(moved, in: scrollView) else { return false }
        let axes = scrollView.scrollableAxes
        if axes.vertical, abs(moved.y) > abs(moved.x), let sheet = scrollView.enclosingSheet,
            scrollView.enclosingVerticalScrollView === scrollView,
            sheet.takesDrag(on: scrollView, downward: moved.y > 0)
        {
            return false
        }
        return super.movedFarEnoughToBegin(
            CGPoint(x: axes.horizontal ? along.x : 0, y: axes.vertical ? along.y : 0))
    }

    override func stateDidChange() throws {
        guard let scrollView else { return }
        switch state {
        case .began:
            try scrollView.dragBegan()
            try scrollView.dragMoved(by: try windowVector(translation, in: scrollView))
        case .changed:
            try scrollView.dragMoved(by: try windowVector(translation, in: scrollView))
            scrollView.dragTracked(fingerY: try location(in: nil).y)
        case .ended, .cancelled:
            try scrollView.dragEnded(velocity: state == .ended ? try windowVector(velocity, in: scrollView) : .zero)
            try scrollView.dragReleased(velocityY: state == .ended ? velocity.y : 0)
        default:
            break
        }
    }
}
