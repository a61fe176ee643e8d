import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// How much of the process the preview's server may take, so that no number of pages (or of
/// connections that never send anything) can starve the host of descriptors or memory.
public struct PreviewLimits: Sendable, Equatable {
    /// Connections served at once; a request over it is answered 503 and its connection closed.
    public var connections: Int
    /// Connections accepted at once: `connections` and room to refuse the next ones politely.
    /// Past it the server stops accepting until one closes, and the kernel holds the rest.
    public var acceptedConnections: Int { connections + Self.refusalRoom }
    /// Event streams at once; a new page ends the stream that has listened longest.
    public var streams: Int
    /// How long a connection may stay silent (no request under way) before it is closed.
    public var idleTimeout: Duration
    /// Input messages taken at once, and refilled a second; past them a message gets 429. A
    /// page sends one a frame at most while a finger moves.
    public var inputBurst = 240.0
    public var inputRate = 120.0

    static let refusalRoom = 8

    public init(connections: Int, streams: Int, idleTimeout: Duration) {
        self.connections = max(2, connections)
        self.streams = max(1, min(streams, self.connections - 1))
        self.idleTimeout = idleTimeout
    }

    /// Limits that leave most of the process's descriptors to the rest of the host: a quarter
    /// of the soft limit (`ulimit -n`) for connections, at most 256.
    public static func forThisProcess() -> PreviewLimits {
        var limit = rlimit()
        let descriptors = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? Int(clamping: limit.rlim_cur) : 1024
        let connections = min(256, max(8, descriptors / 4) - refusalRoom)
        return PreviewLimits(connections: connections, streams: min(64, connections / 2), idleTimeout: .seconds(30))
    }
}
