import Foundation

/// The world's time: it moves only when told, so runs with gestures are deterministic.
/// Timers fire in order as time passes them.
public final class VirtualClock {
    public private(set) var now: Double = 0
    private var timers: [(time: Double, sequence: Int, action: () throws -> Void)] = []
    private var sequence = 0

    /// Runs `action` when the clock reaches `delay` seconds from now.
    func schedule(after delay: Double, _ action: @escaping () throws -> Void) {
        sequence += 1
        timers.append((now + max(0, delay), sequence, action))
        timers.sort { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
    }

    /// Moves time forward by `seconds`, firing each timer due on the way at its own time.
    public func advance(by seconds: Double) throws {
        let target = now + max(0, seconds)
        while let first = timers.first, first.time <= target {
            timers.removeFirst()
            now = max(now, first.time)
            try first.action()
        }
        now = target
    }
}
