import LuaRuntime

/// One thing the live host did or saw, for the user (a line) or a tool (a JSON object).
public struct HostEvent: Sendable {
    public enum Kind: String, Sendable {
        /// The start module ran and the first layout pass is done.
        case started
        /// A module ran again in place and its handlers were called.
        case reloaded
        /// A resource was delivered again.
        case resource
        /// The Lua context was started afresh.
        case restarted
        case syntaxError = "syntax-error"
        /// What luacheck found in a module or spec (`rebound check --lint`).
        case lint
        /// A field a module assigns whose name nearly matches a UIKit property's
        /// (`rebound check`); the running host warns of the same.
        case misspelledProperty = "misspelled-property"
        case runtimeError = "runtime-error"
        case resourceError = "resource-error"
        case handlerError = "handler-error"
        /// A screen whose last pass raised a runtime or handler error ran a whole pass without
        /// one: the error shown for it is over.
        case recovered
        case warning
        /// Something Rebound did differently from a device that needs no change, told once (a
        /// font drawn with a stand-in); it does not fail `run --once`.
        case notice
        /// Advice the host gives once, such as how to see a reload that changed nothing.
        case hint
        /// A script printed a line (`print`).
        case print
        /// The screen's layout (the `l` key, `--once`).
        case layout
    }

    /// Where an error comes from: Lua's message, the file and line (and column, for a lint
    /// finding), the line's text, the traceback.
    public struct Problem: Sendable, Encodable {
        public var message: String
        public var file: String?
        public var line: Int?
        public var column: Int?
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
    /// The cells the screen's collection views show, and the rows its table views show
    /// (each nil when there are none of the kind, but cells 0 on a screen with neither).
    public var visibleCells: Int?
    public var visibleRows: Int?
    /// How many errors a start, reload or delivery reported on its way (its handlers' and its
    /// layout pass's, each an event before it); nil for none. A page showing the last error
    /// keeps it when this is set.
    public var errors: Int?
    public var problem: Problem?
    /// A warning's, hint's or print's text; why the context restarted; what native code was
    /// doing when a script's error reached it; the screen a layout shows.
    public var message: String?
    /// The line of `file` a print came from.
    public var line: Int?
    /// The views of a layout report.
    public var layout: [LayoutDump.Entry]?
    /// The device whose context the event concerns, when the host runs several.
    public var device: String?
    /// When the save that a reload or a resource delivery answers was seen (its file's last
    /// event), for save-to-screen times.
    public var savedAt: ContinuousClock.Instant?

    public init(
        kind: Kind, file: String? = nil, module: String? = nil, duration: Duration? = nil, handlers: Int? = nil,
        bindings: Int? = nil, visible: (cells: Int, rows: Int)? = nil, problem: Problem? = nil, message: String? = nil,
        line: Int? = nil, layout: [LayoutDump.Entry]? = nil
    ) {
        self.line = line
        self.layout = layout
        self.bindings = bindings
        self.kind = kind
        self.file = file
        self.module = module
        self.duration = duration
        self.handlers = handlers
        if let visible {
            visibleCells = visible.cells > 0 || visible.rows == 0 ? visible.cells : nil
            visibleRows = visible.rows > 0 ? visible.rows : nil
        }
        self.problem = problem
        self.message = message
    }

    public var isError: Bool {
        [.syntaxError, .runtimeError, .resourceError, .handlerError].contains(kind)
    }
}

extension HostEvent.Problem {
    /// The location Lua's message starts with (`file:line:`), else the innermost Lua frame.
    init(_ error: LuaError, sourceLine: (String, Int) -> String?) {
        let location = LuaError.location(in: error.message)
        file = location?.source ?? error.source
        line = location?.line ?? error.line
        traceback = error.traceback.map(Self.userFrames)
        message = error.message
        if error.kind == .timeBudget {
            message += " (" + Self.stoppedCode(traceback: traceback, sourceLine: sourceLine) + ")"
        }
        if let file, let line { self.sourceLine = sourceLine(file, line) }
    }

    /// What the time budget stopped, from the innermost frame of the traceback: the module's
    /// own code, a function the traceback names, or the one defined on the line it gives (a
    /// method native code called, such as a delegate's).
    static func stoppedCode(traceback: String?, sourceLine: (String, Int) -> String?) -> String {
        let frames = (traceback ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let frame = frames.first(where: { $0.contains(": in ") && !$0.hasPrefix("[C]") }) else {
            return "the module ran past the time budget"
        }
        if frame.hasSuffix("in main chunk") { return "the module ran past the time budget" }
        if let quoted = frame.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first {
            return "stopped in \(quoted)"
        }
        guard let opening = frame.lastIndex(of: "<"), let closing = frame.lastIndex(of: ">"), opening < closing,
            let colon = frame[opening..<closing].lastIndex(of: ":"),
            let definedAt = Int(frame[frame.index(after: colon)..<closing])
        else { return "stopped in a function" }
        let file = String(frame[frame.index(after: opening)..<colon])
        let definition = sourceLine(file, definedAt) ?? ""
        if let range = definition.range(of: #"function\s+[A-Za-z_][\w.:]*"#, options: .regularExpression) {
            let name = definition[range].dropFirst("function".count).trimmingCharacters(in: .whitespaces)
            return "stopped in \(name), \(file):\(definedAt)"
        }
        return "stopped in the function at \(file):\(definedAt)"
    }

    /// A traceback without Rebound's own Lua code (chunks named `(rebound ...)`), the native
    /// calls next to it and nameless native frames: the user sees their own frames.
    static func userFrames(of traceback: String) -> String {
        let lines = traceback.split(separator: "\n", omittingEmptySubsequences: false)
        let frames = lines.map { $0.drop { $0 == "\t" || $0 == " " } }
        let isInternal = frames.map { $0.hasPrefix("(rebound ") }
        return lines.indices.filter { index in
            // A native frame with no name says nothing the user can act on.
            if isInternal[index] || frames[index] == "[C]: in ?" { return false }
            guard frames[index].hasPrefix("[C]:") else { return true }
            return !(index > 0 && isInternal[index - 1]) && !(index + 1 < lines.count && isInternal[index + 1])
        }.map { lines[$0] }.joined(separator: "\n")
    }
}
