import Foundation
import ObjectBridge

/// `UIViewPropertyAnimator`: UIView animations that a script starts, pauses, scrubs,
/// reverses, stops and finishes, on the virtual clock.
///
/// Its animation blocks run when it first becomes active (started, paused, or scrubbed), so
/// model values change then, as in UIKit. Each block's changes form a group whose progress
/// the animator gives (`AnimationGroup.driver`) from its fraction complete, which moves with
/// the clock while it runs, backwards when reversed.
///
/// A group keeps where its curve starts again: a block added while running starts at the
/// fraction it was added at (later with a delay factor), and pausing with `scrubsLinearly`,
/// resuming, or continuing on new timing *rebase* the groups at what they show, so that the
/// picture never jumps. Below its start, a group goes linearly back to where it began.
public final class PropertyAnimator: BridgeObject {
    /// `UIViewAnimatingState`.
    public enum State: Int, Sendable {
        case inactive, active, stopped
    }
    /// `UIViewAnimatingPosition`: where a finished animator left its views.
    public enum Position: Int, Sendable {
        case end, start, current
    }

    public private(set) var duration: Double
    public private(set) var delay = 0.0
    private(set) var curve: TimingCurve
    public private(set) var state = State.inactive
    public private(set) var isRunning = false
    public var isInterruptible = true
    public var scrubsLinearly = true
    /// Reaching the end leaves it active and paused, to be reversed or scrubbed.
    public var pausesOnCompletion = false
    /// Kept and returned: the host's touches reach the views whatever it says.
    public var isUserInteractionEnabled = true

    private final class DrivenGroup {
        let group: AnimationGroup
        /// The fraction complete where its curve starts.
        var start: Double
        /// What it shows there.
        var startProgress = 0.0

        init(_ group: AnimationGroup, start: Double) {
            self.group = group
            self.start = start
        }
    }

    private unowned let environment: UIEnvironment
    /// Blocks added before it became active, with their delay factors.
    private var pendingBlocks: [(block: ScriptBlock, delayFactor: Double)] = []
    private var completions: [ScriptBlock] = []
    private var groups: [DrivenGroup] = []
    /// What a stop without finishing left, for `finish(at:)` to put at either end.
    private var stoppedProperties: [SettledProperty] = []
    /// The fraction complete at `movesFrom`, and how long a whole run takes now.
    private var fractionAtMove = 0.0
    private var movesFrom = 0.0
    private var runDuration: Double
    /// Counts the runs, so that the end a pause or a reversal replaced does nothing.
    private var run = 0

    init(environment: UIEnvironment, duration: Double = 0, curve: TimingCurve = .easeInOut) {
        self.environment = environment
        self.duration = duration
        self.curve = curve
        runDuration = duration
        super.init()
    }

    /// A paused or stopped animator freed by the script leaves its views where they show
    /// (UIKit stops the app there).
    deinit {
        for driven in groups { _ = driven.group.settle(at: progress(of: driven, at: driven.group.now)) }
    }

    /// Sets the duration and curve (the initializers).
    func configure(duration: Double, curve: TimingCurve) throws {
        let duration = try GeometryCheck.finite(duration, "duration")
        guard duration >= 0, duration <= 3600 else {
            throw ScriptValueError("duration must be 0 to 3600 seconds, got \(duration)")
        }
        self.duration = duration
        runDuration = duration
        self.curve = curve
    }

    /// Sets the timing from parameters: a physical spring brings its own duration.
    func configure(duration: Double, timing: TimingParameters) throws {
        try configure(duration: timing.settlingDuration ?? duration, curve: timing.curve)
    }

    // MARK: Progress

    /// `fractionComplete` at `now`: it moves from where it was, after any delay.
    public func fractionComplete(at now: Double) -> Double {
        guard isRunning, now > movesFrom else { return fractionAtMove }
        guard runDuration > 0 else { return isReversed ? 0 : 1 }
        let moved = (now - movesFrom) / runDuration
        return min(1, max(0, fractionAtMove + (isReversed ? -moved : moved)))
    }

    public var fractionComplete: Double { fractionComplete(at: environment.clock.now) }

    public private(set) var isReversed = false

