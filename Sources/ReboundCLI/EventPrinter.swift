import Foundation
import LiveHost

/// Prints the live host's reports: one line per event for people (errors with their source
/// line and traceback), or one JSON object per line for tools (`--json`).
struct EventPrinter {
    let json: Bool

    func print(_ event: HostEvent) {
        let text = json ? jsonLine(event) : (event.device.map { "[\($0)] " } ?? "") + humanText(event)
        let toErrors =
            !json && (event.isError || [.warning, .notice, .hint, .lint, .misspelledProperty].contains(event.kind))
        (toErrors ? FileHandle.standardError : FileHandle.standardOutput).write(Data((text + "\n").utf8))
    }

    /// A line about the run that is no host event (what it watches, what keys do); a `note`
    /// event in JSON.
    func note(_ text: String) {
        write(AnnouncementEvent(event: "note", service: nil, address: nil, message: text), text)
    }

    /// Where one of the run's services listens (`preview`, `console`, `debugger`): the line
    /// `text` for people, a `listening` event with the address for tools.
    func announce(_ service: String, at address: String, _ text: String) {
        write(AnnouncementEvent(event: "listening", service: service, address: address, message: text), text)
    }

    private func write(_ event: AnnouncementEvent, _ text: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let line = json ? (try? encoder.encode(event)).map { String(decoding: $0, as: UTF8.self) } ?? "{}" : text
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private struct AnnouncementEvent: Encodable {
        let event: String
        let service: String?
        let address: String?
        let message: String
    }

    func humanText(_ event: HostEvent) -> String {
        let file = event.file ?? event.module ?? "the project"
        switch event.kind {
        case .started, .restarted, .reloaded, .resource:
            var parts: [String] = []
            switch event.kind {
            case .started: parts.append("started \(file)")
            case .restarted: parts.append("restarted\(event.message.map { " (\($0))" } ?? "")")
            case .reloaded: parts.append("reloaded \(file)")
            default: parts.append("delivered \(file)")
            }
            parts[0] += event.duration.map { " in \(Self.milliseconds($0)) ms" } ?? ""
            if let bindings = event.bindings { parts.append("\(bindings) binding\(bindings == 1 ? "" : "s")") }
            if let handlers = event.handlers { parts.append("\(handlers) handler\(handlers == 1 ? "" : "s")") }
            if let cells = event.visibleCells { parts.append("\(cells) cell\(cells == 1 ? "" : "s") visible") }
            if let rows = event.visibleRows { parts.append("\(rows) row\(rows == 1 ? "" : "s") visible") }
            if let errors = event.errors { parts.append("\(errors) error\(errors == 1 ? "" : "s") above") }
            return parts.joined(separator: ", ")
        case .warning:
            return "warning: " + (event.message ?? "")
        case .notice:
            return "notice: " + (event.message ?? "")
        case .recovered:
            return event.message ?? "recovered"
        case .hint:
            return "hint: " + (event.message ?? "")
        case .print:
            return event.message ?? ""
        case .layout:
            return LayoutDump.text(screen: event.message ?? "", entries: event.layout ?? [])
        case .syntaxError, .runtimeError, .resourceError, .handlerError, .lint, .misspelledProperty:
            let label =
                switch event.kind {
                case .syntaxError: "syntax error"
                case .lint: "lint"
                case .misspelledProperty: "misspelled property"
                case .resourceError: "resource error"
                case .handlerError: "error in a handler"
                default: "error"
                }
            guard let problem = event.problem else { return label }
            var text = "\(label): \(problem.message)"
            if let line = problem.line, let source = problem.sourceLine {
                text += "\n    \(line) | \(source)"
            }
            if let note = event.message { text += "\n    (\(note))" }
            if let traceback = problem.traceback, !traceback.isEmpty { text += "\n" + traceback }
            return text
        }
    }

    func jsonLine(_ event: HostEvent) -> String {
        let event = JSONEvent(
            event: event.kind.rawValue, device: event.device, file: event.file, line: event.line, module: event.module,
            durationMs: event.duration.map(Self.milliseconds), handlers: event.handlers, bindings: event.bindings,
            visibleCells: event.visibleCells, visibleRows: event.visibleRows, errors: event.errors,
            message: event.message, error: event.problem,
            views: event.layout)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(event)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func milliseconds(_ duration: Duration) -> Double {
        (duration.inMilliseconds * 100).rounded() / 100
    }

    /// The JSON form of a event; absent fields are left out.
    private struct JSONEvent: Encodable {
        let event: String
        let device: String?
        let file: String?
        let line: Int?
        let module: String?
        let durationMs: Double?
        let handlers: Int?
        let bindings: Int?
        let visibleCells: Int?
        let visibleRows: Int?
        let errors: Int?
        let message: String?
        let error: HostEvent.Problem?
        let views: [LayoutDump.Entry]?
    }
}
