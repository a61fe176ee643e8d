import Foundation
import HostSockets
import LiveHost

#if canImport(Glibc)
import Glibc
#endif

/// A connection to a running host's console socket (`ConsoleServer`): `rebound console`, the
/// tests and the benchmarks use it. Before connecting it checks that the socket is the user's
/// own and nobody else's (owner, mode 0600): anything else is refused.
public final class ConsoleClient {
    private let socket: Int32
    private var reader: LineReader
    private var nextID = 1

    public init(path: String) throws {
        do {
            socket = try UnixSockets.connect(toPrivate: path, serving: "console")
        } catch {
            throw ConsoleServerError(error.description)
        }
        reader = LineReader(socket: socket, limit: 64 << 20)
    }

    deinit { close(socket) }

    /// Sends a chunk and waits for the host's reply.
    public func evaluate(_ code: String) throws -> ConsoleRequest.Reply {
        let id = nextID
        nextID += 1
        var line = try JSONEncoder().encode(ConsoleWire.Outgoing(id: id, eval: code))
        line.append(10)
        try send(line)
        guard case .line(let bytes)? = reader.next() else { throw ConsoleServerError("the host closed the console") }
        guard let reply = try? JSONDecoder().decode(ConsoleWire.Reply.self, from: Data(bytes)) else {
            throw ConsoleServerError(
                "the host's reply is not JSON: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        return reply.outcome
    }

    private func send(_ data: Data) throws {
        try data.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = Glibc.send(
                    socket, bytes.baseAddress?.advanced(by: sent), bytes.count - sent, Int32(MSG_NOSIGNAL))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw ConsoleServerError("the host closed the console") }
                sent += count
            }
        }
    }
}
