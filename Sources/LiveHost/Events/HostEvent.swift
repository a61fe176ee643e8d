/// One thing the live host did or saw, for the user (a line) or a tool (a JSON object). Each
/// kind carries what it alone means; the device it concerns travels beside it
/// (`LiveHost.init(program:options:events:)`).
public enum HostEvent: Sendable {
    /// The start module ran and the first layout pass is done.
    case started(Turn)
    /// The Lua context was started afresh, and why.
    case restarted(Turn, reason: String?)
    /// A module ran again in place and its handlers were called.
    case reloaded(Turn)
    /// A resource, or a document a screen came from, was delivered again.
    case resource(Turn)
    /// An error, or a finding of `rebound check`.
    case problem(Problem)
    /// What a device's screen shows changed: healthy again, or a new problem.
    case status(ScreenStatus)
    case warning(String, file: String? = nil)
    /// Something Rebound did differently from a device that needs no change, told once (a
    /// font drawn with a stand-in); it does not fail `run --once`.
    case notice(String, file: String? = nil)
    /// Advice the host gives once, such as how to see a reload that changed nothing.
    case hint(String, file: String? = nil)
    /// A line a script printed (`print`), and where it printed it.
    case print(String, file: String?, line: Int?)
    /// The screen's layout (the `l` key, `--once`): the device's description and its views.
    case layout(screen: String, views: [LayoutDump.Entry])

    /// What one turn of a device did: a start, a reload, a delivery.
    public struct Turn: Sendable {
        /// The file concerned, relative to the project folder.
        public var file: String?
        public var module: String?
        public var duration: Duration
        /// How many `system.did_load_module` / `system.did_load_resource` handlers ran.
        public var handlers: Int?
        /// How many `getResource` bindings a resource was delivered to.
        public var bindings: Int?
        /// The cells the screen's collection views show, and the rows its table views show
        /// (each nil when there are none of the kind, but cells 0 on a screen with neither).
        public var visibleCells: Int?
        public var visibleRows: Int?
        /// How many errors the turn reported on its way (its handlers' and its layout pass's,
        /// each an event before it); nil for none.
        public var errors: Int?
        /// When the save that the turn answers was seen (its file's last event), for
        /// save-to-screen times.
        public var savedAt: ContinuousClock.Instant?

        init(file: String?, module: String?, duration: Duration, visible: (cells: Int, rows: Int)) {
            (self.file, self.module, self.duration) = (file, module, duration)
            visibleCells = visible.cells > 0 || visible.rows == 0 ? visible.cells : nil
            visibleRows = visible.rows > 0 ? visible.rows : nil
        }
    }

    /// An event's kind, without its payload.
    public enum Kind: Hashable, Sendable {
        case started, restarted, reloaded, resource, status, warning, notice, hint, print, layout
        case problem(Problem.Kind)

        /// The name `--json` writes: the case's, or the problem's kind (`syntax-error`).
        public var name: String {
            if case .problem(let kind) = self { kind.rawValue } else { "\(self)" }
        }
    }

    public var kind: Kind {
        switch self {
        case .started: .started
        case .restarted: .restarted
        case .reloaded: .reloaded
        case .resource: .resource
        case .problem(let problem): .problem(problem.kind)
        case .status: .status
        case .warning: .warning
        case .notice: .notice
        case .hint: .hint
        case .print: .print
        case .layout: .layout
        }
    }

    /// The turn a start, restart, reload or delivery reports.
    public var turn: Turn? {
        switch self {
        case .started(let turn), .restarted(let turn, _), .reloaded(let turn), .resource(let turn): turn
        default: nil
        }
    }

    /// The problem an error or a finding reports.
    public var problem: Problem? {
        if case .problem(let problem) = self { problem } else { nil }
    }

    public var isError: Bool { problem?.isError ?? false }
}
