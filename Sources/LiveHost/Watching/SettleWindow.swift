/// Folds the events of one save into one change per file.
///
/// A file whose writer closed it (or that was renamed into place) is taken after `gather`
/// (250 µs) of quiet, since its content is whole (an editor's later steps, such as removing its
/// backup, concern other files); anything else (a deletion, a write not yet closed, an
/// empty file that may be a truncation before the write) waits for `settle` of quiet. Events
/// that never stop are still taken once `settle` (closed files) or ten times `settle` (the
/// rest) has passed since the first.
struct SettleWindow {
    var settle: Duration
    var gather: Duration = .microseconds(250)

    private struct Pending {
        var first: ContinuousClock.Instant
        var last: ContinuousClock.Instant
        var complete: Bool
    }

    private var pending: [String: Pending] = [:]

    init(settle: Duration) { self.settle = settle }

    mutating func note(_ path: String, complete: Bool, at time: ContinuousClock.Instant) {
        if var entry = pending[path] {
            entry.last = max(entry.last, time)
            entry.complete = complete
            pending[path] = entry
        } else {
            pending[path] = Pending(first: time, last: time, complete: complete)
        }
    }

    /// Puts a file back to wait for the whole settle window (it was found empty).
    mutating func postpone(_ path: String, from time: ContinuousClock.Instant) {
        pending[path] = Pending(first: time, last: time, complete: false)
    }

    /// When the next file may be ready.
    var nextDeadline: ContinuousClock.Instant? {
        pending.values.map(readyTime).min()
    }

    /// The files ready at `now`, sorted, taken out of the window; `settled` when the file
    /// waited for the whole settle window rather than being taken as soon as it was closed;
    /// `saved` when its last event came.
    mutating func takeReady(at now: ContinuousClock.Instant) -> [(
        path: String, settled: Bool, saved: ContinuousClock.Instant
    )] {
        let ready = pending.filter { readyTime($0.value) <= now }
            .map { (path: $0.key, settled: !$0.value.complete, saved: $0.value.last) }
        for entry in ready { pending[entry.path] = nil }
        return ready.sorted { $0.path < $1.path }
    }

    private func readyTime(_ entry: Pending) -> ContinuousClock.Instant {
        entry.complete
            ? min(entry.last + gather, entry.first + settle)
            : min(entry.last + settle, entry.first + settle * 10)
    }
}
