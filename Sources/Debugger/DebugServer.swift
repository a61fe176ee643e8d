import CFileShim
import Foundation
import HostSockets
import LiveHost
import LuaRuntime

#if canImport(Glibc)
import Glibc
#endif

/// The program's Debug Adapter Protocol endpoint: a Unix socket (mode 0600) or a loopback TCP
/// port, with one client at a time.
///
/// A debugger runs code in the program, so the server answers only the user's own tools:
/// - a peer of another user is refused (the Unix socket's peer credentials; for TCP, the
///   kernel's table of TCP sockets, `TCPPeers`);
/// - only DAP's framing is read (`DebugWire`): an HTTP request from a web page closes the
///   connection before any message is read;
/// - `initialize`, then `attach` or `launch`, come before anything runs (`DebugAdmission`),
///   and on TCP they must carry the run's secret (`token`).
///
/// A thread accepts clients (`Listener`) and another reads each connection's messages;
/// requests go to the host's thread through the mailbox, which answers them (`respond` answers
/// the connection that asked; `event` goes to the attached client). What is sent is queued per
/// connection and written by a thread of its own (`SocketWriter`), so the host's thread never
/// waits for a client; one that falls 8 MiB behind is dropped.
///
/// The one client slot is taken by an admitted `attach` or `launch`, not by connecting: a
/// connection that has not been admitted within `admissionTimeout` is closed, and at most
/// `maximumWaiting` wait at once (past them a connection is closed at once), so nothing that
/// connects and stays silent (a web page's preconnect) keeps the user's editor out. An
/// `attach` while another client is attached gets an error and is closed. Whatever a client
/// does, the host goes on.
public final class DebugServer: @unchecked Sendable {
    /// Where the server listens, with the port the system chose for port 0.
    public let address: DebugAddress
    /// The secret a TCP client must present; nil on a Unix socket.
    public let token: String?
    private let listener: Int32
    private let mailbox: HostMailbox
    private let lock = NSLock()
    /// The attached client, once admitted.
    private var client: SocketWriter?
    /// Every connection being served, by the number its requests carry.
    private var connections: [Int: SocketWriter] = [:]
    private var nextConnection = 0
    /// Connections not admitted yet.
    private var waiting = 0
    private var sequence = 0
    private var stopped = false
    private var accepting: Listener?
    /// Refused connections being answered, each on a thread of its own.
    private var refusing = 0
    static let refusalLimit = 16
    /// How long a connection may take to be admitted, and how many may wait at once.
    static let admissionTimeout = 5
    static let maximumWaiting = 8

    /// How far a client may fall behind in reading before it is dropped.
    static let backlogLimit = 8 << 20

    /// Where the token is written (TCP only), removed when the server stops.
    public let tokenFile: String?

    /// Listens at `address`. On TCP, the run's token is made and written to `tokenFile`, when
    /// one is given (the project's `.rebound/debug-token`).
    public init(address: DebugAddress, mailbox: HostMailbox, tokenFile: String? = nil) throws(DebugServerError) {
        self.mailbox = mailbox
        switch address {
        case .tcp(let host, let port):
            (listener, self.address) = try Self.listenTCP(host: host, port: port)
            let made = DebugToken.make()
            if let tokenFile {
                do {
                    try DebugToken.write(made, to: tokenFile)
                } catch {
                    close(listener)
                    throw error
                }
            }
            token = made
            self.tokenFile = tokenFile
        case .unixSocket(let path):
            listener = try Self.listenUnix(path: path)
            self.address = address
            token = nil
            self.tokenFile = nil
        }
    }

    /// Starts accepting clients.
    public func start() {
        let mailbox = self.mailbox
        accepting = Listener(
            socket: listener, name: "rebound.debug", warn: { mailbox.post(.warning("debugger: \($0)")) }
        ) {
            [weak self] socket in
            guard let self else {
                close(socket)
                return
            }
            admit(socket)
        }
    }

