import Foundation
import LiveHost

/// Prints the live host's reports: one line per event for people (errors with their source
/// line and traceback), or one JSON object per line for tools (`--json`).
struct ReportPrinter {
    let json: Bool

    func print(_ report: HostReport) {
        let text = json ? jsonLine(report) : humanText(report)
        let stream = !json && (report.isError || report.kind == .warning) ? FileHandle.standardError : FileHandle.standardOutput
        stream.write(Data((text + "\n").utf8))
    }

    func humanText(_ report: HostReport) -> String {
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
            if let traceback = problem.traceback, !traceback.isEmpty { text += "\n" + traceback }
            return text
        }
    }

    func jsonLine(_ report: HostReport) -> String {
        let event = JSONEvent(event: report.kind.rawValue, file: report.file, module: report.module,
                              durationMs: report.duration.map(Self.milliseconds), handlers: report.handlers, bindings: report.bindings,
                              visibleCells: report.visibleCells, message: report.message, error: report.problem)
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
    let module: String?
    let durationMs: Double?
    let handlers: Int?
    let bindings: Int?
    let visibleCells: Int?
    let message: String?
    let error: HostReport.Problem?
}
