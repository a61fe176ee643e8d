import Foundation
import ObjectBridge

/// One finger on the screen, as the touch synthesizer drives it.
final class Touch {
    /// In window coordinates.
    var location: CGPoint
    var previousLocation: CGPoint
    var timestamp: Double
    var previousTimestamp: Double
    let view: View?
    var tapCount: Int

    init(location: CGPoint, timestamp: Double, view: View?, tapCount: Int) {
        self.location = location
        previousLocation = location
        self.timestamp = timestamp
        previousTimestamp = timestamp
        self.view = view
        self.tapCount = tapCount
    }

    func move(to point: CGPoint, at time: Double) {
        previousLocation = location
        previousTimestamp = timestamp
        location = point
        timestamp = time
    }
}

enum TouchPhase {
    case began, moved, ended, cancelled
}
