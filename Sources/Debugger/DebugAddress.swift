import LuaRuntime

/// Where `rebound run --debug` listens for its Debug Adapter Protocol client: a Unix socket
/// (the project's `.rebound/debug.sock` by default), or a TCP port of the loopback interface
/// (`127.0.0.1:4711`, `[::1]:4711`, `localhost:4711`; port 0 for a free one). Nothing else: a
/// debugger runs code in the program.
public enum DebugAddress: Equatable, Sendable, CustomStringConvertible {
    case tcp(host: String, port: UInt16)
    case unixSocket(path: String)

    /// The port the editor configurations of `rebound new` name for TCP.
    public static let defaultPort: UInt16 = 4711
    /// The socket's name in the project's run folder (`.rebound/debug.sock`), where
    /// `rebound run --debug` listens.
    public static let socketName = "debug.sock"

    /// Reads `ADDR:PORT` (or a bare port); the address must be a loopback one.
    public init(parsing text: String) throws(DebugAddressError) {
        var host = "127.0.0.1"
        var portText = Substring(text)
        if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        }
        guard ["127.0.0.1", "::1", "localhost"].contains(host) else {
            throw DebugAddressError(
                "\(text): the debugger listens on the loopback interface only (127.0.0.1, [::1] or localhost)")
        }
        guard let port = UInt16(portText) else {
            throw DebugAddressError("\(text): the port must be a number from 0 to 65535")
        }
        self = .tcp(host: host == "localhost" ? "127.0.0.1" : host, port: port)
    }

    public var description: String {
        switch self {
        case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case .unixSocket(let path): path
        }
    }
}

/// Why a debug address was refused.
public struct DebugAddressError: UserFacingError {
    public let description: String
    public init(_ description: String) { self.description = description }
}
