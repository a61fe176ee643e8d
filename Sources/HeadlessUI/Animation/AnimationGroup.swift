import Foundation
import ObjectBridge

/// The animations one animation block started, and its completion: it runs once, when the clock
/// passes their end (`finished` true), or as soon as one of them is taken off its view before
/// that (`finished` false).
final class AnimationGroup {
    /// Settable until the group commits (`beginAnimations` takes its settings after it begins).
    var timing: AnimationTiming
    private let completion: ScriptBlock?
    /// What native code does when the group ends (before the completion block).
    var onFinish: ((Bool) -> Void)?
    private let clock: VirtualClock
    private let link: BridgeLink?
    private var bridge: ObjectBridge? { link?.bridge }
    /// The views with animations of this group still on them.
    private var views: [WeakObjectReference<View>] = []
    private var completed = false
    /// What moves the group instead of its timing: a property animator, which says how far
    /// along the group's animations are at a moment (0 at their start, 1 at their end) and
    /// ends the group itself.
    var driver: ((Double) -> Double)?

    init(
        timing: AnimationTiming, completion: ScriptBlock?, onFinish: ((Bool) -> Void)? = nil, clock: VirtualClock,
        bridge: ObjectBridge?
    ) {
        self.timing = timing
        self.completion = completion
        self.onFinish = onFinish
        self.clock = clock
        link = bridge?.link
    }

    var now: Double { clock.now }

    /// How far along its animations are at `now` (a spring overshoots 1); nil once they ended.
    func progress(at now: Double) -> Double? {
        if let driver { return driver(now) }
        guard let fraction = timing.fraction(at: now) else { return nil }
        return timing.curve.progress(at: fraction, duration: timing.duration)
    }

    func added(to view: View) {
        if !views.contains(where: { $0.wrappedValue === view }) {
            views.append(WeakObjectReference(wrappedValue: view))
        }
    }

    /// The block has run: the group ends when its animations do (or at once with none).
    func commit() {
        guard let end = views.isEmpty ? clock.now : timing.end else { return }
        clock.schedule(after: end - clock.now) { [self] in finish(true) }
    }

    /// One of its animations was taken off before its end: the completion says so at once.
    /// (A driven group goes on with the others: its animator ends it.)
    func interrupted() {
        guard driver == nil else { return }
        clock.schedule(after: 0) { [self] in finish(false) }
    }

    /// Ends a driven group where its animations stand at `progress`: each property takes the
    /// value shown there as its model value (unanimated), and the animations come off.
    /// Returns what each property went from and to, for an animator that finishes later.
    func settle(at progress: Double) -> [SettledProperty] {
        guard !completed else { return [] }
        let settled = views.flatMap { $0.wrappedValue?.settleAnimations(of: self, at: progress) ?? [] }
        finish(true)
        return settled
    }

    private func finish(_ finished: Bool) {
        guard !completed else { return }
        completed = true
        for entry in views { entry.wrappedValue?.removeAnimations(of: self) }
        views = []
        let finishing = onFinish
        onFinish = nil  // what it captured goes with it
        finishing?(finished)
        guard let completion, let bridge else { return }
        do {
            try bridge.call(completion, finished)
        } catch {
            bridge.report(error, during: "an animation's completion block")
        }
    }
}