    /// Stops accepting and drops the client.
    public func stop() {
        let taken: (client: SocketWriter?, waiting: [SocketWriter])? = lock.withLock {
            guard !stopped else { return nil }
            stopped = true
            return (client, connections.values.filter { $0 !== client })
        }
        guard let taken else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        for connection in taken.waiting { shutdown(connection.socket, Int32(SHUT_RDWR)) }
        taken.client?.hangUp(waitingUpTo: SocketWriter.goodbyeTimeout)  // `terminated` reaches a client that reads
        if case .unixSocket(let path) = address { unlink(path) }
        if let tokenFile { unlink(tokenFile) }
    }

    deinit {
        stop()
        close(listener)
    }

    /// Whether a client is attached.
    public var hasClient: Bool { lock.withLock { client != nil } }

    // MARK: Sending

    /// Answers `request` on the connection it came from (nothing when that one is gone) with
    /// success and `body`.
    func respond<Body: Encodable>(to request: DebugRequest, body: Body) {
        answer(request, .response(to: request.seq, command: request.command, body: body))
    }

    /// Answers `request` with success and no body.
    func respond(to request: DebugRequest) {
        answer(request, DAPOutgoing<DAPNoBody>.response(to: request.seq, command: request.command, body: nil))
    }

    /// Answers `request` with an error message.
    func respond(to request: DebugRequest, error: String) {
        answer(request, .failure(to: request.seq, command: request.command, error))
    }

    private func answer<Body>(_ request: DebugRequest, _ message: DAPOutgoing<Body>) {
        guard let connection = request.connection else { return send(message) }
        guard let origin = lock.withLock({ connections[connection] }) else { return }
        send(message, to: origin)
    }

    /// Sends an event to the client, if there is one.
    func event<Body: Encodable>(_ name: String, _ body: Body) {
        send(DAPOutgoing.event(name, body: body))
    }

    /// Sends an event with no body.
    func event(_ name: String) {
        send(DAPOutgoing<DAPNoBody>.event(name, body: nil))
    }

    /// Drops the client (after `disconnect`) once what was sent to it is written: its reader
    /// then posts `.disconnected`.
    func dropClient() {
        lock.withLock { client }?.hangUpAfterDraining()
    }

    private func send<Body>(_ message: DAPOutgoing<Body>, to writer: SocketWriter? = nil) {
        lock.withLock {
            guard let target = writer ?? client else { return }
            sequence += 1
            var numbered = message
            numbered.seq = sequence
            if let data = numbered.framed() { target.write(data) }
        }
    }

    // MARK: Clients

    private func admit(_ socket: Int32) {
        let user: uid_t? =
            switch address {
            case .unixSocket: UnixSockets.peerUser(socket)
            case .tcp: TCPPeers.user(of: socket)
            }
        guard user == geteuid() else {
            mailbox.post(
                .warning("debugger: refused a connection from another user (\(user.map { "uid \($0)" } ?? "unknown"))"))
            refuse(socket, "refused: the program belongs to another user")
            return
        }
        let accepted: (writer: SocketWriter, connection: Int)? = lock.withLock {
            guard !stopped, waiting < Self.maximumWaiting else { return nil }
            waiting += 1
            nextConnection += 1
            let writer = SocketWriter(socket: socket, limit: Self.backlogLimit, name: "rebound.debug.writer") {
                [mailbox] in
                mailbox.post(
                    .warning(
                        "debugger: the client fell \(Self.backlogLimit >> 20) MiB behind in reading and was dropped"))
            }
            connections[nextConnection] = writer
            return (writer, nextConnection)
        }
        guard let accepted else {
            close(socket)  // a flood of connections that wait is closed without an answer
            return
        }
        Self.setReadTimeout(socket, seconds: Self.admissionTimeout)
        let thread = Thread { [self] in serve(accepted.writer, connection: accepted.connection) }
        thread.name = "rebound.debug.client"
        thread.start()
    }

