import Foundation

/// The world's time: it moves only when told, so runs with gestures are deterministic.
/// Timers fire in order as time passes them; after the timers of each moment, and when the
/// clock stops, `turnEnded` runs (the world's layout pass, as at the end of a run-loop turn).
public final class VirtualClock {
    public private(set) var now: Double = 0
    /// `UIView.setAnimationsEnabled`: whether UIView animations (blocks, and the system's:
    /// pushes, presentations, list updates, the keyboard) animate in this world, or change at
    /// once. Kept with the clock, which times every one of them.
    public var animationsEnabled = true

    /// Runs `body` with animations off when `enabled` is false (and as they were otherwise).
    func withAnimations(enabled: Bool, _ body: () throws -> Void) rethrows {
        let before = animationsEnabled
        animationsEnabled = before && enabled
        defer { animationsEnabled = before }
        try body()
    }
    /// When the next timer is due (nil when none is pending).
    public var nextDue: Double? { timers.first?.time }

    /// What ends a turn of the run loop: the world sets it to its layout pass.
    var turnEnded: (() throws -> Void)?
    private var timers: [(time: Double, sequence: Int, action: () throws -> Void)] = []
    private var sequence = 0

    /// Drops every pending timer. A timer may hold a script's block (an animation's
    /// completion), whose Lua state holds the world that holds this clock: the world calls
    /// this when it goes away, so that the cycle does not outlive it.
    func removeAllTimers() {
        timers = []
        turnEnded = nil
    }

    /// Runs `action` when the clock reaches `delay` seconds from now.
    func schedule(after delay: Double, _ action: @escaping () throws -> Void) {
        sequence += 1
        timers.append((now + max(0, delay), sequence, action))
        timers.sort { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
    }

    /// How close to a moment a timer counts as due at it: sums of frame lengths (1/60 s) drift
    /// by a few ulps from the same time written at once, and a frame must not slip by one.
    static let tolerance = 1e-9

    /// How a live host's catch-up to real time goes: how much one call of `advance` may fire
    /// before it hands control back, so that the host's thread gets back to its other work (a
    /// timer that schedules itself again with no delay has no end otherwise).
    public struct CatchUp: Sendable {
        /// The most timers fired.
        public var timers: Int
        /// The moment to stop at, in real time.
        public var deadline: ContinuousClock.Instant

        public init(timers: Int, deadline: ContinuousClock.Instant) {
            self.timers = timers
            self.deadline = deadline
        }
    }

    /// Moves time forward by `seconds`, firing each timer due on the way at its own time. As
    /// in a run loop, a timer scheduled while a moment's timers fire is due at the next turn
    /// (with a zero delay, a turn at the same time), never in the turn that scheduled it.
    ///
    /// With `catchUp`, the clock also moves with the real time its turns take (up to the
    /// target), as a run loop's time does, so a timer rescheduled with no delay cannot keep the
    /// timers due after it from their turn; and it stops at the end of the turn in which the
    /// limit is reached, and returns false: the clock then stands where that turn left it, and
    /// what was left of `seconds` is for the caller to ask again.
    @discardableResult
    public func advance(by seconds: Double, catchUp: CatchUp) throws -> Bool {
        let target = now + max(0, seconds)
        if try onlyEndsTurn(at: target) { return true }
        return try fireTimers(until: target, catchUp: catchUp)
    }

    /// Moves time forward by `seconds`, firing each timer due on the way at its own time (see
    /// `advance(by:catchUp:)`), without catching up with real time.
    public func advance(by seconds: Double) throws {
        let target = now + max(0, seconds)
        // A frame a typed character takes meets no `CatchUp`: its layout is not fixed (it holds
        // a clock instant), so even an absent one would cost every keystroke witness calls.
        if try onlyEndsTurn(at: target) { return }
        _ = try fireTimers(until: target, catchUp: nil)
    }

    /// With no timer due by `target` (a typed character's frame, most often), moves there and
    /// ends the turn; returns whether it did.
    private func onlyEndsTurn(at target: Double) throws -> Bool {
        if let due = timers.first?.time, due <= target + Self.tolerance { return false }
        now = target
        try turnEnded?()
        return true
    }

    private func fireTimers(until target: Double, catchUp: CatchUp?) throws -> Bool {
        // Only catching up reads the wall clock: typing advances a frame per character.
        let startedAt = catchUp == nil ? nil : ContinuousClock.now
        let startedNow = now
        var turnEndedAt: Double?
        var fired = 0
        while let first = timers.first, first.time <= target + Self.tolerance {
            let moment = max(first.time, now)
            let scheduledBefore = sequence
            while let index = dueIndex(at: moment, scheduledBefore: scheduledBefore) {
                let next = timers.remove(at: index)
                now = max(now, next.time)
                fired += 1
                try next.action()
            }
            try turnEnded?()
            turnEndedAt = now
            guard let catchUp, let startedAt else { continue }
            let spent = ContinuousClock.now - startedAt
            now = min(
                target,
                max(now, startedNow + spent.inSeconds))
            if fired >= catchUp.timers || ContinuousClock.now >= catchUp.deadline,
                let pending = timers.first, pending.time <= target + Self.tolerance
            {
                return false
            }
        }
        now = max(now, target)
        if let turnEndedAt, turnEndedAt >= now - Self.tolerance { return true }
        try turnEnded?()
        return true
    }

    /// The first timer due at `moment` that was scheduled before its turn began.
    private func dueIndex(at moment: Double, scheduledBefore: Int) -> Int? {
        for (index, timer) in timers.enumerated() {
            guard timer.time <= moment + Self.tolerance else { return nil }
            if timer.sequence <= scheduledBefore { return index }
        }
        return nil
    }
}
