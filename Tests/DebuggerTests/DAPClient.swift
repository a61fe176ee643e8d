import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A Debug Adapter Protocol client for tests: the real wire format (`Content-Length` framing)
/// over TCP, a reader thread that keeps every message, and waits with deadlines.
final class DAPClient: @unchecked Sendable {
    struct Timeout: Error, CustomStringConvertible {
        let description: String
    }

    private let socket: Int32
    private let condition = NSCondition()
    private var messages: [[String: Any]] = []
    private var closed = false
    private var seq = 0
    /// How far `event` has looked, by event name: each name's events are taken in order.
    private var eventCursors: [String: Int] = [:]

    /// The run's secret, given in `attach` by `handshake` (TCP only).
    let token: String?

    /// Connects to a loopback TCP port.
    /// `receiveBuffer` fixes the socket's receive buffer (loopback's grows to 32 MiB otherwise).
    init(port: UInt16, token: String? = nil, receiveBuffer: Int32? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.token = token
        if var size = receiveBuffer {
            _ = setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Timeout(description: "cannot connect to port \(port)") }
        let thread = Thread { [self] in read() }
        thread.start()
    }

    /// Connects to a Unix socket.
    init(path: String) throws {
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        token = nil
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { throw Timeout(description: "cannot connect to \(path)") }
        let thread = Thread { [self] in read() }
        thread.start()
    }

    /// `initialize`, then `attach` (with the token, if there is one), then the `initialized`
    /// event; returns the capabilities.
    @discardableResult
    func handshake() throws -> [String: Any] {
        let capabilities = try body("initialize", ["adapterID": "rebound", "linesStartAt1": true])
        _ = try body("attach", token.map { ["token": $0] } ?? [:])
        _ = try event("initialized")
        return capabilities
    }

    deinit { close(socket) }

    private var paused = false

    /// Stops reading what the server sends, as a client that hangs would: the server's
    /// messages pile up in the socket's buffers.
    func pauseReading() {
        condition.withLock { paused = true }
    }

    /// Closes the connection at once, as a client that crashed would.
    func drop() { shutdown(socket, Int32(SHUT_RDWR)) }

    /// Whether the server has closed the connection by now.
    var isClosed: Bool { condition.withLock { closed } }

    /// Whether the server closed the connection.
    func waitUntilClosed(timeout: TimeInterval = 20) -> Bool {
        wait(timeout: timeout) { closed ? true : nil } ?? false
    }

    func sendRaw(_ bytes: String) {
        _ = bytes.utf8CString.withUnsafeBufferPointer {
            send(socket, $0.baseAddress, $0.count - 1, Int32(MSG_NOSIGNAL))
        }
    }

    func sendMessage(_ object: [String: Any]) {
        guard let body = try? JSONSerialization.data(withJSONObject: object) else { return }
        if ProcessInfo.processInfo.environment["DAP_TRACE"] != nil {
            FileHandle.standardError.write(Data(">> \(String(decoding: body, as: UTF8.self).prefix(300))\n".utf8))
        }
        sendRaw("Content-Length: \(body.count)\r\n\r\n" + String(decoding: body, as: UTF8.self))
    }

    /// Sends a request and waits for its response.
    @discardableResult
    func request(_ command: String, _ arguments: [String: Any] = [:], timeout: TimeInterval = 30) throws -> [String:
        Any]
    {
        seq += 1
        let mine = seq
        sendMessage(["seq": mine, "type": "request", "command": command, "arguments": arguments])
        guard
            let response = wait(
                timeout: timeout,
                for: { messages in
                    messages.first { $0["type"] as? String == "response" && ($0["request_seq"] as? Int) == mine }
                })
        else { throw Timeout(description: "no response to \(command)") }
        return response
    }

    /// The body of a successful response.
    func body(_ command: String, _ arguments: [String: Any] = [:]) throws -> [String: Any] {
        let response = try request(command, arguments)
        guard response["success"] as? Bool == true else {
            throw Timeout(description: "\(command) failed: \(response["message"] ?? "?")")
        }
        return response["body"] as? [String: Any] ?? [:]
    }

    /// Waits for the next event named `name` (after those already taken) that `matches`.
    func event(_ name: String, timeout: TimeInterval = 30, where matches: ([String: Any]) -> Bool = { _ in true })
        throws -> [String: Any]
    {
        let found: (Int, [String: Any])? = wait(timeout: timeout) { messages in
            for index in (self.eventCursors[name] ?? 0)..<messages.count {
                let message = messages[index]
                if message["type"] as? String == "event", message["event"] as? String == name,
                    matches(message["body"] as? [String: Any] ?? [:])
                {
                    return (index, message["body"] as? [String: Any] ?? [:])
                }
            }
            return nil
        }
        guard let found else { throw Timeout(description: "no \(name) event") }
        eventCursors[name] = found.0 + 1
        return found.1
    }

    /// Every message so far that `matches`.
    func all(_ matches: ([String: Any]) -> Bool) -> [[String: Any]] {
        condition.withLock { messages.filter(matches) }
    }

    private func wait<T>(timeout: TimeInterval, for found: ([[String: Any]]) -> T?) -> T? {
        wait(timeout: timeout) { found(messages) }
    }

    private func wait<T>(timeout: TimeInterval, _ found: () -> T?) -> T? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return condition.withLock {
            while true {
                if let value = found() { return value }
                if closed && Date() > deadline { return nil }
                guard condition.wait(until: deadline) else { return found() }
            }
        }
    }

    private func read() {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            while let headerEnd = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
                let header = String(decoding: buffer[..<headerEnd.lowerBound], as: UTF8.self)
                guard
                    let length = header.split(separator: ":").last.flatMap({
                        Int($0.trimmingCharacters(in: .whitespaces))
                    }),
                    buffer.count >= headerEnd.upperBound + length
                else { break }
                let body = Data(buffer[headerEnd.upperBound..<(headerEnd.upperBound + length)])
                buffer.removeSubrange(..<(headerEnd.upperBound + length))
                if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
                    if ProcessInfo.processInfo.environment["DAP_TRACE"] != nil {
                        FileHandle.standardError.write(
                            Data("<< \(String(decoding: body, as: UTF8.self).prefix(300))\n".utf8))
                    }
                    condition.withLock {
                        messages.append(object)
                        condition.broadcast()
                    }
                }
            }
            condition.withLock {
                while paused && !closed { _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1)) }
            }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            buffer += chunk[..<count]
        }
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }
}
