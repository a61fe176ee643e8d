import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A raw TCP connection to the preview server: it sends exactly the bytes a test writes (so
/// malformed requests are possible) and reads with deadlines.
final class HTTPProbe {
    private let socket: Int32
    private(set) var received = Data()
    private(set) var closedByServer = false

    /// `receiveBuffer` fixes the socket's receive buffer (loopback's grows to 32 MiB otherwise),
    /// for a reader that falls behind.
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ProbeError("socket: \(String(cString: strerror(errno)))") }
        if var size = receiveBuffer {
            _ = setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(socket)
            throw ProbeError("connect to port \(port): \(String(cString: strerror(errno)))")
        }
    }

    deinit { Glibc.close(socket) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw ProbeError("send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// Reads what arrived within `wait` (nothing more once the server closed).
    func read(for wait: Duration) {
        let deadline = ContinuousClock.now + wait
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !closedByServer {
            let left = deadline - .now
            let milliseconds = max(
                0, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, milliseconds) > 0 else { return }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 {
                closedByServer = true
                return
            }
            received.append(contentsOf: buffer[0..<count])
        }
    }

    /// Reads until `condition` holds on what arrived, or `timeout` passes; returns whether it held.
    @discardableResult
    func read(until condition: (String) -> Bool, timeout: Duration = .seconds(20)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition(text) {
            guard ContinuousClock.now < deadline, !closedByServer else { return condition(text) }
            read(for: .milliseconds(50))
        }
        return true
    }

    var text: String { String(decoding: received, as: UTF8.self) }

    /// The status code of the first response (0 before one arrived).
    var status: Int {
        guard text.hasPrefix("HTTP/1.1 ") else { return 0 }
        return Int(text.dropFirst(9).prefix(3)) ?? 0
    }

    /// The body received so far, its chunks joined when it is sent in chunks.
    var body: String {
        guard let end = received.firstRange(of: Data("\r\n\r\n".utf8)) else { return "" }
        var rest = received[end.upperBound...]
        guard
            String(decoding: received[..<end.lowerBound], as: UTF8.self).lowercased()
                .contains("transfer-encoding: chunked")
        else { return String(decoding: rest, as: UTF8.self) }
        var body = Data()
        while let line = rest.firstRange(of: Data("\r\n".utf8)),
            let size = Int(String(decoding: rest[..<line.lowerBound], as: UTF8.self), radix: 16), size > 0,
            rest.distance(from: line.upperBound, to: rest.endIndex) >= size + 2
        {
            let start = line.upperBound
            let stop = rest.index(start, offsetBy: size)
            body.append(rest[start..<stop])
            rest = rest[rest.index(stop, offsetBy: 2)...]
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// The Server-Sent Events received so far: their ids and decoded JSON data.
    var events: [(id: Int, state: [String: Any])] {
        body.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n").map(String.init)
            guard let id = lines.first(where: { $0.hasPrefix("id: ") }).flatMap({ Int($0.dropFirst(4)) }) else {
                return nil
            }
            let data = lines.filter { $0.hasPrefix("data: ") }.map { $0.dropFirst(6) }.joined(separator: "\n")
            guard let object = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any] else {
                return nil
            }
            return (id, object)
        }
    }
}

struct ProbeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
