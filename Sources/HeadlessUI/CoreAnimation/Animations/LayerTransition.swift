import Foundation
import ObjectBridge
import Synchronization

/// `CATransition`: the layer's look changes from how it looked when the transition was added
/// (its old look) to how it looks now, over the animation's time: faded across, or slid in or out
/// from one of its edges. It animates no property, so the model and the presentation layer are
/// what the script set; only pictures show it.
public final class LayerTransition: LayerAnimation {
    /// `type`: Core Animation's public transitions.
    public enum Kind: String, CaseIterable, Sendable {
        /// The new look fades in as the old fades out.
        case fade
        /// The new look slides in over the old.
        case moveIn
        /// The new look slides in and pushes the old out.
        case push
        /// The old look slides out, uncovering the new.
        case reveal
        /// UIKit's flips (not a type scripts can set): the old look turns away about the
        /// middle for the first half, the new one turns in for the second, in perspective.
        case flip

        /// The public types, which scripts set.
        static let scriptable: [Kind] = [.fade, .moveIn, .push, .reveal]
    }

    /// `subtype`: the edge the motion starts from.
    public enum Edge: String, CaseIterable, Sendable {
        case fromRight, fromLeft, fromTop, fromBottom
    }

    public var kind = Kind.fade
    /// Nil is the left edge, as in Core Animation.
    public var edge: Edge?
    public var startProgress = 0.0
    public var endProgress = 1.0
    /// How the layer looked when this copy was added (`WorldServices.takeLook`).
    var before: AnyObject?

    override func copyDetails(to copy: LayerAnimation) {
        guard let copy = copy as? LayerTransition else { return }
        (copy.kind, copy.edge) = (kind, edge)
        (copy.startProgress, copy.endProgress) = (startProgress, endProgress)
    }

    override func prepare(for layer: Layer) throws {
        guard startProgress <= endProgress else {
            throw ScriptValueError(
                "CATransition's endProgress (\(endProgress)) must not be below its startProgress (\(startProgress))")
        }
    }

    /// What it shows `time` seconds into its cycle.
    func shown(at time: Double) -> ShownTransition {
        let fraction = min(1, max(0, time / cycleDuration))
        return ShownTransition(
            kind: kind, edge: edge ?? .fromLeft, progress: startProgress + (endProgress - startProgress) * fraction,
            before: before)
    }

    /// A progress from a script: a number from 0 to 1.
    static func checkedProgress(_ value: Double, _ name: String) throws -> Double {
        guard value >= 0, value <= 1 else {
            throw ScriptValueError("CATransition's \(name) must be from 0 to 1, got \(value)")
        }
        return value
    }
}

/// A transition as the screen shows it now: how far it has gone (0 shows only the old look, 1
/// only the new), and the old look.
public struct ShownTransition {
    public let kind: LayerTransition.Kind
    public let edge: LayerTransition.Edge
    public let progress: Double
    /// The old look the renderer took; nil when none was taken (no renderer is installed).
    public let before: AnyObject?

    /// How far a flip has turned the look it shows, in radians (the old look to a quarter
    /// turn, then the new one from the opposite quarter turn back to none), about y for the
    /// left and right edges and about x for the top and bottom: the named edge comes forward,
    /// as UIKit's flips do.
    public var flipAngle: (angle: Double, aboutY: Bool) {
        let turned = progress < 0.5 ? progress * Double.pi : (progress - 1) * Double.pi
        switch edge {
        case .fromLeft: return (turned, true)
        case .fromRight: return (-turned, true)
        case .fromTop: return (-turned, false)
        case .fromBottom: return (turned, false)
        }
    }

    /// The distance a flip is seen from, in points: Rebound's, as UIKit does not publish its.
    public static let flipViewingDistance = 1000.0

    /// Where a look moving in from the edge starts, as a share of the layer's size (the new
    /// look moves from here to nothing; the old from nothing to the opposite).
    public var entry: CGPoint {
        switch edge {
        case .fromRight: CGPoint(x: 1, y: 0)
        case .fromLeft: CGPoint(x: -1, y: 0)
        case .fromTop: CGPoint(x: 0, y: -1)
        case .fromBottom: CGPoint(x: 0, y: 1)
        }
    }
}

extension Layer {
    /// The transition the screen shows on this layer now: the last one added that runs.
    public var shownTransition: ShownTransition? {
        for running in animations.reversed() {
            if let transition = running.animation as? LayerTransition, let time = running.cycleTime {
                return transition.shown(at: time)
            }
        }
        return nil
    }
}
