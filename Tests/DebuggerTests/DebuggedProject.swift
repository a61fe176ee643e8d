import Debugger
import LiveHost
import LiveTestSupport

extension LiveProject {
    /// Attaches a debugger on a loopback port the system picks, before the program starts, as
    /// `rebound run --debug-address 127.0.0.1:0` does.
    static func serveDebugger(_ host: LiveHost) throws {
        _ = try DebugSession.serve(at: .tcp(host: "127.0.0.1", port: 0), for: host)
    }

    /// The debugger attached to the project's host.
    var debugSession: DebugSession? { host.tools.lazy.compactMap { $0 as? DebugSession }.first }
}
