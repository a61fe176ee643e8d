import Foundation

/// One animated property of one view: started by an animation block, it adds what is left of
/// its start's difference from the model value to the view's presentation value.
struct ViewAnimation {
    let property: AnimatedProperty
    /// Where it started minus the model value it goes to.
    let difference: AnimatedValue
    let group: AnimationGroup

    /// What it adds to the model value now; nil once it has ended.
    func contribution(at now: Double) -> AnimatedValue? {
        guard let progress = group.progress(at: now) else { return nil }
        return .numbers(difference.components.map { $0 * (1 - progress) })
    }
}

/// When and how the animations of one block run.
struct AnimationTiming {
    /// When they start (the block's time plus its delay).
    let start: Double
    let duration: Double
    let curve: TimingCurve
    /// How many times they run: once, as often as `setAnimationRepeatCount` says (a fraction
    /// stops part way), or, with `Repeat`, until taken off (infinity). `Autoreverse`: each run
    /// goes there and back (and when the runs end, the view jumps to the model value, as in UIKit).
    let repeatCount: Double
    let autoreverses: Bool

    /// When the animations end (never when they repeat forever).
    var end: Double? { repeatCount.isFinite ? start + duration * repeatCount * (autoreverses ? 2 : 1) : nil }

    /// How far along its curve the animation is at `now` (0 before it starts); nil once it ended.
    func fraction(at now: Double) -> Double? {
        let elapsed = now - start
        guard elapsed > 0 else { return 0 }
        if let end, now >= end { return nil }
        let runs = elapsed / duration
        let run = runs.rounded(.down)
        let within = runs - run
        return autoreverses && Int(run) % 2 == 1 ? 1 - within : within
    }
}
