import Foundation
import ObjectBridge

/// `UILongPressGestureRecognizer`: a finger held `minimumPressDuration` seconds without moving
/// more than `allowableMovement` begins it; moves change it; lifting ends it.
public final class LongPressRecognizer: GestureRecognizer {
    public var minimumPressDuration = 0.5
    public var allowableMovement = 10.0
    private var start = CGPoint.zero
    private var generation = 0

    override func touchesBegan(_ touches: [Touch]) throws {
        start = touches[0].location
        generation += 1
        let expected = generation
        dispatcher.clock.schedule(after: minimumPressDuration) { [weak self] in
            guard let self, self.generation == expected, self.state == .possible, !self.touches.isEmpty else { return }
            try self.recognize()
        }
    }

    override func touchesMoved(_ touches: [Touch]) throws {
        if state == .possible {
            if hypot(centroid.x - start.x, centroid.y - start.y) > allowableMovement { try fail() }
        } else {
            try change()
        }
    }

    override func touchesEnded(_ touches: [Touch]) throws {
        generation += 1
        if state == .possible { try fail() } else { try end() }
    }
}
