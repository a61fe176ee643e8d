import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C and SIGTERM for the commands that run Lua. The first signal calls `interrupt`, which
/// stops the Lua call that runs (even one with no time budget) so the command can end cleanly;
/// a second one calls `beforeExit` and ends the process at once, for what an interrupt cannot
/// stop (a native function that never returns to Lua, such as a long `string.find`).
final class Signals {
    private var sources: [DispatchSourceSignal] = []
    private let count = Count()

    /// How many signals came (shared with the handlers).
    private final class Count: Sendable {
        let received = Atomic<Int>(0)
    }

    init(interrupt: @escaping @Sendable () -> Void, beforeExit: @escaping @Sendable () -> Void = {}) {
        let count = self.count
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [source] in
                // Signals that come close together arrive as one event with their count.
                let signals = Int(source.data)
                if count.received.add(signals, ordering: .sequentiallyConsistent).oldValue == 0 { interrupt() }
                if count.received.load(ordering: .sequentiallyConsistent) > 1 {
                    beforeExit()
                    _exit(128 + number)
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Forgets the signals so far: the next one interrupts again (a console's next chunk).
    func reset() {
        count.received.store(0, ordering: .sequentiallyConsistent)
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
