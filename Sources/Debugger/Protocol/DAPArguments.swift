import Foundation

/// The arguments of the requests the session reads, as the Debug Adapter Protocol names them.
/// Every field is optional: a request that leaves one out gets the protocol's default or a
/// clear error; one with a field of the wrong type is refused as malformed.
enum DAPArguments {
    struct Source: Decodable {
        var path: String?
    }

    struct SourceBreakpoint: Decodable {
        var line: Int?
        var condition: String?
        var hitCondition: String?
        var logMessage: String?
    }

    struct FunctionBreakpoint: Decodable {
        var name: String?
        var condition: String?
    }

    struct SetBreakpoints: Decodable {
        var source: Source?
        var breakpoints: [SourceBreakpoint]?
    }

    struct SetFunctionBreakpoints: Decodable {
        var breakpoints: [FunctionBreakpoint]?
    }

    struct SetExceptionBreakpoints: Decodable {
        var filters: [String]?
    }

    struct StackTrace: Decodable {
        var threadId: Int?
        var startFrame: Int?
        var levels: Int?
    }

    /// `scopes`, and `evaluate`'s frame.
    struct Frame: Decodable {
        var frameId: Int?
    }

    struct Variables: Decodable {
        var variablesReference: Int?
    }

    struct SetVariable: Decodable {
        var variablesReference: Int?
        var name: String?
        var value: String?
    }

    struct Evaluate: Decodable {
        var expression: String?
        var frameId: Int?
    }

    /// `initialize`'s, `attach`'s or `launch`'s secret, on a TCP port.
    struct Token: Decodable {
        var token: String?
    }
}
