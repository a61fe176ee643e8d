import Foundation
import LiveHost

/// What the debug server hands to the host's thread.
public enum DebugMessage: HostToolMessage {
    /// A client connected (the one the server admits).
    case connected
    case request(DebugRequest)
    /// The client went away, or was dropped.
    case disconnected
}

/// A Debug Adapter Protocol request, as it came: its arguments stay JSON until the host's
/// thread reads them as the command's own type (`DAPArguments`).
public struct DebugRequest: Sendable {
    public let seq: Int
    public let command: String
    /// The whole message, which holds the arguments.
    let body: Data
    /// The server's number for the connection it came from, which its response goes to.
    var connection: Int?

    /// The request's `arguments`, read as `type` (every field absent when there are none).
    func arguments<Arguments: Decodable>(as type: Arguments.Type) throws(DecodingError) -> Arguments {
        do {
            return try JSONDecoder().decode(Carrier<Arguments>.self, from: body).arguments
                ?? JSONDecoder().decode(type, from: Data("{}".utf8))
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(error)"))
        }
    }

    private struct Carrier<Arguments: Decodable>: Decodable {
        var arguments: Arguments?
    }

    /// Reads a request; the refusal to answer when `body` is not one.
    static func parse(_ body: Data) -> Result<DebugRequest, DebugRefusal> {
        guard let envelope = try? JSONDecoder().decode(DAPEnvelope.self, from: body) else {
            return .failure(
                DebugRefusal(seq: nil, command: nil, message: "malformed message: the body is not a JSON object"))
        }
        guard envelope.type == "request", let seq = envelope.seq, let command = envelope.command else {
            return .failure(
                DebugRefusal(
                    seq: envelope.seq, command: envelope.command,
                    message:
                        "malformed message: a request needs \"type\": \"request\", a \"seq\" number and a \"command\""))
        }
        guard envelope.arguments != .notAnObject else {
            return .failure(
                DebugRefusal(seq: seq, command: command, message: "malformed message: \"arguments\" must be an object"))
        }
        return .success(DebugRequest(seq: seq, command: command, body: body))
    }
}

/// What every message from a client carries, each field read on its own: a wrong one is
/// absent, so that the refusal can still name the others.
struct DAPEnvelope: Decodable {
    enum Arguments { case absent, object, notAnObject }

    var seq: Int?
    var type: String?
    var command: String?
    var arguments = Arguments.absent

    private enum CodingKeys: String, CodingKey { case seq, type, command, arguments }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        seq = try? fields.decodeIfPresent(Int.self, forKey: .seq)
        type = try? fields.decodeIfPresent(String.self, forKey: .type)
        command = try? fields.decodeIfPresent(String.self, forKey: .command)
        if fields.contains(.arguments) {
            arguments = (try? fields.decode(ObjectProbe.self, forKey: .arguments)) != nil ? .object : .notAnObject
        }
    }

    /// Decodes only from a JSON object.
    private struct ObjectProbe: Decodable {
        init(from decoder: any Decoder) throws { _ = try decoder.container(keyedBy: AnyKey.self) }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A message the server answers itself with an error, because it is not a request.
struct DebugRefusal: Error {
    let seq: Int?
    let command: String?
    let message: String
}
