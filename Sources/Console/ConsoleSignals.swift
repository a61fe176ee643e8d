import CConsoleShim
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C for an interactive console (`rebound eval`'s, `rebound console`'s): at the prompt it
/// drops the line being typed; while a chunk runs, the first one calls `interrupt` (on a
/// thread of its own), or ends the console when there is nothing to interrupt; a second one
/// ends the process. `rebound run --console` keeps the host's own handling instead (Ctrl-C
/// stops the host).
public final class ConsoleSignals {
    /// Installs the handler; `interrupt` nil ends the console on a Ctrl-C while a chunk runs.
    public init(interrupt: (@Sendable () -> Void)?) {
        guard let interrupt else {
            rb_console_take_signals(-1)
            return
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            rb_console_take_signals(-1)
            return
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count == 1 { interrupt() } else if count < 0 && errno == EINTR { continue } else { return }
            }
        }
        thread.name = "rebound.console.signals"
        thread.start()
        rb_console_take_signals(writeEnd)
    }

    /// Runs a chunk: a Ctrl-C meanwhile interrupts it.
    public func running<Result>(_ body: () -> Result) -> Result {
        rb_console_will_run()
        defer { rb_console_did_run() }
        return body()
    }
}
