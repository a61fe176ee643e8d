/// An error raised while loading or running Lua code, or while Swift worked with Lua values.
///
/// `message` is Lua's message, with the `file:line:` prefix Lua adds; `source` and `line`
/// locate the innermost Lua code involved (the file the user edits, for chunks loaded from
/// files), and `traceback` is Lua's stack traceback at the point of the error.
public struct LuaError: UserFacingError, Sendable {
    /// What went wrong, in the categories a host reacts to differently.
    public enum Kind: Sendable, Equatable {
        /// A runtime error: `error(...)`, a failed operation, or an error from a native function.
        case runtime
        /// The chunk did not compile.
        case syntax
        /// The memory limit was reached or an allocation failed ("not enough memory").
        case memory
        /// The call ran longer than the state's time budget.
        case timeBudget
        /// Another thread interrupted the call (`LuaInterrupter`, Ctrl-C).
        case interrupted
        /// The error handler itself failed (for example a `__tostring` that raises).
        case errorHandler
        /// A file could not be read.
        case file
    }

    public var kind: Kind
    public var message: String
    public var source: String?
    public var line: Int?
    public var traceback: String?
    /// The original error value when it was not a string (kept to re-raise it unchanged
    /// when the error passes back through a native function).
    nonisolated(unsafe) var value: LuaReference?

    public init(
        kind: Kind, message: String, source: String? = nil, line: Int? = nil,
        traceback: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.source = source
        self.line = line
        self.traceback = traceback
    }

    /// An error as Lua code reports it with `xpcall(f, debug.traceback)`: the message, then
    /// "stack traceback:" and the frames; the file and line come from the message.
    public init(traced text: String) {
        let parts = text.split(separator: "\nstack traceback:", maxSplits: 1, omittingEmptySubsequences: false)
        let message = String(parts.first ?? "")
        let location = Self.location(in: message)
        self.init(
            kind: .runtime, message: message, source: location?.source, line: location?.line,
            traceback: parts.count > 1 ? "stack traceback:" + parts[1] : nil)
    }

    public var location: UserFacingLocation? { source.map { UserFacingLocation(file: $0, line: line) } }

    public var description: String {
        guard let traceback, !traceback.isEmpty else { return message }
        return message + "\n" + traceback
    }

    /// Splits Lua's `source:line: message` prefix, as syntax errors and errors raised with a
    /// level carry it.
    public static func location(in message: String) -> (source: String, line: Int)? {
        let firstLine = message.prefix { $0 != "\n" }
        var rest = firstLine[...]
        // A source can itself contain ':' (a path with a drive, "[string ...]"): take the first
        // ":<digits>:" that follows.
        while let colon = rest.firstIndex(of: ":") {
            let afterColon = rest.index(after: colon)
            let digits = rest[afterColon...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, let line = Int(digits), rest[digits.endIndex...].first == ":" {
                return (String(firstLine[..<colon]), line)
            }
            rest = rest[afterColon...]
        }
        return nil
    }
}
