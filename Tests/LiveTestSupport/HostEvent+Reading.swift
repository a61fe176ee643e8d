import LiveHost

/// What tests read of an event without switching on its kind.
extension HostEvent {
    /// The text of a warning, notice, hint or print; a restart's reason; a layout's screen.
    public var text: String? {
        switch self {
        case .warning(let text, _), .notice(let text, _), .hint(let text, _), .print(let text, _, _): text
        case .restarted(_, let reason): reason
        case .layout(let screen, _): screen
        default: nil
        }
    }

    /// The file a turn, problem, warning, notice, hint or print concerns.
    public var file: String? {
        switch self {
        case .warning(_, let file), .notice(_, let file), .hint(_, let file), .print(_, let file, _): file
        default: turn?.file ?? problem?.file
        }
    }

    public var module: String? { turn?.module ?? problem?.module }

    /// The views of a layout report.
    public var views: [LayoutDump.Entry]? {
        if case .layout(_, let views) = self { views } else { nil }
    }
}
