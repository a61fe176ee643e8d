import Foundation
import ObjectBridge

/// UIView's animation class methods: `animateWithDuration...`, the spring variant,
/// `transitionWithView...`, `transitionFromView...` and `performWithoutAnimation`. Each runs its
/// block at once inside an `AnimationScope`, so model values change at once, as in UIKit; the
/// changes it makes become animations on the virtual clock.
enum ViewAnimations {
    /// `UIViewAnimationOptions` bits this host acts on.
    static let layoutSubviews = 1 << 0, beginFromCurrentState = 1 << 2, repeats = 1 << 3, autoreverses = 1 << 4
    static let allowAnimatedContent = 1 << 7, showHideTransitionViews = 1 << 8
    /// The transitions a `transition...` method draws (bits 20-22): the flips and the
    /// cross-dissolve. (The curls change the view as a plain animation block does.)
    static let transitionMask = 7 << 20
    static let transitions: [Int: (LayerTransition.Kind, LayerTransition.Edge)] = [
        1 << 20: (.flip, .fromLeft), 2 << 20: (.flip, .fromRight), 5 << 20: (.fade, .fromLeft),
        6 << 20: (.flip, .fromTop), 7 << 20: (.flip, .fromBottom),
    ]

    /// Adds the class methods to UIView's description.
    static func addMethods(to c: NativeClassBuilder<View>, _ environment: UIEnvironment) {
        func animate(
            _ duration: Double, delay: Double = 0, options: Int = 0, curve: TimingCurve? = nil,
            _ animations: ScriptBlock?, _ completion: ScriptBlock?
        ) throws {
            try run(
                duration: duration, delay: delay, options: options, curve: curve, environment: environment,
                animations: animations, completion: completion)
        }
        c.classMethod("animateWithDuration_animations") { (duration: Double, animations: ScriptBlock?) in
            try animate(duration, animations, nil)
        }
        c.classMethod("animateWithDuration_animations_completion") {
            (duration: Double, animations: ScriptBlock?, completion: ScriptBlock?) in
            try animate(duration, animations, completion)
        }
        c.classMethod("animateWithDuration_delay_options_animations_completion") {
            (duration: Double, delay: Double, options: Int, animations: ScriptBlock?, completion: ScriptBlock?) in
            try animate(duration, delay: delay, options: options, animations, completion)
        }
        c.classMethod(
            "animateWithDuration_delay_usingSpringWithDamping_initialSpringVelocity_options_animations_completion"
        ) {
            (
                duration: Double, delay: Double, damping: Double, velocity: Double, options: Int,
                animations: ScriptBlock?,
                completion: ScriptBlock?
            ) in
            let damping = try GeometryCheck.finite(damping, "usingSpringWithDamping")
            guard damping > 0 else { throw ScriptValueError("usingSpringWithDamping must be above 0, got \(damping)") }
            let spring = TimingCurve.spring(
                damping: damping, velocity: try GeometryCheck.finite(velocity, "initialSpringVelocity"))
            try animate(duration, delay: delay, options: options, curve: spring, animations, completion)
        }
        c.classMethod("transitionWithView_duration_options_animations_completion") {
            (view: View, duration: Double, options: Int, animations: ScriptBlock?, completion: ScriptBlock?) in
            try run(
                duration: duration, options: options, environment: environment, transitioning: view,
                animations: animations, completion: completion)
        }
        c.classMethod("transitionFromView_toView_duration_options_completion") {
            (from: View, to: View, duration: Double, options: Int, completion: ScriptBlock?) in
            try run(
                duration: duration, options: options, environment: environment, transitioning: from.superview,
                completion: completion,
                changes: {
                    if options & showHideTransitionViews != 0 {
                        from.isHidden = true
                        to.isHidden = false
                        return
                    }
                    guard let parent = from.superview, let index = parent.subviews.firstIndex(where: { $0 === from })
                    else { return }
                    try parent.insertSubview(to, at: index)
                    from.removeFromSuperview()
                })
        }
        c.classMethod("setAnimationsEnabled") { (enabled: Bool) in environment.clock.animationsEnabled = enabled }
        c.classMethod("areAnimationsEnabled") { () in environment.clock.animationsEnabled }
        c.classMethod("performWithoutAnimation") { (actions: ScriptBlock) in
            guard let bridge = environment.bridge else { return }
            try AnimationScope.run(group: nil) { try bridge.call(actions) }
        }
    }