    /// What the group shows at `now`: along the curve from its start while running (or paused
    /// without linear scrubbing), in a straight line while paused.
    private func progress(of driven: DrivenGroup, at now: Double) -> Double {
        let fraction = fractionComplete(at: now)
        if fraction >= 1 { return 1 }
        if fraction <= driven.start {
            return driven.start > 0 ? driven.startProgress * fraction / driven.start : driven.startProgress
        }
        let local = (fraction - driven.start) / (1 - driven.start)
        let shaped =
            isRunning || !scrubsLinearly
            ? curve.progress(at: local, duration: max(1e-6, (1 - driven.start) * runDuration)) : local
        return driven.startProgress + (1 - driven.startProgress) * shaped
    }

    /// Starts the curve again from what it shows now for every group under way (at either end
    /// the curve and the straight line agree, and a group not yet begun keeps its start).
    private func rebase(at now: Double) {
        let fraction = fractionComplete(at: now)
        for driven in groups where driven.start < fraction && fraction < 1 {
            driven.startProgress = progress(of: driven, at: now)
            driven.start = fraction
        }
    }

    // MARK: Blocks

    /// `addAnimations`: before the animator is active the block waits for it; after, it runs
    /// at once and its changes animate from `delayFactor` of the time left to the end.
    func addAnimations(_ block: ScriptBlock, delayFactor: Double = 0) throws {
        let delayFactor = try GeometryCheck.finite(delayFactor, "delayFactor")
        guard (0...1).contains(delayFactor) else {
            throw ScriptValueError("delayFactor must be 0 to 1, got \(delayFactor)")
        }
        switch state {
        case .inactive: pendingBlocks.append((block, delayFactor))
        case .active:
            let fraction = fractionComplete
            try runBlock(block, startingAt: fraction + delayFactor * (1 - fraction))
        case .stopped: throw ScriptValueError("a stopped UIViewPropertyAnimator takes no more animations")
        }
    }

    func addCompletion(_ block: ScriptBlock) { completions.append(block) }

    private func runBlock(_ block: ScriptBlock, startingAt start: Double) throws {
        guard let bridge = environment.bridge else { return }
        let clock = environment.clock
        let group = AnimationGroup(
            timing: AnimationTiming(
                start: clock.now, duration: duration, curve: curve, repeatCount: 1, autoreverses: false),
            completion: nil, clock: clock, bridge: bridge)
        let driven = DrivenGroup(group, start: start)
        group.driver = { [weak self, unowned driven] now in self?.progress(of: driven, at: now) ?? 1 }
        groups.append(driven)
        // Animations off: the changes happen, and nothing animates them.
        try AnimationScope.run(group: clock.animationsEnabled ? group : nil) { try bridge.call(block) }
    }

    /// Becomes active: the waiting blocks run, their changes animating from the start.
    private func activate() throws {
        guard state == .inactive else { return }
        state = .active
        fractionAtMove = 0
        runDuration = duration
        let blocks = pendingBlocks
        pendingBlocks = []
        for (block, delayFactor) in blocks { try runBlock(block, startingAt: delayFactor) }
    }

    // MARK: Running

    /// `startAnimation` / `startAnimationAfterDelay`: runs from where it is (the blocks run
    /// first when it was inactive); already running, it goes on.
    func start(afterDelay delay: Double = 0) throws {
        let delay = try GeometryCheck.finite(delay, "delay")
        guard delay >= 0, delay <= 3600 else { throw ScriptValueError("delay must be 0 to 3600 seconds, got \(delay)") }
        guard state != .stopped else { throw ScriptValueError("a stopped UIViewPropertyAnimator cannot start again") }
        try activate()
        guard !isRunning else { return }
        let now = environment.clock.now
        if scrubsLinearly { rebase(at: now) }
        self.delay = delay
        fractionAtMove = fractionComplete(at: now)
        movesFrom = now + delay
        isRunning = true
        scheduleEnd()
    }

    /// `pauseAnimation`: holds where it is (the blocks run first when it was inactive).
    func pause() throws {
        guard state != .stopped else { throw ScriptValueError("a stopped UIViewPropertyAnimator cannot pause") }
        try activate()
        guard isRunning else { return }
        guard isInterruptible else { throw ScriptValueError("this UIViewPropertyAnimator is not interruptible") }
        let now = environment.clock.now
        if scrubsLinearly { rebase(at: now) }
        fractionAtMove = fractionComplete(at: now)
        isRunning = false
        run += 1
    }

