import ArgumentParser
import Debugger
import Foundation
import LiveHost

/// `--debug`, `--debug-address` and `--debug-socket`: where `rebound run` and `rebound test`
/// serve the Debug Adapter Protocol.
struct DebugOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Serve a debugger (the Debug Adapter Protocol) for one editor, on the project's "
                + ".rebound/debug.sock unless told otherwise."))
    var debug = false

    @Option(
        help: ArgumentHelp(
            "Serve the debugger on a TCP port instead: ADDR:PORT on the loopback interface (implies "
                + "--debug; port 0 for a free one). Clients must be the same user and give the run's token.",
            valueName: "addr:port"))
    var debugAddress: String?

    @Option(
        help: ArgumentHelp(
            "Serve the debugger on this Unix socket (implies --debug; default: the project's "
                + ".rebound/debug.sock)."), completion: .file())
    var debugSocket: String?

    /// Whether a debugger is asked for.
    var isRequested: Bool { debug || debugAddress != nil || debugSocket != nil }

    /// Where the debugger is served, if it is: the socket in `runFolder` (the project's
    /// `.rebound/`) unless an address or a socket is named.
    func endpoint(runFolder: URL?) throws(DebugAddressError) -> DebugAddress? {
        if let debugSocket { return .unixSocket(path: debugSocket) }
        if let debugAddress { return try DebugAddress(parsing: debugAddress) }
        guard debug else { return nil }
        guard let runFolder else {
            throw DebugAddressError(
                "--debug: a package alone has no run folder for the debugger's socket; give "
                    + "--debug-socket PATH")
        }
        return .unixSocket(path: runFolder.appendingPathComponent(DebugAddress.socketName).path)
    }

    func validate() throws {
        if debugSocket != nil && debugAddress != nil {
            throw ValidationError("--debug-address and --debug-socket: one or the other.")
        }
        if let debugAddress {
            do {
                _ = try DebugAddress(parsing: debugAddress)
            } catch {
                throw ValidationError("--debug-address \(error)")
            }
        }
    }

    /// What `rebound run` and `rebound test` print about the debugger: where it listens and,
    /// on TCP, the token a client gives.
    static func announcement(address: DebugAddress, token: String?, tokenFile: String?) -> String {
        guard let token else { return "a Debug Adapter Protocol client attaches to \(address)" }
        let file = tokenFile.map { " (also in \($0))" } ?? ""
        return "a Debug Adapter Protocol client attaches to \(address) with \"token\": \"\(token)\" in its attach "
            + "or launch arguments\(file)"
    }
}
