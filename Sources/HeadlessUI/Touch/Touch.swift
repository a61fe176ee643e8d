import Foundation

/// One finger on the screen, as the touch synthesizer drives it.
final class Touch {
    /// In window coordinates.
    var location: CGPoint
    var previousLocation: CGPoint
    var timestamp: Double
    var previousTimestamp: Double
    /// The view it came down on.
    weak var view: View?

    init(location: CGPoint, timestamp: Double) {
        self.location = location
        previousLocation = location
        self.timestamp = timestamp
        previousTimestamp = timestamp
    }

    func move(to point: CGPoint, at time: Double) {
        previousLocation = location
        previousTimestamp = timestamp
        location = point
        timestamp = time
    }
}
