import Foundation

/// How a scroll view moves on its own after a finger lifts, as UIKit's model has it.
///
/// Inside its edges an axis decelerates: its velocity `v` (points per millisecond) is
/// multiplied by the deceleration rate `d` each millisecond, so after `t` ms it has moved
/// `v d (1 - d^t) / (1 - d)` and comes to rest `v d / (1 - d)` away. Past an edge the same
/// motion is also damped by `k = 0.99` per millisecond: `x(t) = k^t (x0 + v d (1 - d^t) / (1 - d))`
/// from the edge, which carries it out and brings it back, not a spring. The moment an axis
/// crosses an edge is solved for, so positions depend only on the time, not on the frame rate.
/// The motion stops when no axis is past an edge and the speed falls under 0.01 points per
/// millisecond, or when an axis past an edge comes within half a point of it.
struct ScrollMotion {
    /// UIKit's `UIScrollViewDecelerationRateNormal` and `...Fast`.
    static let normalRate = 0.998
    static let fastRate = 0.99
    /// How much of its distance from the edge content past an edge keeps each millisecond.
    static let bounceRate = 0.99
    /// Below this speed (points per millisecond) the content stops.
    static let restingSpeed = 0.01
    /// Content past an edge this close to it (points) stops there.
    static let restingDistance = 0.5

    /// The offset a flick from `position` at `velocity` comes to rest at (edges aside).
    static func restingOffset(from position: Double, velocity: Double, rate: Double) -> Double {
        position + velocity * rate / (1 - rate)
    }

    /// The velocity that brings a deceleration at `rate` from `position` to rest at `target`.
    static func velocity(from position: Double, to target: Double, rate: Double) -> Double {
        (target - position) * (1 - rate) / rate
    }

    /// The distance a deceleration at `rate` from `velocity` covers in `time` milliseconds.
    static func glide(_ velocity: Double, rate: Double, time: Double) -> Double {
        velocity * rate * (1 - pow(rate, time)) / (1 - rate)
    }

    /// The time at which a glide from `velocity` has covered `distance`, if it ever does.
    static func timeToGlide(_ distance: Double, velocity: Double, rate: Double) -> Double? {
        guard velocity != 0 else { return nil }
        let remaining = 1 - distance * (1 - rate) / (velocity * rate)
        guard remaining > 0, remaining <= 1 else { return nil }
        return log(remaining) / log(rate)
    }

    /// One axis of the motion.
    struct Axis {
        enum Phase {
            /// Gliding inside the edges from `position` at `velocity`, since `start`.
            case gliding(position: Double, velocity: Double, start: Double)
            /// Past `edge`, `distance` beyond it at `start`, moving at `velocity`.
            case bouncing(edge: Double, distance: Double, velocity: Double, start: Double)
            case resting
        }

        private(set) var phase: Phase
        private(set) var position: Double
        private(set) var velocity: Double
        let minimum: Double
        let maximum: Double
        let bounces: Bool
        let rate: Double
        /// Where the axis rests when it stops inside its edges.
        let target: Double

        init(
            position: Double, velocity: Double, minimum: Double, maximum: Double, bounces: Bool, rate: Double,
            target: Double
        ) {
            self.position = position
            self.velocity = velocity
            self.minimum = minimum
            self.maximum = maximum
            self.bounces = bounces
            self.rate = rate
            self.target = target
            phase = .resting
            phase = start(at: position, velocity: velocity, time: 0)
        }

        var isResting: Bool {
            if case .resting = phase { return true }
            return false
        }

        var isBouncing: Bool {
            if case .bouncing = phase { return true }
            return false
        }

        private func edge(of position: Double) -> Double? {
            position < minimum ? minimum : position > maximum ? maximum : nil
        }

        /// The phase for content at `position` moving at `velocity` at `time`.
        private func start(at position: Double, velocity: Double, time: Double) -> Phase {
            guard let edge = edge(of: position) else {
                return .gliding(position: position, velocity: velocity, start: time)
            }
            return .bouncing(edge: edge, distance: position - edge, velocity: velocity, start: time)
        }

        /// The axis at `time` (milliseconds since the motion began), phase after phase.
        mutating func advance(to time: Double) {
            while true {
                switch phase {
                case .resting:
                    return
                case .gliding(let start, let initial, let began):
                    // Where the glide meets an edge, if it does: from there on it bounces (or stops).
                    let edge = initial > 0 ? maximum : minimum
                    if let crossing = ScrollMotion.timeToGlide(edge - start, velocity: initial, rate: rate),
                        began + crossing <= time
                    {
                        let speed = initial * pow(rate, crossing)
                        position = edge
                        if !bounces {
                            velocity = 0
                            phase = .resting
                            return
                        }
                        phase = .bouncing(edge: edge, distance: 0, velocity: speed, start: began + crossing)
                        continue
                    }
                    let elapsed = time - began
                    position = start + ScrollMotion.glide(initial, rate: rate, time: elapsed)
                    velocity = initial * pow(rate, elapsed)
                    return
                case .bouncing(let edge, let distance, let initial, let began):
                    // The glide, damped: back inside (when it was heading in) it glides again.
                    let inward = edge == minimum ? 1.0 : -1.0
                    if distance * inward < 0,
                        let crossing = ScrollMotion.timeToGlide(-distance, velocity: initial, rate: rate),
                        began + crossing <= time
                    {
                        position = edge
                        let speed = initial * pow(rate * ScrollMotion.bounceRate, crossing)
                        phase = .gliding(position: edge, velocity: speed, start: began + crossing)
                        continue
                    }
                    let elapsed = time - began
                    let damping = pow(ScrollMotion.bounceRate, elapsed)
                    let beyond = damping * (distance + ScrollMotion.glide(initial, rate: rate, time: elapsed))
                    position = edge + beyond
                    velocity = initial * pow(rate, elapsed)
                    // How `beyond` changes: it stops only on its way back to the edge.
                    let change =
                        log(ScrollMotion.bounceRate) * beyond + damping * velocity * rate * -log(rate) / (1 - rate)
                    velocity *= damping
                    if abs(beyond) < ScrollMotion.restingDistance, change * beyond < 0 {
                        position = edge
                        velocity = 0
                        phase = .resting
                    }
                    return
                }
            }
        }

        /// Stops the axis where it is headed: its target when it is inside its edges.
        mutating func stop() {
            guard case .gliding = phase else { return }
            position = min(max(target, minimum), maximum)
            velocity = 0
            phase = .resting
        }
    }

    var x: Axis
    var y: Axis
    /// Milliseconds since the motion began.
    private(set) var time = 0.0

    init(x: Axis, y: Axis) {
        self.x = x
        self.y = y
        stopIfSlow()
    }

    var offset: CGPoint { CGPoint(x: x.position, y: y.position) }
    var isFinished: Bool { x.isResting && y.isResting }

    mutating func advance(seconds: Double) {
        time += seconds * 1000
        x.advance(to: time)
        y.advance(to: time)
        stopIfSlow()
    }

    /// UIKit stops the whole motion, not an axis, once nothing bounces and it is slow.
    private mutating func stopIfSlow() {
        guard !x.isBouncing, !y.isBouncing,
            x.velocity * x.velocity + y.velocity * y.velocity < ScrollMotion.restingSpeed * ScrollMotion.restingSpeed
        else { return }
        x.stop()
        y.stop()
    }
}
