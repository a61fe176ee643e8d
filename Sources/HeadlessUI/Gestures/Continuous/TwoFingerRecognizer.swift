import Foundation
import ObjectBridge

/// A two-finger gesture: pinch and rotation measure the line between the first two touches.
public class TwoFingerRecognizer: GestureRecognizer {
    var startLine: (distance: Double, angle: Double)?
    var previous: (value: Double, time: Double)?
    public var velocity = 0.0

    var line: (distance: Double, angle: Double)? {
        guard touches.count >= 2 else { return nil }
        let dx = touches[1].location.x - touches[0].location.x
        let dy = touches[1].location.y - touches[0].location.y
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
