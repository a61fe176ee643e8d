import Foundation

/// The bodies of the responses and events the session sends, as the Debug Adapter Protocol
/// names them.
enum DAPBodies {
    struct Source: Encodable {
        let name: String
        let path: String

        /// A file the client can open, named by its last path component.
        init(path: String) {
            (name, self.path) = ((path as NSString).lastPathComponent, path)
        }
    }

    struct Breakpoint: Encodable {
        var id: Int?
        var verified: Bool
        var line: Int?
        var message: String?
        var source: Source?
    }

    struct Breakpoints: Encodable {
        let breakpoints: [Breakpoint]
    }

    struct BreakpointChanged: Encodable {
        var reason = "changed"
        let breakpoint: Breakpoint
    }

    struct Thread: Encodable {
        let id: Int
        let name: String
    }

    struct Threads: Encodable {
        let threads: [Thread]
    }

    struct StackFrame: Encodable {
        let id: Int
        var name: String
        let line: Int
        let column: Int
        var source: Source?
        var presentationHint: String?
    }

    struct StackTrace: Encodable {
        let stackFrames: [StackFrame]
        let totalFrames: Int
    }

    struct Scope: Encodable {
        let name: String
        var presentationHint: String?
        let variablesReference: Int
        let expensive: Bool
    }

    struct Scopes: Encodable {
        let scopes: [Scope]
    }

    /// A variable; `setVariable`'s answer is one without its name.
    struct Variable: Encodable {
        var name: String?
        let value: String
        let type: String
        let variablesReference: Int
    }

    struct Variables: Encodable {
        let variables: [Variable]
    }

    struct Evaluated: Encodable {
        let result: String
        let variablesReference: Int
    }

    struct Continued: Encodable {
        var allThreadsContinued = true
    }

    struct Output: Encodable {
        /// `stdout`, `stderr`, `console` or `important`.
        let category: String
        let output: String
        var source: Source?
        var line: Int?
    }

    struct Stopped: Encodable {
        let reason: String
        let threadId: Int
        var allThreadsStopped = true
        var text: String?
        var description: String?
        var hitBreakpointIds: [Int]?
    }

    struct ExceptionFilter: Encodable {
        let filter: String
        let label: String
        let description: String
        let `default`: Bool
    }

    /// What Rebound's debugger can do, for `initialize`.
    struct Capabilities: Encodable {
        var supportsConfigurationDoneRequest = true
        var supportsConditionalBreakpoints = true
        var supportsHitConditionalBreakpoints = true
        var supportsLogPoints = true
        var supportsFunctionBreakpoints = true
        var supportsSetVariable = true
        var supportsEvaluateForHovers = true
        var supportsTerminateRequest = true
        var exceptionBreakpointFilters = [
            ExceptionFilter(
                filter: "uncaught", label: "Uncaught errors", description: "Errors no pcall catches", default: true),
            ExceptionFilter(
                filter: "caught", label: "Caught errors", description: "Errors a script's pcall or xpcall catches",
                default: false),
        ]
    }
}
