import Foundation
import ObjectBridge

/// One finger on the screen, as the touch synthesizer drives it; its locations are in the
/// coordinates of the window it touches.
final class Touch {
    /// In window coordinates.
    var location: CGPoint
    var previousLocation: CGPoint
    var timestamp: Double
    var previousTimestamp: Double
    /// The view it came down on, in `window`.
    @WeakObjectReference var view: View? = nil
    @WeakObjectReference var window: Window? = nil

    init(location: CGPoint, timestamp: Double) {
        self.location = location
        previousLocation = location
        self.timestamp = timestamp
        previousTimestamp = timestamp
    }

    /// A screen point in the coordinates of the touch's window.
    func inWindow(_ point: CGPoint) -> CGPoint {
        guard let origin = window?.frame.origin else { return point }
        return CGPoint(x: point.x - origin.x, y: point.y - origin.y)
    }

    func move(to point: CGPoint, at time: Double) {
        previousLocation = location
        previousTimestamp = timestamp
        location = point
        timestamp = time
    }
}
