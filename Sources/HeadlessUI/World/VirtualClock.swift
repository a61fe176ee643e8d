import Foundation

/// The world's time: it moves only when told, so runs with gestures are deterministic.
/// Timers fire in order as time passes them; after the timers of each moment, and when the
/// clock stops, `turnEnded` runs (the world's layout pass, as at the end of a run-loop turn).
public final class VirtualClock {
    public private(set) var now: Double = 0
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

    /// Moves time forward by `seconds`, firing each timer due on the way at its own time.
    public func advance(by seconds: Double) throws {
        let target = now + max(0, seconds)
        var turnEndedAt: Double?
        while let first = timers.first, first.time <= target + Self.tolerance {
            let moment = first.time
            while let next = timers.first, next.time <= moment + Self.tolerance {
                timers.removeFirst()
                now = max(now, next.time)
                try next.action()
            }
            try turnEnded?()
            turnEndedAt = now
        }
        now = max(now, target)
        if let turnEndedAt, turnEndedAt >= now - Self.tolerance { return }
        try turnEnded?()
    }
}
