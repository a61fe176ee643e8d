import LuaRuntime

/// One thing the live host did or saw, for the user (a line) or a tool (a JSON object).
public struct HostReport: Sendable {
    public enum Kind: String, Sendable {
        /// The start module ran and the first display pass is done.
        case started
        /// A module ran again in place and its handlers were called.
        case reloaded
        /// A resource was delivered again.
        case resource
        /// The Lua context was started afresh.
        case restarted
        case syntaxError = "syntax-error"
        case runtimeError = "runtime-error"
        case resourceError = "resource-error"
        case handlerError = "handler-error"
        case warning
    }

    /// Where an error comes from: Lua's message, the file and line, the line's text, the traceback.
    public struct Problem: Sendable, Encodable {
        public var message: String
        public var file: String?
        public var line: Int?
        public var sourceLine: String?
        public var traceback: String?
    }

    public var kind: Kind
    /// The file concerned, relative to the project folder.
    public var file: String?
    public var module: String?
    public var duration: Duration?
    /// How many `system.did_load_module` / `system.did_load_resource` handlers ran.
    public var handlers: Int?
    /// How many `getResource` bindings a resource was delivered to.
    public var bindings: Int?
    public var visibleCells: Int?
    public var problem: Problem?
    /// A warning's text, or why the context restarted.
    public var message: String?

    public init(kind: Kind, file: String? = nil, module: String? = nil, duration: Duration? = nil, handlers: Int? = nil,
                bindings: Int? = nil, visibleCells: Int? = nil, problem: Problem? = nil, message: String? = nil) {
        self.bindings = bindings
        self.kind = kind
        self.file = file
        self.module = module
        self.duration = duration
        self.handlers = handlers
        self.visibleCells = visibleCells
        self.problem = problem
        self.message = message
    }

    public var isError: Bool {
        [.syntaxError, .runtimeError, .resourceError, .handlerError].contains(kind)
    }
}

extension HostReport.Problem {
    /// The location Lua's message starts with (`file:line:`), else the innermost Lua frame.
    init(_ error: LuaError, sourceLine: (String, Int) -> String?) {
        let location = LuaError.location(in: error.message)
        message = error.kind == .timeBudget ? error.message + " (the module ran past the time budget)" : error.message
        file = location?.source ?? error.source
        line = location?.line ?? error.line
        traceback = error.traceback
        if let file, let line { self.sourceLine = sourceLine(file, line) }
    }
}
