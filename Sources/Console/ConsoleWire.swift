import Foundation
import LiveHost

/// The console's wire format: JSON lines, a request `{"id": 1, "eval": "return 1"}` and its reply
/// `{"id": 1, "ok": true, "values": ["1"], "output": []}` (or `"ok": false` with `error`, and
/// `traceback` or `"incomplete": true`).
enum ConsoleWire {
    /// A request's id, sent back as it came: a JSON number, a string, or null.
    enum ID: Codable, Sendable, Equatable {
        case integer(Int)
        case number(Double)
        case string(String)
        case null

        init(from decoder: Decoder) throws {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let integer = try? value.decode(Int.self) {
                self = .integer(integer)
            } else if let number = try? value.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try value.decode(String.self))
            }
        }

        func encode(to encoder: Encoder) throws {
            var value = encoder.singleValueContainer()
            switch self {
            case .integer(let integer): try value.encode(integer)
            case .number(let number): try value.encode(number)
            case .string(let string): try value.encode(string)
            case .null: try value.encodeNil()
            }
        }
    }

    /// A request line as it came: its id when it has a usable one, and its chunk when it has one.
    struct Request: Decodable {
        let id: ID
        /// Whether the line had an id that is not a number, a string or null.
        let idIsUnusable: Bool
        let eval: String?

        private enum Key: String, CodingKey { case id, eval }

        init(from decoder: Decoder) throws {
            let fields = try decoder.container(keyedBy: Key.self)
            let id = try? fields.decodeIfPresent(ID.self, forKey: .id)
            (self.id, idIsUnusable) = (id ?? .null, id == nil && fields.contains(.id))
            eval = try? fields.decodeIfPresent(String.self, forKey: .eval)
        }
    }

    /// A reply line, as the host writes it and the client reads it.
    struct Reply: Codable {
        var id: ID = .null
        var ok: Bool? = false
        var values: [String]?
        var output: [String]?
        var incomplete: Bool?
        var error: String?
        var traceback: String?

        /// A refusal: the request cannot be answered.
        static func refusal(_ error: String, id: ID = .null) -> Reply { Reply(id: id, error: error) }

        /// The host's answer to a chunk; an error's text is cut at the formatter's string limit.
        init(_ reply: ConsoleRequest.Reply, id: ID) {
            self.id = id
            output = reply.output
            switch reply.outcome {
            case .values(let values):
                ok = true
                self.values = values
            case .incomplete:
                incomplete = true
                error = "the chunk is incomplete: it needs more lines"
            case .failed(let message, let traceback):
                error = Self.bounded(message)
                self.traceback = traceback.map(Self.bounded)
            }
        }

        init(id: ID = .null, error: String? = nil) {
            self.id = id
            self.error = error
        }

        /// The outcome the client shows.
        var outcome: ConsoleRequest.Reply {
            if ok == true { return .init(outcome: .values(values ?? []), output: output ?? []) }
            if incomplete == true { return .init(outcome: .incomplete, output: output ?? []) }
            return .init(
                outcome: .failed(message: error ?? "the host gave no reason", traceback: traceback),
                output: output ?? [])
        }

        /// The reply as one JSON line.
        var line: Data {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard var data = try? encoder.encode(self) else {
                return Data("{\"error\":\"the reply could not be written as JSON\",\"id\":null,\"ok\":false}\n".utf8)
            }
            data.append(10)
            return data
        }

        private static func bounded(_ text: String) -> String {
            let bytes = text.utf8
            guard bytes.count > ConsoleFormatter.stringLimit else { return text }
            let kept = String(decoding: bytes.prefix(ConsoleFormatter.stringLimit), as: UTF8.self)
            return kept + "... (\(bytes.count - ConsoleFormatter.stringLimit) more bytes)"
        }
    }

    /// The request in a line, or the refusal to send back.
    static func request(in bytes: [UInt8]) -> Result<(id: ID, code: String), RefusedLine> {
        guard let request = try? JSONDecoder().decode(Request.self, from: Data(bytes)) else {
            return .failure(
                RefusedLine(
                    reply: .refusal(
                        "not a request: each line must be a JSON object such as {\"id\":1,\"eval\":\"return 1\"}")))
        }
        guard !request.idIsUnusable else {
            return .failure(RefusedLine(reply: .refusal("\"id\" must be a number or a string")))
        }
        guard let code = request.eval else {
            return .failure(
                RefusedLine(reply: .refusal("the request has no \"eval\" string (the code to run)", id: request.id)))
        }
        return .success((request.id, code))
    }

    /// A line the server cannot take: the reply says why, and the client is dropped.
    struct RefusedLine: Error {
        let reply: Reply
    }

    /// What a client sends.
    struct Outgoing: Encodable {
        let id: Int
        let eval: String
    }
}
