import Foundation

/// A message to the client, as the Debug Adapter Protocol frames it: a response to a request
/// or an event, with its body. The server numbers it (`seq`) as it sends it.
struct DAPOutgoing<Body: Encodable>: Encodable {
    var seq = 0
    let type: String
    var requestSeq: Int?
    var command: String?
    var success: Bool?
    var message: String?
    var event: String?
    var body: Body?

    enum CodingKeys: String, CodingKey {
        case seq, type, command, success, message, event, body
        case requestSeq = "request_seq"
    }

    /// A successful response to request `seq`.
    static func response(to seq: Int, command: String, body: Body?) -> Self {
        Self(type: "response", requestSeq: seq, command: command, success: true, body: body)
    }

    static func event(_ name: String, body: Body?) -> Self {
        Self(type: "event", event: name, body: body)
    }

    /// The message with its header, ready for the socket.
    func framed() -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let body = try? encoder.encode(self) else { return nil }
        return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension DAPOutgoing where Body == DAPErrorBody {
    /// A failed response to request `seq` (0 and "" when the message named none).
    static func failure(to seq: Int?, command: String?, _ error: String) -> Self {
        Self(
            type: "response", requestSeq: seq ?? 0, command: command ?? "", success: false, message: error,
            body: DAPErrorBody(error: .init(id: 1, format: error, showUser: true)))
    }
}

/// A message with no body.
struct DAPNoBody: Encodable {}

/// A failed response's body: its message for the user.
struct DAPErrorBody: Encodable {
    struct Message: Encodable {
        let id: Int
        let format: String
        let showUser: Bool
    }

    let error: Message
}