    /// Setting `fractionComplete`: scrubs a paused animator (making an inactive one active and
    /// paused); a running or stopped one keeps its own.
    func setFractionComplete(_ fraction: Double) throws {
        let fraction = try GeometryCheck.finite(fraction, "fractionComplete")
        guard state != .stopped, !isRunning else { return }
        try activate()
        fractionAtMove = min(1, max(0, fraction))
    }

    /// Setting `reversed`: a running animator turns back from where it is, along its curve.
    func setReversed(_ reversed: Bool) throws {
        guard reversed != isReversed else { return }
        guard state != .stopped else { throw ScriptValueError("a stopped UIViewPropertyAnimator cannot reverse") }
        guard isRunning else {
            isReversed = reversed
            return
        }
        let now = environment.clock.now
        fractionAtMove = fractionComplete(at: now)
        movesFrom = max(now, movesFrom)
        isReversed = reversed
        scheduleEnd()
    }

    /// `continueAnimationWithTimingParameters_durationFactor`: runs a paused animator on, on new
    /// timing (nil keeps its own), the time a whole run takes scaled by `durationFactor`.
    func continueAnimation(with timing: TimingParameters?, durationFactor: Double) throws {
        let factor = try GeometryCheck.finite(durationFactor, "durationFactor")
        guard factor >= 0, factor <= 100 else {
            throw ScriptValueError("durationFactor must be 0 to 100, got \(factor)")
        }
        guard state == .active else {
            throw ScriptValueError("continueAnimation needs an active UIViewPropertyAnimator (this one is \(state))")
        }
        let now = environment.clock.now
        rebase(at: now)
        if isRunning {
            fractionAtMove = fractionComplete(at: now)
            movesFrom = max(now, movesFrom)
        }
        if let timing { curve = timing.curve }
        runDuration = (timing?.settlingDuration ?? duration) * factor
        if isRunning { scheduleEnd() } else { try start() }
    }

    /// `stopAnimation`: the views keep what they show now, as their model values. Without
    /// finishing, the animator is done (no completion runs); otherwise it waits, stopped, for
    /// `finish(at:)`.
    func stop(withoutFinishing: Bool) throws {
        guard state == .active else { return }
        guard isInterruptible || !isRunning else {
            throw ScriptValueError("this UIViewPropertyAnimator is not interruptible")
        }
        let now = environment.clock.now
        let settled = groups.flatMap { $0.group.settle(at: progress(of: $0, at: now)) }
        groups = []
        isRunning = false
        run += 1
        if withoutFinishing {
            state = .inactive
            completions = []
        } else {
            state = .stopped
            stoppedProperties = settled
        }
    }

    /// `finishAnimationAtPosition`: puts a stopped animator's views at either end (or leaves
    /// them), and runs the completions.
    func finish(at position: Position) throws {
        guard state == .stopped else {
            throw ScriptValueError(
                "finishAnimationAtPosition needs a stopped UIViewPropertyAnimator (this one is \(state))")
        }
        for property in stoppedProperties {
            switch position {
            case .end: property.apply(property.end)
            case .start: property.apply(property.start)
            case .current: break
            }
        }
        stoppedProperties = []
        complete(at: position)
    }

    /// Schedules the moment the fraction reaches the end it moves to.
    private func scheduleEnd() {
        run += 1
        let thisRun = run
        let now = environment.clock.now
        let left = isReversed ? fractionAtMove : 1 - fractionAtMove
        environment.clock.schedule(after: max(0, movesFrom - now) + left * runDuration) { [self] in
            guard run == thisRun else { return }
            try reachedEnd()
        }
    }

    private func reachedEnd() throws {
        fractionAtMove = isReversed ? 0 : 1
        isRunning = false
        guard !pausesOnCompletion else { return }
        let position = isReversed ? Position.start : .end
        for driven in groups { _ = driven.group.settle(at: position == .end ? 1 : 0) }
        groups = []
        complete(at: position)
    }

    /// The animator is done: it becomes inactive, then its completions run, in order.
    private func complete(at position: Position) {
        state = .inactive
        isReversed = false
        let blocks = completions
        completions = []
        guard let bridge = environment.bridge else { return }
        for block in blocks {
            do {
                try bridge.call(block, position.rawValue)
            } catch {
                bridge.report(error, during: "a UIViewPropertyAnimator's completion block")
            }
        }
    }
}
