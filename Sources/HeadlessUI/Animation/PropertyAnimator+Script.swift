import Foundation
import ObjectBridge

extension PropertyAnimator {
    /// Scripts' view of property animators: UIViewPropertyAnimator, UICubicTimingParameters
    /// and UISpringTimingParameters.
    enum Script {
        static func animatorClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UIViewPropertyAnimator", superclass: "NSObject", type: PropertyAnimator.self,
                allocate: { PropertyAnimator(environment: environment) }
            ) { c in
                addInitializers(to: c, environment)
                c.method("addAnimations") { (animator: PropertyAnimator, block: ScriptBlock) in
                    try animator.addAnimations(block)
                }
                c.method("addAnimations_delayFactor") {
                    (animator: PropertyAnimator, block: ScriptBlock, delayFactor: Double) in
                    try animator.addAnimations(block, delayFactor: delayFactor)
                }
                c.method("addCompletion") { (animator: PropertyAnimator, block: ScriptBlock) in
                    animator.addCompletion(block)
                }
                c.method("startAnimation") { (animator: PropertyAnimator) in try animator.start() }
                c.method("startAnimationAfterDelay") { (animator: PropertyAnimator, delay: Double) in
                    try animator.start(afterDelay: delay)
                }
                c.method("pauseAnimation") { (animator: PropertyAnimator) in try animator.pause() }
                c.method("stopAnimation") { (animator: PropertyAnimator, withoutFinishing: Bool) in
                    try animator.stop(withoutFinishing: withoutFinishing)
                }
                c.method("finishAnimationAtPosition") { (animator: PropertyAnimator, position: Int) in
                    try animator.finish(at: try Control.Script.choice(position, of: "UIViewAnimatingPosition (0 to 2)"))
                }
                c.method("continueAnimationWithTimingParameters_durationFactor") {
                    (animator: PropertyAnimator, timing: TimingParameters?, factor: Double) in
                    try animator.continueAnimation(with: timing, durationFactor: factor)
                }
                addProperties(to: c)
                c.enumeration(
                    cType: "UIViewAnimatingState", constants: "UIViewAnimatingState", module: "UIKit.UIViewAnimating",
                    [("Inactive", 0), ("Active", 1), ("Stopped", 2)])
                c.enumeration(
                    cType: "UIViewAnimatingPosition", constants: "UIViewAnimatingPosition",
                    module: "UIKit.UIViewAnimating", [("End", 0), ("Start", 1), ("Current", 2)])
            }
        }

        /// UIViewAnimationCurve: ease in and out 0, ease in 1, ease out 2, linear 3.
        static func curve(_ value: Int) throws -> TimingCurve {
            TimingCurve(options: try Control.Script.choice(value, below: 4, "UIViewAnimationCurve") << 16)
        }

        private static func addInitializers(to c: NativeClassBuilder<PropertyAnimator>, _ environment: UIEnvironment) {
            func made(
                _ animator: PropertyAnimator, _ duration: Double, _ curve: TimingCurve, _ animations: ScriptBlock?
            ) throws -> PropertyAnimator {
                try animator.configure(duration: duration, curve: curve)
                if let animations { try animator.addAnimations(animations) }
                return animator
            }
            c.method("initWithDuration_curve_animations") {
                (animator: PropertyAnimator, duration: Double, curve: Int, animations: ScriptBlock?) in
                try made(animator, duration, try Self.curve(curve), animations)
            }
            c.method("initWithDuration_controlPoint1_controlPoint2_animations") {
                (animator: PropertyAnimator, duration: Double, p1: CGPoint, p2: CGPoint, animations: ScriptBlock?) in
                let curve = try TimingCurve.bezier(checking: p1.x, p1.y, p2.x, p2.y, of: "UIViewPropertyAnimator")
                return try made(animator, duration, curve, animations)
            }
            c.method("initWithDuration_dampingRatio_animations") {
                (animator: PropertyAnimator, duration: Double, ratio: Double, animations: ScriptBlock?) in
                let spring = SpringTimingParameters()
                try spring.configure(dampingRatio: ratio, velocity: 0)
                return try made(animator, duration, spring.curve, animations)
            }
            c.method("initWithDuration_timingParameters") {
                (animator: PropertyAnimator, duration: Double, timing: TimingParameters) in
                try animator.configure(duration: duration, timing: timing)
                return animator
            }
            c.classMethod("runningPropertyAnimatorWithDuration_delay_options_animations_completion") {
                (duration: Double, delay: Double, options: Int, animations: ScriptBlock, completion: ScriptBlock?) in
                let animator = PropertyAnimator(environment: environment)
                try animator.configure(duration: duration, curve: TimingCurve(options: options))
                try animator.addAnimations(animations)
                if let completion { animator.addCompletion(completion) }
                try animator.start(afterDelay: delay)
                return animator
            }
        }

        private static func addProperties(to c: NativeClassBuilder<PropertyAnimator>) {
            c.property("duration") { (animator: PropertyAnimator) in animator.duration }
            c.property("delay") { (animator: PropertyAnimator) in animator.delay }
            c.property("state") { (animator: PropertyAnimator) in animator.state.rawValue }
            c.property("running") { (animator: PropertyAnimator) in animator.isRunning }
            c.property(
                "reversed", get: { $0.isReversed }, set: { animator, reversed in try animator.setReversed(reversed) })
            c.property(
                "fractionComplete", get: { $0.fractionComplete },
                set: { animator, fraction in try animator.setFractionComplete(fraction) })
            c.property("interruptible", get: { $0.isInterruptible }, set: { $0.isInterruptible = $1 })
            c.property("scrubsLinearly", get: { $0.scrubsLinearly }, set: { $0.scrubsLinearly = $1 })
            c.property("pausesOnCompletion", get: { $0.pausesOnCompletion }, set: { $0.pausesOnCompletion = $1 })
            c.property(
                "userInteractionEnabled", get: { $0.isUserInteractionEnabled },
                set: { $0.isUserInteractionEnabled = $1 })
        }

        static func cubicClass() -> NativeClass {
            NativeClass(
                "UICubicTimingParameters", superclass: "NSObject", type: CubicTimingParameters.self,
                allocate: { CubicTimingParameters() }
            ) { c in
                c.method("initWithAnimationCurve") { (timing: CubicTimingParameters, curve: Int) in
                    timing.curve = try Self.curve(curve)
                    return timing
                }
                c.method("initWithControlPoint1_controlPoint2") {
                    (timing: CubicTimingParameters, p1: CGPoint, p2: CGPoint) in
                    timing.curve = try TimingCurve.bezier(
                        checking: p1.x, p1.y, p2.x, p2.y, of: "UICubicTimingParameters")
                    return timing
                }
                c.property("controlPoint1") { (timing: CubicTimingParameters) in timing.controlPoints.0 }
                c.property("controlPoint2") { (timing: CubicTimingParameters) in timing.controlPoints.1 }
            }
        }

        static func springClass() -> NativeClass {
            NativeClass(
                "UISpringTimingParameters", superclass: "NSObject", type: SpringTimingParameters.self,
                allocate: { SpringTimingParameters() }
            ) { c in
                c.method("initWithDampingRatio") { (timing: SpringTimingParameters, ratio: Double) in
                    try timing.configure(dampingRatio: ratio, velocity: 0)
                    return timing
                }
                c.method("initWithDampingRatio_initialVelocity") {
                    (timing: SpringTimingParameters, ratio: Double, velocity: CGVector) in
                    try timing.configure(dampingRatio: ratio, velocity: velocity.dominant)
                    return timing
                }
                c.method("initWithMass_stiffness_damping_initialVelocity") {
                    (
                        timing: SpringTimingParameters, mass: Double, stiffness: Double, damping: Double,
                        velocity: CGVector
                    )
                    in
                    try timing.configure(
                        mass: mass, stiffness: stiffness, damping: damping, velocity: velocity.dominant)
                    return timing
                }
            }
        }
    }
}

extension PropertyAnimator.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [animatorClass(environment), cubicClass(), springClass()]
    }
}
