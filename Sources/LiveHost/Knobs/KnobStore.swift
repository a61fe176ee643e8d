import Foundation
import LuaRuntime

/// The knobs a program declares with `rebound.param(name, default, options)` for layout
/// experiments, and the values set for them: from the preview page, the console or
/// `--param name=value`. Values outlive reloads and restarts: the store belongs to the host,
/// not to a context, and it keeps what was set in the run folder (`params.json`).
public final class KnobStore {
    /// A knob's value: a number, a switch, or text (a choice, or a colour as `#RRGGBBAA`).
    public enum Value: Equatable, Sendable, Codable {
        case number(Double)
        case boolean(Bool)
        case text(String)

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                self = .boolean(flag)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .boolean(let flag): try container.encode(flag)
            case .text(let text): try container.encode(text)
            }
        }

        /// As a user writes it (`12`, `true`, `wide`, `#FF8800FF`).
        public var text: String {
            switch self {
            case .number(let number):
                number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
            case .boolean(let flag): String(flag)
            case .text(let text): text
            }
        }
    }

    /// What a knob takes.
    public enum Kind: Equatable, Sendable {
        case number(min: Double?, max: Double?, step: Double?)
        case boolean
        case choice([String])
        /// Any one short line (`isChoice`).
        case text
        case color
    }

    /// A declared knob, as its last declaration said.
    public struct Knob: Equatable, Sendable {
        public let name: String
        public let kind: Kind
        public let defaultValue: Value
    }

    public private(set) var declared: [Knob] = []
    private var values: [String: Value] = [:]
    /// What was set for a knob not declared yet: by the user (`--param` before the program
    /// runs), which must fit the knob, or kept from an earlier run, which is fitted to it.
    private var pending: [String: (text: String, byUser: Bool)] = [:]
    private let file: URL?
    /// When the file was last written; what is set within `saveInterval` of it waits.
    private var lastSave: ContinuousClock.Instant?
    /// When what was set last is due to be written (nil when the file holds it).
    public private(set) var saveDue: ContinuousClock.Instant?
    /// The file is written at most this often, however fast a page sets knobs.
    static let saveInterval: Duration = .milliseconds(250)
    /// The most choices a text knob offers, and the longest choice.
    static let maximumChoices = 256
    static let maximumChoiceLength = 256

    /// A store kept in `file` (none when nil: a render or a spec run), with `overrides` set on
    /// top of what the file kept.
    public init(file: URL?, overrides: [String: String] = [:]) {
        self.file = file
        if let file, let data = try? Data(contentsOf: file),
            let saved = try? JSONDecoder().decode([String: Value].self, from: data)
        {
            pending = saved.filter { Self.isName($0.key) }.mapValues { ($0.text, false) }
        }
        pending.merge(overrides.mapValues { ($0, true) }) { $1 }
    }

    /// Declares (or declares again) a knob; returns its value now, and a warning when a value
    /// kept from an earlier run no longer fits the knob (it is fitted, as the warning says). A
    /// value the user set that does not fit the knob is an error that says so.
    public func declare(_ knob: Knob) throws(KnobError) -> (value: Value, warning: String?) {
        if let index = declared.firstIndex(where: { $0.name == knob.name }) {
            declared[index] = knob
        } else {
            declared.append(knob)
        }
        var warning: String?
        if let (text, byUser) = pending.removeValue(forKey: knob.name) {
            if byUser {
                values[knob.name] = try Self.parse(text, for: knob)
            } else {
                let (value, refusal) = Self.fitted(text, to: knob)
                values[knob.name] = value
                warning = refusal
            }
        }
        return (value(of: knob.name) ?? knob.defaultValue, warning)
    }

    /// The value of a declared knob now.
    public func value(of name: String) -> Value? {
        guard let knob = declared.first(where: { $0.name == name }) else { return nil }
        return values[name].map { Self.fitted($0.text, to: knob).value } ?? knob.defaultValue
    }

    /// Sets a declared knob from `text`, as a user typed it; returns the value. A knob the
    /// program has not declared is refused: the page offers only declared ones, and `--param`
    /// sets a knob before its declaration.
    @discardableResult
    public func set(_ name: String, to text: String) throws(KnobError) -> Value {
        guard let knob = declared.first(where: { $0.name == name }) else {
            let names = declared.map(\.name)
            throw KnobError(
                "'\(LuaLiteral.comment(String(name.prefix(64))))' is not a knob the program declared"
                    + (names.isEmpty ? " (it declares none)" : " (it declares \(names.joined(separator: ", ")))"))
        }
        let value = try Self.parse(text, for: knob)
        values[name] = value
        scheduleSave()
        return value
    }

    /// Writes the file when what was set is due (the host calls it each turn).
    public func saveIfDue(at now: ContinuousClock.Instant) {
        guard let saveDue, saveDue <= now else { return }
        save(at: now)
    }

    /// Writes what waits at once (the host is stopping).
    public func flush() {
        guard saveDue != nil else { return }
        save(at: .now)
    }

    /// `name=value`, as `--param` takes it.
    public static func assignment(_ text: String) throws(KnobError) -> (name: String, value: String) {
        guard let equals = text.firstIndex(of: "="), isName(String(text[..<equals])) else {
            throw KnobError("--param expects name=value, such as spacing=12, got '\(text)'")
        }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }

    static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "_.-".unicodeScalars.contains($0))
            }
    }

    /// Whether `text` may be one of a text knob's choices: it is shown on the page and written
    /// into recorded specs, so it is one short line.
    static func isChoice(_ text: String) -> Bool {
        text.count <= maximumChoiceLength
            && !text.unicodeScalars.contains {
                $0.properties.generalCategory == .control || $0.properties.generalCategory == .lineSeparator
                    || $0.properties.generalCategory == .paragraphSeparator
            }
    }

    /// A value kept from before the knob changed, fitted to it: a number to the nearest end of
    /// its range, anything else that no longer fits to the default; with a warning that says so.
    static func fitted(_ text: String, to knob: Knob) -> (value: Value, warning: String?) {
        if let value = try? parse(text, for: knob) { return (value, nil) }
        let fitted = (try? parse(text, for: knob, clamping: true)) ?? knob.defaultValue
        return (
            fitted,
            "the knob \(knob.name)'s kept value '\(LuaLiteral.comment(String(text.prefix(64))))' does not fit it "
                + "now; it is \(fitted.text) instead"
        )
    }

    /// `text` as a value of `knob`; out of its range an error, or the nearest end (`clamping`).
    static func parse(_ text: String, for knob: Knob, clamping: Bool = false) throws(KnobError) -> Value {
        let text = text.trimmingCharacters(in: .whitespaces)
        switch knob.kind {
        case .number(let low, let high, _):
            guard let number = Double(text), number.isFinite else {
                throw KnobError("\(knob.name) takes a number, got '\(text)'")
            }
            if let low, number < low {
                guard clamping else {
                    throw KnobError("\(knob.name) must be at least \(Value.number(low).text), got \(text)")
                }
                return .number(low)
            }
            if let high, number > high {
                guard clamping else {
                    throw KnobError("\(knob.name) must be at most \(Value.number(high).text), got \(text)")
                }
                return .number(high)
            }
            return .number(number)
        case .boolean:
            switch text.lowercased() {
            case "true", "yes", "on", "1": return .boolean(true)
            case "false", "no", "off", "0": return .boolean(false)
            default: throw KnobError("\(knob.name) is on or off (true or false), got '\(text)'")
            }
        case .choice(let choices):
            guard choices.contains(text) else {
                throw KnobError(
                    "\(knob.name) is one of \(choices.map { "'\($0)'" }.joined(separator: ", ")), got '\(text)'")
            }
            return .text(text)
        case .text:
            guard Self.isChoice(text) else {
                throw KnobError(
                    "\(knob.name) takes one line of at most \(maximumChoiceLength) characters without control "
                        + "characters")
            }
            return .text(text)
        case .color:
            guard let color = Self.color(text) else {
                throw KnobError("\(knob.name) takes a colour as #RRGGBB or #RRGGBBAA, got '\(text)'")
            }
            return .text(color)
        }
    }

    /// `#RRGGBBAA`, from `#RRGGBB` or `#RRGGBBAA` in either case.
    static func color(_ text: String) -> String? {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else { return nil }
        return "#" + digits.uppercased() + (digits.count == 6 ? "FF" : "")
    }

    /// Writes what was set now, or when `saveInterval` since the last write has passed.
    private func scheduleSave() {
        guard file != nil else { return }
        let now = ContinuousClock.now
        let due = lastSave.map { $0 + Self.saveInterval } ?? now
        if due <= now { save(at: now) } else { saveDue = due }
    }

    /// Keeps what was set, declared or not, in the run folder.
    private func save(at now: ContinuousClock.Instant) {
        saveDue = nil
        lastSave = now
        guard let file else { return }
        var kept = pending.mapValues { Value.text($0.text) }
        kept.merge(values) { $1 }
        guard let data = try? PrettyJSON.encode(kept) else { return }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }
}

/// Why a knob's value was refused, in a sentence that names it.
public struct KnobError: UserFacingError {
    public let description: String
    public init(_ description: String) { self.description = description }
}
