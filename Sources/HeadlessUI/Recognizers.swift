import Foundation
import ObjectBridge

/// `UITapGestureRecognizer`: `numberOfTapsRequired` taps, each lifted within the allowable
/// movement, the next one within `interval` seconds.
public final class TapRecognizer: GestureRecognizer {
    public var numberOfTapsRequired = 1
    public var numberOfTouchesRequired = 1
    static let allowableMovement = 10.0
    static let interval = 0.35
    private(set) var tapsSoFar = 0
    private var start = CGPoint.zero
    private var generation = 0
    /// The most fingers down at once during the current tap.
    private var fingers = 0

    override var isDiscrete: Bool { true }

    /// Also waiting for the next tap.
    override var isWaiting: Bool { super.isWaiting || tapsSoFar > 0 }

    override func touchesBegan(_ touches: [Touch]) throws {
        if tapsSoFar == 0 { start = touches[0].location }
        fingers = max(fingers, self.touches.count)
        generation += 1
    }

    override func touchesMoved(_ touches: [Touch]) throws {
        if touches.contains(where: { hypot($0.location.x - start.x, $0.location.y - start.y) > Self.allowableMovement }) {
            try fail()
        }
    }

    override func touchesEnded(_ touches: [Touch]) throws {
        guard state == .possible, self.touches.count <= touches.count else { return }  // the last finger lifts
        defer { fingers = 0 }
        guard fingers == numberOfTouchesRequired else { return try fail() }
        tapsSoFar += 1
        if tapsSoFar >= numberOfTapsRequired {
            tapsSoFar = 0
            try recognize()
            return
        }
        // Another tap must come in time.
        generation += 1
        let expected = generation
        dispatcher.clock.schedule(after: Self.interval) { [weak self] in
            guard let self, self.generation == expected, self.state == .possible else { return }
            self.tapsSoFar = 0
            try self.fail()
            self.dispatcher.resetFinished()
        }
    }

    override func reset() {
        tapsSoFar = 0
        fingers = 0
    }
}

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

/// `UIPanGestureRecognizer`: begins once the touches moved 10 points; `translationInView` and
/// `velocityInView` follow their centroid.
public final class PanRecognizer: GestureRecognizer {
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
            velocity = CGPoint(x: (touch.location.x - touch.previousLocation.x) / elapsed,
                               y: (touch.location.y - touch.previousLocation.y) / elapsed)
        }
        let count = self.touches.count
        if state == .possible {
            guard count >= minimumNumberOfTouches, count <= maximumNumberOfTouches,
                  hypot(centroid.x - start.x, centroid.y - start.y) > Self.hysteresis else { return }
            try recognize()
        } else {
            try change()
        }
    }

    override func touchesEnded(_ touches: [Touch]) throws {
        if state == .possible { try fail() } else if self.touches.count <= touches.count { try end() }
    }

    override func reset() { velocity = .zero }

    var translation: CGPoint { CGPoint(x: lastCentroid.x - start.x, y: lastCentroid.y - start.y) }
}

/// A two-finger gesture: pinch and rotation measure the line between the first two touches.
public class TwoFingerRecognizer: GestureRecognizer {
    var startLine: (distance: Double, angle: Double)?
    var previous: (value: Double, time: Double)?
    public var velocity = 0.0

    var line: (distance: Double, angle: Double)? {
        guard touches.count >= 2 else { return nil }
        let dx = touches[1].location.x - touches[0].location.x, dy = touches[1].location.y - touches[0].location.y
        return (hypot(dx, dy), atan2(dy, dx))
    }

    /// The gesture's value for the current line (scale or rotation).
    func value(_ line: (distance: Double, angle: Double), from start: (distance: Double, angle: Double)) -> Double { 0 }
    /// Whether the value moved far enough from its start to begin.
    func isPastThreshold(_ value: Double) -> Bool { false }

    override func touchesBegan(_ touches: [Touch]) throws {
        if state == .possible, startLine == nil, let line { startLine = line }
    }

    override func touchesMoved(_ touches: [Touch]) throws {
        guard let line, let startLine else { return }
        let current = value(line, from: startLine)
        let now = dispatcher.clock.now
        if let previous, now > previous.time { velocity = (current - previous.value) / (now - previous.time) }
        previous = (current, now)
        if state == .possible {
            if isPastThreshold(current) { try recognize() }
        } else {
            try change()
        }
    }

    override func touchesEnded(_ touches: [Touch]) throws {
        if state == .possible { try fail() } else { try end() }
    }

    override func reset() {
        startLine = nil
        previous = nil
        velocity = 0
    }

    /// The current value, or the last one after the fingers lifted.
    var currentValue: Double {
        if let line, let startLine { return value(line, from: startLine) }
        return previous?.value ?? neutral
    }

    var neutral: Double { 0 }
}

/// `UIPinchGestureRecognizer`: `scale` is the distance between the fingers over its start.
public final class PinchRecognizer: TwoFingerRecognizer {
    override func value(_ line: (distance: Double, angle: Double), from start: (distance: Double, angle: Double)) -> Double {
        start.distance > 0 ? line.distance / start.distance : 1
    }
    override func isPastThreshold(_ value: Double) -> Bool { abs(value - 1) > 0.05 }
    override var neutral: Double { 1 }
}

/// `UIRotationGestureRecognizer`: `rotation` is the turn of the line between the fingers, in
/// radians, clockwise on screen.
public final class RotationRecognizer: TwoFingerRecognizer {
    override func value(_ line: (distance: Double, angle: Double), from start: (distance: Double, angle: Double)) -> Double {
        var turn = line.angle - start.angle
        while turn > .pi { turn -= 2 * .pi }
        while turn < -.pi { turn += 2 * .pi }
        return turn
    }
    override func isPastThreshold(_ value: Double) -> Bool { abs(value) > 0.08 }
}
