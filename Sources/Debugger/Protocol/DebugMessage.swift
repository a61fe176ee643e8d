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
/// thread reads them.
public struct DebugRequest: Sendable {
    public let seq: Int
    public let command: String
    let argumentsJSON: Data?
    /// The server's number for the connection it came from, which its response goes to.
    var connection: Int?

    /// The request's `arguments` object (empty when it has none).
    var arguments: [String: Any] {
        argumentsJSON.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
    }

    /// Reads a request; nil with the reason when `body` is not one.
    static func parse(_ body: Data) -> Result<DebugRequest, DebugRefusal> {
        guard let object = try? JSONSerialization.jsonObject(with: body), let message = object as? [String: Any] else {
            return .failure(
                DebugRefusal(seq: nil, command: nil, message: "malformed message: the body is not a JSON object"))
        }
        let seq = (message["seq"] as? NSNumber)?.intValue
        let command = message["command"] as? String
        guard message["type"] as? String == "request", let seq, let command else {
            return .failure(
                DebugRefusal(
                    seq: seq, command: command,
                    message:
                        "malformed message: a request needs \"type\": \"request\", a \"seq\" number and a \"command\""))
        }
        var arguments: Data?
        if let given = message["arguments"] {
            guard given is [String: Any] else {
                return .failure(
                    DebugRefusal(
                        seq: seq, command: command, message: "malformed message: \"arguments\" must be an object"))
            }
            arguments = try? JSONSerialization.data(withJSONObject: given)
        }
        return .success(DebugRequest(seq: seq, command: command, argumentsJSON: arguments))
    }
}

/// A message the server answers itself with an error, because it is not a request.
struct DebugRefusal: Error {
    let seq: Int?
    let command: String?
    let message: String
}
