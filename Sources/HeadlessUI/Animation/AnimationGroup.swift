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
    func interrupted() {
        clock.schedule(after: 0) { [self] in finish(false) }
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
