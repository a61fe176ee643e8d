import LuaRuntime

extension HostEvent {
    /// An error, or a finding of `rebound check`: what kind, Lua's message, the file and line
    /// (and column, for a lint finding), the line's text, the traceback.
    public struct Problem: Sendable, Equatable, Encodable {
        public enum Kind: String, Sendable {
            case syntaxError = "syntax-error"
            case runtimeError = "runtime-error"
            case resourceError = "resource-error"
            case handlerError = "handler-error"
            /// What luacheck found in a module or spec (`rebound check --lint`).
            case lint
            /// A field a module assigns whose name nearly matches a UIKit property's
            /// (`rebound check`); the running host warns of the same.
            case misspelledProperty = "misspelled-property"
        }

        public var kind: Kind
        public var message: String
        public var file: String?
        public var line: Int?
        public var column: Int?
        public var sourceLine: String?
        public var traceback: String?
        /// The module whose run failed.
        public var module: String?
        /// What was running when the error happened: the native code a script's error reached
        /// (`in a handler of message 'system.did_load_module'`), or what the host does next.
        public var context: String?

        public init(_ kind: Kind, message: String, file: String? = nil, line: Int? = nil) {
            (self.kind, self.message, self.file, self.line) = (kind, message, file, line)
        }

        /// An error a screen shows until it is fixed; false for `rebound check`'s findings.
        public var isError: Bool { kind != .lint && kind != .misspelledProperty }

        /// Only a pass can fix these; a syntax or resource error waits for a clean turn.
        var clearsWithAGoodPass: Bool { kind == .runtimeError || kind == .handlerError }

        /// The wire form is the error itself: its kind, module and context are the event's.
        enum CodingKeys: String, CodingKey {
            case message, file, line, column, sourceLine, traceback
        }
    }
}

extension HostEvent.Problem {
    /// The location Lua's message starts with (`file:line:`), else the innermost Lua frame.
    init(_ kind: Kind, _ error: LuaError, sourceLine: (String, Int) -> String?) {
        self.kind = kind
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
