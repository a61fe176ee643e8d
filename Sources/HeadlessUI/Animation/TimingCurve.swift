import Foundation
import ObjectBridge

/// How an animation's progress follows its time: one of Core Animation's cubic Bézier curves,
/// or a spring.
enum TimingCurve: Equatable {
    /// A cubic Bézier from (0, 0) to (1, 1) through the control points (x1, y1) and (x2, y2).
    case bezier(Double, Double, Double, Double)
    /// A spring with `damping` (the damping ratio, 0 to 1) that starts at `velocity` (in
    /// animated distances per second) and has all but settled when the animation ends.
    case spring(damping: Double, velocity: Double)

    static let easeInOut = TimingCurve.bezier(0.42, 0, 0.58, 1)
    static let easeIn = TimingCurve.bezier(0.42, 0, 1, 1)
    static let easeOut = TimingCurve.bezier(0, 0, 0.58, 1)
    static let linear = TimingCurve.bezier(0, 0, 1, 1)

    /// The curve that `UIViewAnimationOptions` bits 16–19 select (ease in-out when they are 0).
    init(options: Int) {
        switch (options >> 16) & 0xF {
        case 1: self = .easeIn
        case 2: self = .easeOut
        case 3: self = .linear
        default: self = .easeInOut
        }
    }

    /// The Bézier through the control points a script gave `owner` (a timing function, a
    /// timing parameters object): their x must be from 0 to 1, so that the curve moves
    /// forward in time.
    static func bezier(checking x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, of owner: String) throws
        -> TimingCurve
    {
        for (value, name) in [(x1, "c1x"), (x2, "c2x")] where !(0...1).contains(value) {
            throw ScriptValueError("\(owner)'s \(name) must be from 0 to 1, got \(value)")
        }
        for (value, name) in [(y1, "c1y"), (y2, "c2y")] where !value.isFinite {
            throw ScriptValueError("\(owner)'s \(name) must be a finite number, got \(value)")
        }
        return .bezier(x1, y1, x2, y2)
    }

    /// The progress (0 at the start, 1 at the end; a spring overshoots) at `fraction` of an
    /// animation lasting `duration` seconds.
    func progress(at fraction: Double, duration: Double) -> Double {
        guard fraction < 1 else { return 1 }
        guard fraction > 0 else { return 0 }
        switch self {
        case .bezier(let x1, let y1, let x2, let y2):
            return Self.bezier(y1, y2, at: Self.parameter(for: fraction, x1, x2))
        case .spring(let damping, let velocity):
            return 1
                - Self.springDisplacement(
                    at: fraction * duration, duration: duration, damping: damping, velocity: velocity)
        }
    }

    /// One coordinate of the Bézier whose inner control points have `p1` and `p2` for it.
    private static func bezier(_ p1: Double, _ p2: Double, at t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    /// The curve's parameter where its x is `x`: Newton's method, with bisection where the
    /// slope is too flat for it (x grows with the parameter, so the root is unique).
    private static func parameter(for x: Double, _ x1: Double, _ x2: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = bezier(x1, x2, at: t) - x
            if abs(error) < 1e-12 { return t }
            let slope = 3 * (1 - t) * (1 - t) * x1 + 6 * (1 - t) * t * (x2 - x1) + 3 * t * t * (1 - x2)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var low = 0.0
        var high = 1.0
        t = x
        for _ in 0..<60 {
            let value = bezier(x1, x2, at: t)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    /// How much of the distance a spring still has to go after `time` seconds: a unit mass
    /// whose stiffness makes its swing decay to 1/1500 of the distance in `duration`
    /// (the usual match of UIKit's duration-based springs to Core Animation's physical ones,
    /// whose exact derivation Apple does not publish), released at `velocity` toward the end.
    static func springDisplacement(at time: Double, duration: Double, damping: Double, velocity: Double) -> Double {
        let ratio = min(1, max(damping, 0.01))
        let decay = log(1500) / duration  // ζω
        let frequency = decay / ratio  // ω
        if ratio >= 1 { return exp(-decay * time) * (1 + (decay - velocity) * time) }
        let damped = frequency * (1 - ratio * ratio).squareRoot()
        return exp(-decay * time) * (cos(damped * time) + (decay - velocity) / damped * sin(damped * time))
    }
}
