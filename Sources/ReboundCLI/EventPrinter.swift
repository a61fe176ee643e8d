import Foundation
import LiveHost

/// Prints the live host's reports: one line per event for people (errors with their source
/// line and traceback), or one JSON object per line for tools (`--json`).
struct EventPrinter {
    let json: Bool

    func print(_ report: HostEvent) {
        let text = json ? jsonLine(report) : humanText(report)
        let toErrors = !json && (report.isError || report.kind == .warning || report.kind == .hint)
        (toErrors ? FileHandle.standardError : FileHandle.standardOutput).write(Data((text + "\n").utf8))
    }

    /// A line for people that is not a report (what keys do); JSON output has none.
    func note(_ text: String) {
        guard !json else { return }
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func humanText(_ report: HostEvent) -> String {
        let file = report.file ?? report.module ?? "the project"
        switch report.kind {
        case .started, .restarted, .reloaded, .resource:
            var parts: [String] = []
            switch report.kind {
            case .started: parts.append("started \(file)")
            case .restarted: parts.append("restarted\(report.message.map { " (\($0))" } ?? "")")
            case .reloaded: parts.append("reloaded \(file)")
            default: parts.append("delivered \(file)")
            }
            parts[0] += report.duration.map { " in \(Self.milliseconds($0)) ms" } ?? ""
            if let bindings = report.bindings { parts.append("\(bindings) binding\(bindings == 1 ? "" : "s")") }
            if let handlers = report.handlers { parts.append("\(handlers) handler\(handlers == 1 ? "" : "s")") }
            if let cells = report.visibleCells { parts.append("\(cells) cell\(cells == 1 ? "" : "s") visible") }
            return parts.joined(separator: ", ")
        case .warning:
            return "warning: " + (report.message ?? "")
        case .hint:
            return "hint: " + (report.message ?? "")
        case .print:
            return report.message ?? ""
        case .layout:
            return LayoutDump.text(screen: report.message ?? "", entries: report.layout ?? [])
        case .syntaxError, .runtimeError, .resourceError, .handlerError:
            let label = switch report.kind {
            case .syntaxError: "syntax error"
            case .resourceError: "resource error"
            case .handlerError: "error in a handler"
            default: "error"
            }
            guard let problem = report.problem else { return label }
            var text = "\(label): \(problem.message)"
            if let line = problem.line, let source = problem.sourceLine {
                text += "\n    \(line) | \(source)"
            }
            if let note = report.message { text += "\n    (\(note))" }
            if let traceback = problem.traceback, !traceback.isEmpty { text += "\n" + traceback }
            return text
        }
    }

    func jsonLine(_ report: HostEvent) -> String {
        let event = JSONEvent(event: report.kind.rawValue, file: report.file, line: report.line, module: report.module,
                              durationMs: report.duration.map(Self.milliseconds), handlers: report.handlers, bindings: report.bindings,
                              visibleCells: report.visibleCells, message: report.message, error: report.problem,
                              views: report.layout)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(event)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return ((Double(seconds) * 1000 + Double(attoseconds) / 1e15) * 100).rounded() / 100
    }
}

/// The JSON form of a report; absent fields are left out.
private struct JSONEvent: Encodable {
    let event: String
    let file: String?
    let line: Int?
    let module: String?
    let durationMs: Double?
    let handlers: Int?
    let bindings: Int?
    let visibleCells: Int?
    let message: String?
    let error: HostEvent.Problem?
    let views: [LayoutDump.Entry]?
}
