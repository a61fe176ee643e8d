import ArgumentParser
import LiveHost

/// `--debug`, `--debug-address` and `--debug-socket`: where `rebound run` and `rebound test`
/// serve the Debug Adapter Protocol.
struct DebugOptions: ParsableArguments {
    @Flag(help: "Serve a debugger (the Debug Adapter Protocol) for one editor, on 127.0.0.1:4711 unless told otherwise.")
    var debug = false

    @Option(help: ArgumentHelp("Where the debugger listens: ADDR:PORT on the loopback interface (implies --debug; port 0 "
        + "for a free one).", valueName: "addr:port"))
    var debugAddress: String?

    @Option(help: "Serve the debugger on this Unix socket instead (implies --debug).", completion: .file())
    var debugSocket: String?

    /// Where the debugger is served, if it is.
    func endpoint() throws(DebugAddressError) -> DebugAddress? {
        if let debugSocket { return .unixSocket(path: debugSocket) }
        if let debugAddress { return try DebugAddress(parsing: debugAddress) }
        return debug ? .local : nil
    }

    func validate() throws {
        if debugSocket != nil && debugAddress != nil { throw ValidationError("--debug-address and --debug-socket: one or the other.") }
        do {
            _ = try endpoint()
        } catch {
            throw ValidationError("--debug-address \(error)")
        }
    }
}
