import Foundation
import ObjectBridge

/// `UIPanGestureRecognizer`: begins once the touches moved 10 points; `translationInView` and
/// `velocityInView` follow their centroid.
public class PanRecognizer: GestureRecognizer {
    public var minimumNumberOfTouches = 1
    public var maximumNumberOfTouches = Int.max
    static let hysteresis = 10.0
    var start = CGPoint.zero
    var velocity = CGPoint.zero

    override func touchesBegan(_ touches: [Touch]) throws {
        if state == .possible { start = centroid }
    }

    override func touchesMoved(_ touches: [Touch]) throws {
        if let touch = touches.first, touch.timestamp > touch.previousTimestamp {
            let elapsed = touch.timestamp - touch.previousTimestamp
            velocity = CGPoint(
                x: (touch.location.x - touch.previousLocation.x) / elapsed,
                y: (touch.location.y - touch.previousLocation.y) / elapsed)
        }
        let count = self.touches.count
        if state == .possible {
            guard count >= minimumNumberOfTouches, count <= maximumNumberOfTouches,
                movedFarEnoughToBegin(CGPoint(x: centroid.x - start.x, y: centroid.y - start.y))
            else { return }
            try recognize()
        } else {
            try change()
        }
    }

    override func touchesEnded(_ touches: [Touch]) throws {
        if state == .possible { try fail() } else if self.touches.count <= touches.count { try end() }
    }

    override func reset() { velocity = .zero }

    /// Whether the touches moved far enough from where they came down (window coordinates) for
    /// the pan to begin.
    func movedFarEnoughToBegin(_ moved: CGPoint) -> Bool { hypot(moved.x, moved.y) > Self.hysteresis }

    var translation: CGPoint { CGPoint(x: lastCentroid.x - start.x, y: lastCentroid.y - start.y) }
}
