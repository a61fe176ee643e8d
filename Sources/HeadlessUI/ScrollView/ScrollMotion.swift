import Foundation

/// How a scroll view moves on its own after a finger lifts, one axis at a time, as UIKit's
/// model has it. The velocity (points per millisecond) is multiplied by the deceleration rate
/// `d` each millisecond, so after `t` ms the content has moved `v d (1 - d^t) / (1 - d)` and
/// comes to rest `v d / (1 - d)` away. Content that runs past an edge is braked hard, then
/// comes back to the edge as a damped spring does. Positions are worked out from the time since
/// each phase began, so they do not depend on the frame rate.
struct ScrollMotion {
    /// UIKit's `UIScrollViewDecelerationRateNormal` and `...Fast`.
    static let normalRate = 0.998
    static let fastRate = 0.99
    /// How fast content past an edge loses its speed (per millisecond).
    static let overshootRate = 0.95
    /// The time constant (milliseconds) with which content past an edge comes back.
    static let returnTime = 60.0
    /// Below this speed (points per millisecond), or this distance from the edge (points), the
    /// motion stops.
    static let restingSpeed = 0.005
    static let restingDistance = 0.25

    /// The offset a flick from `position` at `velocity` comes to rest at (edges aside).
    static func restingOffset(from position: Double, velocity: Double, rate: Double) -> Double {
        position + velocity * rate / (1 - rate)
    }

    /// The velocity that brings a deceleration at `rate` from `position` to rest at `target`.
    static func velocity(from position: Double, to target: Double, rate: Double) -> Double {
        (target - position) * (1 - rate) / rate
    }

    /// One axis of the motion.
    struct Axis {
        enum Phase {
            /// Decelerating at `rate` from `position` at `velocity`, since `start`.
            case moving(position: Double, velocity: Double, rate: Double, start: Double)
            /// Coming back to `edge` from `position`, since `start`.
            case returning(position: Double, edge: Double, start: Double)
            case resting
        }

        private(set) var phase: Phase
        private(set) var position: Double
        let minimum: Double
        let maximum: Double
        let bounces: Bool
        /// Where the axis rests when it stops inside its edges.
        let target: Double
        let rate: Double

        init(position: Double, velocity: Double, minimum: Double, maximum: Double, bounces: Bool, rate: Double, target: Double) {
            self.position = position
            self.minimum = minimum
            self.maximum = maximum
            self.bounces = bounces
            self.rate = rate
            self.target = target
            phase = .moving(position: position, velocity: velocity, rate: rate, start: 0)
            if abs(velocity) < ScrollMotion.restingSpeed { settle(at: 0, velocity: velocity) }
        }

        var isResting: Bool {
            if case .resting = phase { return true }
            return false
        }

        private func edge(of position: Double) -> Double? {
            position < minimum ? minimum : position > maximum ? maximum : nil
        }

        /// The axis at `time` (milliseconds since the motion began).
        mutating func advance(to time: Double) {
            switch phase {
            case .resting:
                return
            case .moving(let start, let velocity, let rate, let began):
                let elapsed = time - began, decay = pow(rate, elapsed)
                position = start + velocity * rate * (1 - decay) / (1 - rate)
                let speed = velocity * decay
                let outside = edge(of: position)
                if let outside, !bounces {
                    position = outside
                    phase = .resting
                } else if let outside, rate != ScrollMotion.overshootRate, (position - outside) * speed > 0 {
                    phase = .moving(position: position, velocity: speed, rate: ScrollMotion.overshootRate, start: time)
                } else if abs(speed) < ScrollMotion.restingSpeed {
                    settle(at: time, velocity: speed)
                }
            case .returning(let start, let edge, let began):
                position = edge + (start - edge) * exp(-(time - began) / ScrollMotion.returnTime)
                if abs(position - edge) < ScrollMotion.restingDistance {
                    position = edge
                    phase = .resting
                }
            }
        }

        /// The axis has all but stopped: past an edge it goes back; inside it rests at its target.
        private mutating func settle(at time: Double, velocity: Double) {
            if let outside = edge(of: position) {
                phase = bounces ? .returning(position: position, edge: outside, start: time) : .resting
                if !bounces { position = outside }
            } else {
                position = target
                phase = .resting
            }
        }
    }

    var x: Axis
    var y: Axis
    /// Milliseconds since the motion began.
    private(set) var time = 0.0

    init(x: Axis, y: Axis) {
        self.x = x
        self.y = y
    }

    var offset: CGPoint { CGPoint(x: x.position, y: y.position) }
    var isFinished: Bool { x.isResting && y.isResting }

    mutating func advance(seconds: Double) {
        time += seconds * 1000
        x.advance(to: time)
        y.advance(to: time)
    }
}
