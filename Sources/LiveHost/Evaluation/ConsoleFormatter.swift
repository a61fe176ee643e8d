import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// Shows console results readably: strings quoted, tables (and NSArrays and NSDictionaries)
/// expanded to a depth (a cycle shown once), views as `<UILabel 0x... frame=(0, 0, 100, 20) text="hi">`, anything else as Lua's
/// `tostring` gives it.
public struct ConsoleFormatter {
    let state: LuaState
    /// The bridge of the world, to name objects' classes; nil in a bare state.
    let bridge: ObjectBridge?
    /// How deep tables are expanded; deeper ones show as `{...}`.
    var depth = 3
    /// How many entries of one table are shown.
    var entries = 50
    /// Tables whose one-line form is longer than this are shown one entry per line.
    var width = 80

    func format(_ value: LuaValue) -> String {
        var path: [LuaValue] = []
        return format(value, level: 0, path: &path)
    }

    private func format(_ value: LuaValue, level: Int, path: inout [LuaValue]) -> String {
        switch value {
        case .string(let text): return Self.quoted(text)
        case .table(let table): return format(table, level: level, path: &path)
        case .userdata: return collection(value, level: level, path: &path) ?? object(value) ?? plain(value)
        default: return plain(value)
        }
    }

    private func plain(_ value: LuaValue) -> String {
        (try? state.describe(value)) ?? "<\(value.typeName)>"
    }

    private func format(_ table: LuaTable, level: Int, path: inout [LuaValue]) -> String {
        if (try? table.metatable?.get("__tostring").isTruthy) == true { return plain(.table(table)) }
        if path.contains(.table(table)) { return "<cycle: \(plain(.table(table)))>" }
        guard level < depth else { return "{...}" }
        guard let all = try? table.pairs() else { return plain(.table(table)) }
        if all.isEmpty { return "{}" }
        path.append(.table(table))
        defer { path.removeLast() }
        let sequence = table.rawLength
        let ordered =
            all.filter { Self.index(of: $0.key, upTo: sequence) != nil }
            .sorted { (Self.index(of: $0.key, upTo: sequence) ?? 0) < (Self.index(of: $1.key, upTo: sequence) ?? 0) }
            + all.filter { Self.index(of: $0.key, upTo: sequence) == nil }.sorted { Self.order($0.key, $1.key) }
        var parts: [String] = []
        for entry in ordered.prefix(entries) {
            let shown = format(entry.value, level: level + 1, path: &path)
            parts.append(
                Self.index(of: entry.key, upTo: sequence) != nil
                    ? shown : "\(key(entry.key, level: level, path: &path)) = \(shown)")
        }
        if ordered.count > entries { parts.append("... (\(ordered.count - entries) more)") }
        let line = "{" + parts.joined(separator: ", ") + "}"
        guard line.count > width || line.contains("\n") else { return line }
        let indent = String(repeating: "  ", count: level + 1)
        let lines = parts.map { indent + $0.replacingOccurrences(of: "\n", with: "\n  ") }
        return "{\n" + lines.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: level) + "}"
    }

    private func key(_ key: LuaValue, level: Int, path: inout [LuaValue]) -> String {
        if case .string(let name) = key, Self.isIdentifier(name) { return name }
        return "[" + format(key, level: level + 1, path: &path) + "]"
    }

    /// An NSArray's or NSDictionary's elements, shown as a table is, after its class.
    private func collection(_ value: LuaValue, level: Int, path: inout [LuaValue]) -> String? {
        guard let bridge, let object = state.object(of: value, as: BridgeObject.self),
            object is ArrayObject || object is DictionaryObject,
            let convert = try? state.globals().get("objc").tableValue?
                .get(object is ArrayObject ? "toArray" : "toDictionary").functionValue,
            let table = try? convert.call(value).first?.tableValue
        else { return nil }
        let name = (try? bridge.classObject(for: object).name) ?? String(describing: type(of: object))
        return name + " " + format(table, level: level, path: &path)
    }

    /// A bridge object's class, address and the fields that tell it apart.
    private func object(_ value: LuaValue) -> String? {
        guard let bridge, let object = state.object(of: value, as: BridgeObject.self) else { return nil }
        let name = (try? bridge.classObject(for: object).name) ?? String(describing: type(of: object))
        let described = plain(value)
        let address = described.range(of: "0x").map { String(described[$0.lowerBound...]) } ?? ""
        var fields: [String] = []
        if let view = object as? View {
            let frame = view.frame
            fields.append(
                "frame=(\(Self.number(frame.origin.x)), \(Self.number(frame.origin.y)), "
                    + "\(Self.number(frame.size.width)), \(Self.number(frame.size.height)))")
            if view.isHidden { fields.append("hidden") }
        }
        if let label = object as? Label, let text = label.text { fields.append("text=" + Self.quoted(text)) }
        if let button = object as? Button, let title = button.currentTitle {
            fields.append("title=" + Self.quoted(title))
        }
        if let controller = object as? ViewController, let title = controller.title {
            fields.append("title=" + Self.quoted(title))
        }
        return "<" + ([name, address].filter { !$0.isEmpty } + fields).joined(separator: " ") + ">"
    }

    // MARK: Helpers

    /// The longest string shown whole; a longer one shows its start and how much is left out.
    public static let stringLimit = 64 << 10

    /// A string as Lua source would write it, so that what is shown can be pasted back.
    static func quoted(_ text: String) -> String { LuaLiteral.string(text, limit: stringLimit) }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    private static func index(of key: LuaValue, upTo count: Int) -> Int? {
        guard case .integer(let index) = key, index >= 1, index <= count else { return nil }
        return Int(index)
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }
            && !reserved.contains(name)
    }

    private static let reserved: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function",
        "goto", "if", "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// Keys that are not in the sequence: numbers first, then strings, then the rest, each in order.
    private static func order(_ a: LuaValue, _ b: LuaValue) -> Bool {
        func rank(_ value: LuaValue) -> Int {
            switch value {
            case .integer, .number: 0
            case .string: 1
            case .boolean: 2
            default: 3
            }
        }
        if rank(a) != rank(b) { return rank(a) < rank(b) }
        if let x = a.numberValue, let y = b.numberValue { return x < y }
        if let x = a.stringValue, let y = b.stringValue { return x < y }
        return false
    }
}
