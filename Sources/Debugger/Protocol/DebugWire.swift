import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The Debug Adapter Protocol's framing on a socket: each message is a JSON object after a
/// header of `Content-Length: N` (and optionally `Content-Type`) lines and an empty line.
///
/// Nothing else is a header. An HTTP request (a web page's `fetch` to a loopback port) starts
/// with a request line and carries `Host:` and `Origin:`; the first byte that cannot begin an
/// allowed header breaks the stream, before any message is read, so that no other protocol can
/// be smuggled into the debugger.
struct DebugWire {
    /// What reading the next message gave.
    enum Frame {
        case message(Data)
        /// The header is not DAP's: the stream cannot be followed any more.
        case broken(String)
    }

    /// The largest message body accepted.
    static let bodyLimit = 16 << 20
    /// The longest header line accepted.
    static let lineLimit = 1024

    private static let crlf: [UInt8] = [13, 10]
    private static let headerNames = ["content-length", "content-type"].map { Array($0.utf8) }

    let socket: Int32
    private var buffer: [UInt8] = []

    init(socket: Int32) {
        self.socket = socket
    }

    /// The next message, or nil at the end of the stream.
    mutating func next() -> Frame? {
        var length: Int?
        while true {
            guard let end = buffer.firstRange(of: Self.crlf) else {
                if let refusal = Self.refusal(ofUnfinishedLine: buffer) { return .broken(refusal) }
                guard fill() else { return nil }
                continue
            }
            let line = Array(buffer[..<end.lowerBound])
            buffer.removeSubrange(..<end.upperBound)
            if line.isEmpty { break }
            switch Self.header(line) {
            case .success(let given?):
                guard length == nil else { return .broken("a message header has two Content-Length lines") }
                length = given
            case .success(nil):
                continue
            case .failure(let refusal):
                return .broken(refusal.description)
            }
        }
        guard let length else { return .broken("a message header has no Content-Length") }
        guard length <= Self.bodyLimit else {
            return .broken("a message of \(length) bytes is over the limit of \(Self.bodyLimit)")
        }
        while buffer.count < length {
            guard fill() else { return nil }
        }
        let body = Data(buffer[..<length])
        buffer.removeSubrange(..<length)
        return .message(body)
    }

    private struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// A whole header line: its Content-Length, nil for Content-Type, or why it is refused.
    private static func header(_ line: [UInt8]) -> Result<Int?, Refusal> {
        let text = String(decoding: line, as: UTF8.self)
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0].lowercased()
        guard parts.count == 2, headerNames.contains(Array(name.utf8)) else {
            return .failure(
                Refusal(
                    description: "\(text.prefix(80).debugDescription) is not a Debug Adapter Protocol header "
                        + "(only Content-Length and Content-Type are)"))
        }
        guard name == "content-length" else { return .success(nil) }
        let value = parts[1].trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), value.utf8.count <= 9,
            let length = Int(value)
        else {
            return .failure(Refusal(description: "Content-Length \(value.prefix(40).debugDescription) is not a length"))
        }
        return .success(length)
    }

    /// Why the bytes of a line not yet ended cannot become an allowed header, if they cannot.
    private static func refusal(ofUnfinishedLine bytes: [UInt8]) -> String? {
        if bytes.count > lineLimit { return "a message header line is longer than \(lineLimit) bytes" }
        let possible = headerNames.contains { name in
            let compared = min(bytes.count, name.count)
            // `| 0x20` lowercases ASCII letters.
            guard zip(bytes.prefix(compared), name).allSatisfy({ $0 | 0x20 == $1 }) else { return false }
            return bytes.count <= name.count || bytes[name.count] == UInt8(ascii: ":")
        }
        guard possible else {
            return
                "\(String(decoding: bytes.prefix(40), as: UTF8.self).debugDescription) does not begin a Debug Adapter "
                + "Protocol header (only Content-Length and Content-Type are)"
        }
        return nil
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
}
