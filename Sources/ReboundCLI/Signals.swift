import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C and SIGTERM for the commands that run Lua. The first signal calls `interrupt` with its
/// number, which stops the Lua call that runs (even one with no time budget) so the command can
/// end cleanly; a second one calls `beforeExit` and ends the process at once, for what an
/// interrupt cannot stop (native work that never returns to Lua). SIGTERM is not repeated by
/// whoever sends it (a service manager, CI's timeout), so `terminationGrace` after the first one
/// the process ends as a second signal would end it.
final class Signals {
    private var sources: [DispatchSourceSignal] = []
    static let terminationGrace: DispatchTimeInterval = .seconds(5)

    init(interrupt: @escaping @Sendable (Int32) -> Void, beforeExit: @escaping @Sendable () -> Void = {}) {
        let received = Atomic<Int>(0)
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [source] in
                // Signals that come close together arrive as one event with their count.
                let count = Int(source.data)
                if received.add(count, ordering: .sequentiallyConsistent).oldValue == 0 {
                    interrupt(number)
                    if number == SIGTERM {
                        DispatchQueue.global().asyncAfter(deadline: .now() + Self.terminationGrace) {
                            beforeExit()
                            _exit(128 + number)
                        }
                    }
                }
                if received.load(ordering: .sequentiallyConsistent) > 1 {
                    beforeExit()
                    _exit(128 + number)
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
