import Foundation
import LiveHost

/// Prints the live host's reports: one line per event for people (errors with their source
/// line and traceback), or one JSON object per line for tools (`--json`).
struct EventPrinter {
    /// The version of the `--json` events' schema (docs/cli/json-events.md). It grows when a
    /// field changes meaning or goes; new events and fields leave it as it is.
    static let schemaVersion = 1

    let json: Bool

    /// Starts the output: with `--json`, a `schema` event with the schema's version, so that a
    /// tool can tell what it reads before anything else.
    func begin() {
        guard json else { return }
        FileHandle.standardOutput.write(Data(#"{"event":"schema","version":\#(Self.schemaVersion)}"#.utf8 + [0x0A]))
    }

    /// Prints one event of the host, naming its device when the host runs several. A screen
    /// that fails is said by its error's own line: people see only a status of healthy.
    func print(_ event: HostEvent, device: String? = nil) {
        if json {
            FileHandle.standardOutput.write(Data((jsonLine(event, device: device) + "\n").utf8))
            return
        }
        guard let text = humanText(event) else { return }
        let toErrors =
            event.isError
            || [.warning, .notice, .hint, .problem(.lint), .problem(.misspelledProperty)].contains(event.kind)
        let line = (device.map { "[\($0)] " } ?? "") + text + "\n"
        (toErrors ? FileHandle.standardError : FileHandle.standardOutput).write(Data(line.utf8))
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

    func humanText(_ event: HostEvent) -> String? {
        switch event {
        case .started(let turn): summary("started \(Self.name(of: turn))", turn)
        case .restarted(let turn, let reason): summary("restarted\(reason.map { " (\($0))" } ?? "")", turn)
        case .reloaded(let turn): summary("reloaded \(Self.name(of: turn))", turn)
        case .resource(let turn): summary("delivered \(Self.name(of: turn))", turn)
        case .problem(let problem): Self.text(of: problem)
        case .status(.healthy): "the screen runs without errors again"
        case .status(.failing): nil
        case .warning(let text, _): "warning: " + text
        case .notice(let text, _): "notice: " + text
        case .hint(let text, _): "hint: " + text
        case .print(let text, _, _): text
        case .layout(let screen, let views): LayoutDump.text(screen: screen, entries: views)
        }
    }

    private static func name(of turn: HostEvent.Turn) -> String { turn.file ?? turn.module ?? "the project" }

    private func summary(_ what: String, _ turn: HostEvent.Turn) -> String {
        var parts = [what + " in \(Self.milliseconds(turn.duration)) ms"]
        if let bindings = turn.bindings { parts.append(Self.count(bindings, "binding")) }
        if let handlers = turn.handlers { parts.append(Self.count(handlers, "handler")) }
        if let cells = turn.visibleCells { parts.append(Self.count(cells, "cell") + " visible") }
        if let rows = turn.visibleRows { parts.append(Self.count(rows, "row") + " visible") }
        if let errors = turn.errors { parts.append(Self.count(errors, "error") + " above") }
        return parts.joined(separator: ", ")
    }

    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    private static func text(of problem: HostEvent.Problem) -> String {
        let label =
            switch problem.kind {
            case .syntaxError: "syntax error"
            case .lint: "lint"
            case .misspelledProperty: "misspelled property"
            case .resourceError: "resource error"
            case .handlerError: "error in a handler"
            case .runtimeError: "error"
            }
        var text = "\(label): \(problem.message)"
        if let line = problem.line, let source = problem.sourceLine { text += "\n    \(line) | \(source)" }
        if let context = problem.context { text += "\n    (\(context))" }
        if let traceback = problem.traceback, !traceback.isEmpty { text += "\n" + traceback }
        return text
    }

    func jsonLine(_ event: HostEvent, device: String? = nil) -> String {
        var line = JSONEvent(event: event.kind.name, device: device)
        switch event {
        case .started(let turn), .reloaded(let turn), .resource(let turn): line.take(turn)
        case .restarted(let turn, let reason):
            line.take(turn)
            line.message = reason
        case .problem(let problem):
            (line.file, line.module, line.message, line.error) = (
                problem.file, problem.module, problem.context, problem
            )
        case .status(.healthy): line.status = "healthy"
        case .status(.failing(let problem)):
            (line.status, line.file, line.error) = (problem.kind.rawValue, problem.file, problem)
        case .warning(let text, let file), .notice(let text, let file), .hint(let text, let file):
            (line.message, line.file) = (text, file)
        case .print(let text, let file, let number): (line.message, line.file, line.line) = (text, file, number)
        case .layout(let screen, let views): (line.message, line.views) = (screen, views)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(line)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func milliseconds(_ duration: Duration) -> Double {
        (duration.inMilliseconds * 100).rounded() / 100
    }

    /// The JSON form of an event; absent fields are left out.
    private struct JSONEvent: Encodable {
        let event: String
        let device: String?
        var file: String?
        var line: Int?
        var module: String?
        var durationMs: Double?
        var handlers: Int?
        var bindings: Int?
        var visibleCells: Int?
        var visibleRows: Int?
        var errors: Int?
        /// `healthy`, or the kind of the error a screen shows.
        var status: String?
        var message: String?
        var error: HostEvent.Problem?
        var views: [LayoutDump.Entry]?

        init(event: String, device: String?) { (self.event, self.device) = (event, device) }

        mutating func take(_ turn: HostEvent.Turn) {
            (file, module, durationMs) = (turn.file, turn.module, EventPrinter.milliseconds(turn.duration))
            (handlers, bindings, visibleCells, visibleRows, errors) = (
                turn.handlers, turn.bindings, turn.visibleCells, turn.visibleRows, turn.errors
            )
        }
    }
}