    /// How long a read on `socket` waits (0: as long as it takes).
    private static func setReadTimeout(_ socket: Int32, seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Gives the client slot to the connection `writer`, which was just admitted; false when
    /// another client has it.
    private func attach(_ writer: SocketWriter) -> Bool {
        lock.withLock {
            guard !stopped, client == nil else { return false }
            client = writer
            waiting -= 1
            return true
        }
    }

    /// Answers the refused client's first request with `reason`, on a thread of its own (a
    /// client that sends nothing, or reads nothing, is given two seconds), and closes it; past
    /// `refusalLimit` at once, closes it at once.
    private func refuse(_ socket: Int32, _ reason: String) {
        let room = lock.withLock {
            guard refusing < Self.refusalLimit else { return false }
            refusing += 1
            return true
        }
        guard room else {
            close(socket)  // a flood is closed without an answer
            return
        }
        let thread = Thread { [self] in
            defer { lock.withLock { refusing -= 1 } }
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            _ = setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var wire = DebugWire(socket: socket)
            if case .message(let body)? = wire.next(),
                let envelope = try? JSONDecoder().decode(DAPEnvelope.self, from: body)
            {
                var message = DAPOutgoing<DAPErrorBody>.failure(to: envelope.seq, command: envelope.command, reason)
                message.seq = 1
                if let data = message.framed() { _ = UnixSockets.writeAll(data, to: socket) }
            }
            close(socket)
        }
        thread.name = "rebound.debug.refusal"
        thread.start()
    }

    private func serve(_ writer: SocketWriter, connection: Int) {
        var wire = DebugWire(socket: writer.socket)
        var admission = DebugAdmission(token: token)
        var attached = false
        reading: while let frame = wire.next() {
            switch frame {
            case .broken(let reason):
                // A stranger's stream (an HTTP request) is closed without a word.
                if admission.isAdmitted {
                    event(
                        "output", ["category": "important", "output": "rebound: \(reason); the connection is closed\n"])
                }
                break reading
            case .message(let body):
                var request: DebugRequest
                switch DebugRequest.parse(body) {
                case .success(let parsed): request = parsed
                case .failure(let refusal):
                    send(.failure(to: refusal.seq, command: refusal.command, refusal.message), to: writer)
                    continue reading
                }
                request.connection = connection
                let wasAdmitted = admission.isAdmitted
                switch admission.check(request) {
                case .pass:
                    if !wasAdmitted && admission.isAdmitted {
                        guard attach(writer) else {
                            respond(
                                to: request, error: "another debugger is attached to this program; disconnect it first")
                            writer.hangUpAfterDraining()
                            break reading
                        }
                        attached = true
                        Self.setReadTimeout(writer.socket, seconds: 0)
                        mailbox.post(.tool(DebugMessage.connected))
                    }
                    mailbox.post(.tool(DebugMessage.request(request)))
                case .refuse(let reason):
                    respond(to: request, error: reason)
                case .drop(let reason):
                    respond(to: request, error: reason)
                    // The slot is free before the client can see the hang-up: it may connect
                    // again at once, and must not be told another debugger is attached.
                    lock.withLock { if client === writer { client = nil } }
                    writer.hangUpAfterDraining()
                }
            }
        }
        lock.withLock {
            connections[connection] = nil
            if !attached { waiting -= 1 }
            if client === writer { client = nil }
        }
        writer.close()
        if attached { mailbox.post(.tool(DebugMessage.disconnected)) }
    }

    // MARK: Sockets

    private static func listenTCP(host: String, port: UInt16) throws(DebugServerError) -> (Int32, DebugAddress) {
        let family = host.contains(":") ? AF_INET6 : AF_INET
        let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw DebugServerError("\(host):\(port): \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        _ = setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var storage = sockaddr_storage()
        var length: socklen_t
        if family == AF_INET6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = in6addr_loopback
            withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
            withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        }
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        guard bound == 0, listen(socket, 4) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw DebugServerError("cannot listen on \(DebugAddress.tcp(host: host, port: port)): \(reason)")
        }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &actualLength) }
        }
        let chosen = withUnsafeBytes(of: actual) { bytes in
            // sin_port and sin6_port are both at offset 2.
            UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: 2, as: UInt16.self))
        }
        return (socket, .tcp(host: host, port: chosen))
    }

    private static func listenUnix(path: String) throws(DebugServerError) -> Int32 {
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            return try UnixSockets.listen(at: path, serving: "a debugger on this socket", backlog: 4)
        } catch let error as UnixSocketError {
            throw DebugServerError(error.description)
        } catch {
            throw DebugServerError("\(path): \(error.localizedDescription)")
        }
    }
}

/// Why the debug server could not listen.
public struct DebugServerError: UserFacingError {
    public let description: String
    init(_ description: String) { self.description = description }
}
