import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The Debug Adapter Protocol's framing on a socket: each message is a JSON object after a
/// `Content-Length: N` header and an empty line.
struct DebugWire {
    /// What reading the next message gave.
    enum Frame {
        case message(Data)
        /// The header is not DAP's: the stream cannot be followed any more.
        case broken(String)
    }

    /// The largest message body accepted.
    static let bodyLimit = 16 << 20
    /// The longest header block accepted.
    static let headerLimit = 4096

    let socket: Int32
    private var buffer: [UInt8] = []

    init(socket: Int32) {
        self.socket = socket
    }

    /// The next message, or nil at the end of the stream.
    mutating func next() -> Frame? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headerEnd: Int?
        while headerEnd == nil {
            headerEnd = buffer.firstRange(of: separator)?.lowerBound
            if headerEnd == nil {
                if buffer.count > Self.headerLimit { return .broken("a message header is longer than \(Self.headerLimit) bytes") }
                guard fill() else { return nil }
            }
        }
        guard let end = headerEnd else { return nil }
        let header = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeSubrange(..<(end + separator.count))
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        guard let length, length >= 0 else { return .broken("a message header has no valid Content-Length: \(header.debugDescription)") }
        guard length <= Self.bodyLimit else { return .broken("a message of \(length) bytes is over the limit of \(Self.bodyLimit)") }
        while buffer.count < length {
            guard fill() else { return nil }
        }
        let body = Data(buffer[..<length])
        buffer.removeSubrange(..<length)
        return .message(body)
    }

    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer += chunk[..<count]
            return true
        }
    }

    /// One message with its header.
    static func encode(_ object: [String: Any]) -> Data? {
        guard let body = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return nil }
        return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
