import CFileShim
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The program's Debug Adapter Protocol endpoint: a loopback TCP port or a Unix socket, with
/// one client at a time.
///
/// A thread accepts clients and another reads the admitted one's messages; requests go to the
/// host's thread through the mailbox, which answers them (`send`, from that thread). A second
/// client while one is attached gets an error response to its first request and is closed. A
/// message that is not a request is answered with an error and the client stays; a header that
/// is not DAP's (the stream cannot be followed) drops the client. Either way the host goes on.
public final class DebugServer: @unchecked Sendable {
    /// Where the server listens, with the port the system chose for port 0.
    public let address: DebugAddress
    private let listener: Int32
    private let mailbox: HostMailbox
    private let lock = NSLock()
    private var client: Int32?
    private var sequence = 0
    private var stopped = false

    public init(address: DebugAddress, mailbox: HostMailbox) throws(DebugServerError) {
        self.mailbox = mailbox
        switch address {
        case .tcp(let host, let port):
            (listener, self.address) = try Self.listenTCP(host: host, port: port)
        case .unixSocket(let path):
            listener = try Self.listenUnix(path: path)
            self.address = address
        }
    }

    /// Starts accepting clients.
    public func start() {
        let thread = Thread { [self] in acceptClients() }
        thread.name = "rebound.debug"
        thread.start()
    }

    /// Stops accepting and drops the client.
    public func stop() {
        let taken: Int32?? = lock.withLock {
            guard !stopped else { return nil }
            stopped = true
            return .some(client)
        }
        guard let taken else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        if let client = taken { shutdown(client, Int32(SHUT_RDWR)) }
        if case .unixSocket(let path) = address { unlink(path) }
    }

    deinit {
        stop()
        close(listener)
    }

    /// Whether a client is attached.
    public var hasClient: Bool { lock.withLock { client != nil } }

    // MARK: Sending

    /// Answers `request`: its body on success, or an error message.
    func respond(to request: DebugRequest, body: [String: Any]? = nil, error: String? = nil) {
        respond(seq: request.seq, command: request.command, body: body, error: error)
    }

    /// Sends an event to the client, if there is one.
    func event(_ name: String, _ body: [String: Any]? = nil) {
        var message: [String: Any] = ["type": "event", "event": name]
        if let body { message["body"] = body }
        send(message)
    }

    /// Drops the client (after `disconnect`): its reader posts `.disconnected`.
    func dropClient() {
        lock.withLock { client }.map { _ = shutdown($0, Int32(SHUT_RDWR)) }
    }

    private func respond(seq: Int?, command: String?, body: [String: Any]?, error: String?, to socket: Int32? = nil) {
        var message: [String: Any] = ["type": "response", "request_seq": seq ?? 0, "command": command ?? "",
                                      "success": error == nil]
        if let error {
            message["message"] = error
            message["body"] = ["error": ["id": 1, "format": error, "showUser": true]]
        } else if let body {
            message["body"] = body
        }
        send(message, to: socket)
    }

    private func send(_ message: [String: Any], to socket: Int32? = nil) {
        lock.withLock {
            guard let target = socket ?? client else { return }
            sequence += 1
            var numbered = message
            numbered["seq"] = sequence
            if let data = DebugWire.encode(numbered) { _ = UnixSockets.writeAll(data, to: target) }
        }
    }

    // MARK: Clients

    private func acceptClients() {
        while true {
            let socket = accept(listener, nil, nil)
            guard socket >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return  // stopped
            }
            _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
            if case .unixSocket = address, UnixSockets.peerUser(socket) != geteuid() {
                refuse(socket, "refused: the program belongs to another user")
                continue
            }
            let admitted = lock.withLock {
                guard !stopped, client == nil else { return false }
                client = socket
                return true
            }
            guard admitted else {
                refuse(socket, "another debugger is attached to this program; disconnect it first")
                continue
            }
            let thread = Thread { [self] in serve(socket) }
            thread.name = "rebound.debug.client"
            thread.start()
        }
    }

    /// Answers the refused client's first request with `reason`, on a thread of its own (a
    /// client that sends nothing is given two seconds), and closes it.
    private func refuse(_ socket: Int32, _ reason: String) {
        let thread = Thread { [self] in
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var wire = DebugWire(socket: socket)
            var seq: Int?
            var command: String?
            if case .message(let body)? = wire.next(),
               let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
                seq = (object["seq"] as? NSNumber)?.intValue
                command = object["command"] as? String
            }
            respond(seq: seq, command: command, body: nil, error: reason, to: socket)
            close(socket)
        }
        thread.name = "rebound.debug.refusal"
        thread.start()
    }

    private func serve(_ socket: Int32) {
        mailbox.post(.debug(.connected))
        var wire = DebugWire(socket: socket)
        reading: while let frame = wire.next() {
            switch frame {
            case .broken(let reason):
                event("output", ["category": "important", "output": "rebound: \(reason); the connection is closed\n"])
                break reading
            case .message(let body):
                switch DebugRequest.parse(body) {
                case .success(let request): mailbox.post(.debug(.request(request)))
                case .failure(let refusal):
                    respond(seq: refusal.seq, command: refusal.command, body: nil, error: refusal.message)
                }
            }
        }
        lock.withLock { client = nil }
        close(socket)
        mailbox.post(.debug(.disconnected))
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
            withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
            withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
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
            return try UnixSockets.listen(at: path, serving: "a debugger on this socket", backlog: 4)
        } catch {
            throw DebugServerError(error.description)
        }
    }
}

/// Why the debug server could not listen.
public struct DebugServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
