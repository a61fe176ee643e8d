import Foundation
import ObjectBridge

/// A `UITimingCurveProvider`: the curve a property animator runs on.
public class TimingParameters: BridgeObject {
    var curve: TimingCurve
    /// A physical spring's settling time, which replaces the animator's duration, as in UIKit.
    public internal(set) var settlingDuration: Double?

    init(curve: TimingCurve) {
        self.curve = curve
        super.init()
    }
}

/// `UICubicTimingParameters`: a system curve or a cubic Bézier of the script's (ease in and
/// out until an initializer says).
public final class CubicTimingParameters: TimingParameters {
    init() { super.init(curve: .easeInOut) }

    /// The curve's inner control points.
    var controlPoints: (CGPoint, CGPoint) {
        guard case .bezier(let x1, let y1, let x2, let y2) = curve else { return (.zero, CGPoint(x: 1, y: 1)) }
        return (CGPoint(x: x1, y: y1), CGPoint(x: x2, y: y2))
    }
}

/// `UISpringTimingParameters`: a spring by its damping ratio, or by its mass, stiffness and
/// damping. Made without an initializer it is critically damped.
public final class SpringTimingParameters: TimingParameters {
    init() { super.init(curve: .spring(damping: 1, velocity: 0)) }

    /// A spring with a damping ratio and an initial velocity (in animated distances per
    /// second): it settles within the animator's duration.
    func configure(dampingRatio: Double, velocity: Double) throws {
        let ratio = try GeometryCheck.finite(dampingRatio, "dampingRatio")
        guard ratio > 0 else { throw ScriptValueError("dampingRatio must be above 0, got \(ratio)") }
        curve = .spring(damping: ratio, velocity: try GeometryCheck.finite(velocity, "initialVelocity"))
        settlingDuration = nil
    }

    /// A physical spring. Its motion is exact while it is underdamped: the duration-based
    /// spring with the same damping ratio, over the time the spring takes to settle (to 1/1500
    /// of the distance), has the same frequency and decay. An overdamped spring moves as a
    /// critically damped one that settles as late as it does.
    func configure(mass: Double, stiffness: Double, damping: Double, velocity: Double) throws {
        let mass = try GeometryCheck.finite(mass, "mass")
        let stiffness = try GeometryCheck.finite(stiffness, "stiffness")
        let damping = try GeometryCheck.finite(damping, "damping")
        guard mass > 0, stiffness > 0, damping > 0 else {
            throw ScriptValueError(
                "mass, stiffness and damping must be above 0, got \(mass), \(stiffness) and \(damping)")
        }
        let natural = (stiffness / mass).squareRoot()
        let ratio = damping / (2 * (stiffness * mass).squareRoot())
        let decay = ratio < 1 ? ratio * natural : natural * (ratio - (ratio * ratio - 1).squareRoot())
        let settling = log(1500) / decay
        guard settling <= 3600 else {
            throw ScriptValueError("this spring takes \(Int(settling)) seconds to settle; at most 3600 are allowed")
        }
        curve = .spring(damping: min(ratio, 1), velocity: try GeometryCheck.finite(velocity, "initialVelocity"))
        settlingDuration = settling
    }
}