    /// Runs `animations` so that what they change animates for `duration` after `delay`;
    /// `completion` runs when the animations end. With a flip or a cross-dissolve in
    /// `options`, the `transitioning` view's look flips or fades from before to after instead,
    /// and what the block changes shows at once (unless `AllowAnimatedContent`).
    static func run(
        duration: Double, delay: Double = 0, options: Int = 0, curve: TimingCurve? = nil, environment: UIEnvironment,
        transitioning: View? = nil, animations: ScriptBlock? = nil, completion: ScriptBlock?,
        changes: () throws -> Void = {}
    ) throws {
        guard let bridge = environment.bridge else { return }
        var transition: ((AnimationGroup) throws -> Void)?
        if let transitioning, let (kind, edge) = transitions[options & transitionMask] {
            transition = { group in try start(kind, from: edge, on: transitioning, group, environment) }
        }
        try animate(
            duration: duration, delay: delay, options: options, curve: curve, clock: environment.clock, bridge: bridge,
            completion: completion, transition: transition
        ) {
            if let animations { try bridge.call(animations) }
            try changes()
            if options & layoutSubviews != 0 { try environment.application.layoutPass() }
        }
    }

    /// Runs `changes` so that what they change animates for `duration` after `delay`; when the
    /// animations end, `onFinish` runs, then `completion`. A `transition` starts before the
    /// changes and lasts as long as the group; the changes then animate only with
    /// `AllowAnimatedContent`.
    static func animate(
        duration: Double, delay: Double = 0, options: Int = 0, curve: TimingCurve? = nil, clock: VirtualClock,
        bridge: ObjectBridge, completion: ScriptBlock?, onFinish: ((Bool) -> Void)? = nil,
        transition: ((AnimationGroup) throws -> Void)? = nil, changes: () throws -> Void
    ) throws {
        let duration = try GeometryCheck.finite(duration, "duration")
        let delay = try GeometryCheck.finite(delay, "delay")
        guard duration <= 3600, delay >= 0, delay <= 3600 else {
            throw ScriptValueError(
                "duration and delay must be at most 3600 seconds and delay not below 0, got \(duration) and \(delay)")
        }
        let timing = AnimationTiming(
            start: clock.now + delay, duration: duration, curve: curve ?? TimingCurve(options: options),
            repeatCount: options & repeats != 0 ? .infinity : 1, autoreverses: options & autoreverses != 0)
        let group = AnimationGroup(
            timing: timing, completion: completion, onFinish: onFinish, clock: clock, bridge: bridge)
        // A block of no duration changes the model only, as UIKit's does, and so does every
        // block while animations are disabled.
        let animates = duration > 0 && clock.animationsEnabled
        if animates, let transition { try transition(group) }
        let animatesContent = transition == nil || options & allowAnimatedContent != 0
        try AnimationScope.run(
            group: animates && animatesContent ? group : nil,
            beginsFromCurrentState: options & beginFromCurrentState != 0
        ) {
            try changes()
        }
        group.commit()
    }

    /// Starts a transition of `view`'s look on the group's timing, on its layer, which keeps
    /// the group going until it ends.
    static func start(
        _ kind: LayerTransition.Kind, from edge: LayerTransition.Edge, on view: View, _ group: AnimationGroup,
        _ environment: UIEnvironment
    ) throws {
        let transition = LayerTransition()
        (transition.kind, transition.edge) = (kind, edge)
        transition.duration = group.timing.duration
        if case .bezier(let x1, let y1, let x2, let y2) = group.timing.curve {
            transition.timingFunction = MediaTimingFunction(x1, y1, x2, y2)
        }
        transition.beginTime = group.timing.start
        try view.layer.add(transition, forKey: "transition", environment: environment)
        group.added(to: view)
    }
}
