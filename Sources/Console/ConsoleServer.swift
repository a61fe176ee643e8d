import Foundation
import HostSockets
import LiveHost
import LuaRuntime

#if canImport(Glibc)
import Glibc
#endif

/// The running program's console on a Unix socket, for `rebound console` and editors.
///
/// Each connection sends JSON lines, `{"id": 1, "eval": "return #host.window.subviews"}`, and
/// gets one JSON line back per request, with the same id: `{"id": 1, "ok": true, "values":
/// ["3"], "output": []}`, or `"ok": false` with `error` and `traceback` (and `"incomplete":
/// true` when the chunk needs more lines). Chunks run on the host's thread, one at a time,
/// between events. The socket is the owner's only (mode 0600, and a peer of another user is
/// refused); a client that sends something that is not a request, or a line over 1 MiB, gets
/// an error and is dropped. Threads, not an event loop: a console has a few clients at most,
/// each waiting on the host's one thread anyway.
public final class ConsoleServer: @unchecked Sendable {
    /// The socket's name in the project's run folder (`.rebound/console.sock`), where a run
    /// serves its console.
    public static let socketName = "console.sock"

    public let path: String
    private let listener: Int32
    private let mailbox: HostMailbox
    private let lock = NSLock()
    private var clients: Set<Int32> = []
    private var pending: [ObjectIdentifier: ConsoleRequest] = [:]
    private var stopped = false
    private var accepting: Listener?

    /// How many clients may be connected at once.
    static let clientLimit = 32
    /// The longest request line.
    static let lineLimit = 1 << 20
    /// How far a client may fall behind in reading replies before it is dropped.
    static let backlogLimit = 8 << 20

    /// Makes the socket at `path`; a stale socket left by a host that died is replaced, a live
    /// one (another host serving the same project) is an error.
    public init(path: String, mailbox: HostMailbox) throws {
        self.path = path
        self.mailbox = mailbox
        listener = try UnixSockets.listen(at: path, serving: "this project's console", backlog: 16)
    }

    /// Serves `host`'s console at `path` (making its folder), accepting clients at once.
    public static func serve(at path: String, for host: LiveHost) throws -> ConsoleServer {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let server = try ConsoleServer(path: path, mailbox: host.mailbox)
        server.start()
        return server
    }

    /// Starts accepting clients, each on a thread of its own.
    public func start() {
        let mailbox = self.mailbox
        accepting = Listener(
            socket: listener, name: "rebound.console", warn: { mailbox.post(.warning("console: \($0)")) }
        ) {
            [weak self] client in
            guard let self else {
                close(client)
                return
            }
            admit(client)
        }
    }

    /// Stops accepting, drops every client, answers what is waiting, and removes the socket.
    public func stop() {
        let taken: (clients: [Int32], waiting: [ConsoleRequest])? = lock.withLock {
            guard !stopped else { return nil }
            stopped = true
            return (Array(clients), Array(pending.values))
        }
        guard let taken else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        for client in taken.clients { shutdown(client, Int32(SHUT_RDWR)) }
        for request in taken.waiting { request.cancel("the host stopped") }
        unlink(path)
    }

    deinit {
        stop()
        close(listener)
    }

    // MARK: Clients

    private func admit(_ client: Int32) {
        let refusal: String? = lock.withLock {
            if stopped { return "the host is stopping" }
            if clients.count >= Self.clientLimit { return "too many console clients (at most \(Self.clientLimit))" }
            clients.insert(client)
            return nil
        }
        if let refusal {
            // A fresh socket's buffer takes a short line without waiting.
            _ = UnixSockets.writeAll(ConsoleWire.Reply.refusal(refusal).line, to: client)
            close(client)
            return
        }
        let thread = Thread { [self] in serve(client) }
        thread.name = "rebound.console.client"
        thread.start()
    }

    private func serve(_ client: Int32) {
        let writer = SocketWriter(socket: client, limit: Self.backlogLimit, name: "rebound.console.writer") {
            [mailbox] in
            mailbox.post(
                .warning("console: a client fell \(Self.backlogLimit >> 20) MiB behind in reading and was dropped"))
        }
        defer {
            lock.withLock { _ = clients.remove(client) }
            writer.close()
        }
        guard UnixSockets.peerUser(client) == geteuid() else {
            writer.write(ConsoleWire.Reply.refusal("refused: the console belongs to another user").line)
            writer.hangUpAfterDraining()
            return
        }
        var reader = LineReader(socket: client, limit: Self.lineLimit)
        while let line = reader.next() {
            guard case .line(let bytes) = line else {
                writer.write(ConsoleWire.Reply.refusal("a request line is longer than \(Self.lineLimit) bytes").line)
                writer.hangUpAfterDraining()
                return
            }
            guard !bytes.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) else { continue }
            let request: (id: ConsoleWire.ID, code: String)
            switch ConsoleWire.request(in: bytes) {
            case .success(let parsed): request = parsed
            case .failure(let refused):
                writer.write(refused.reply.line)
                writer.hangUpAfterDraining()
                return
            }
            guard evaluate(request.code, id: request.id, replyingThrough: writer) else { return }
        }
    }

    /// Hands the chunk to the host's thread, which writes the reply, and waits for it; false
    /// when the host stopped or the client is gone.
    private func evaluate(_ code: String, id: ConsoleWire.ID, replyingThrough writer: SocketWriter) -> Bool {
        let sent = Flag()
        let request = ConsoleRequest(code: code) { reply in
            sent.set(writer.write(ConsoleWire.Reply(reply, id: id).line))
        }
        let key = ObjectIdentifier(request)
        let accepted = lock.withLock {
            guard !stopped else { return false }
            pending[key] = request
            return true
        }
        guard accepted else { return false }
        mailbox.post(.evaluate(request))
        _ = request.wait()
        lock.withLock { _ = pending.removeValue(forKey: key) }
        return sent.value
    }

    /// Whether the reply was handed to the writer, set on the replying thread.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = false
        func set(_ value: Bool) { lock.withLock { stored = value } }
        var value: Bool { lock.withLock { stored } }
    }

}

/// What went wrong talking to the console's socket (`ConsoleClient`).
public struct ConsoleServerError: UserFacingError {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Reads a socket line by line, refusing lines over a limit.
struct LineReader {
    enum Line {
        case line([UInt8])
        case tooLong
    }

    let socket: Int32
    let limit: Int
    private var buffer: [UInt8] = []
    private var scanned = 0

    init(socket: Int32, limit: Int) {
        self.socket = socket
        self.limit = limit
    }

    /// The next line without its newline; nil at the end of the stream (a last line without a
    /// newline is dropped: the client went away mid-request).
    mutating func next() -> Line? {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            if let end = buffer[scanned...].firstIndex(of: 10) {
                let line = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                scanned = 0
                return .line(line)
            }
            scanned = buffer.count
            if buffer.count > limit { return .tooLong }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }
}
