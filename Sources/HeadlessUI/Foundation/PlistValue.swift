import Foundation
import LuaRuntime
import ObjectBridge

/// A property-list or JSON value (what `NSUserDefaults` keeps, `NSJSONSerialization` reads and
/// writes, and resource files decode to): booleans, numbers, strings, data, and arrays and
/// dictionaries of them, and JSON's null. Lua sequences are arrays and tables with string keys
/// dictionaries; anything else is refused with a message that says where it is.
public indirect enum PlistValue: Codable, Equatable {
    case null
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    /// Plain JSON (or a property list): a file reads as what it holds; a property list's
    /// dates become ISO 8601 strings.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
            return
        }
        if let flag = try? container.decode(Bool.self) {
            self = .boolean(flag)
            return
        }
        if let number = try? container.decode(Int64.self) {
            self = .integer(number)
            return
        }
        if let number = try? container.decode(Double.self) {
            self = .number(number)
            return
        }
        if let text = try? container.decode(String.self) {
            self = .string(text)
            return
        }
        if let date = try? container.decode(Date.self) {
            self = .string(ISO8601DateFormatter().string(from: date))
            return
        }
        if let bytes = try? container.decode(Data.self) {
            self = .data(bytes)
            return
        }
        if let values = try? container.decode([PlistValue].self) {
            self = .array(values)
            return
        }
        self = .dictionary(try container.decode([String: PlistValue].self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .data(let bytes): try container.encode(bytes)
        case .boolean(let flag): try container.encode(flag)
        case .integer(let number): try container.encode(number)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let values): try container.encode(values)
        case .dictionary(let fields): try container.encode(fields)
        }
    }

    /// How deep tables may nest (a deeper one is most likely a cycle).
    static let maximumDepth = 100

    init(_ value: LuaValue, at path: String = "value", depth: Int = 0) throws {
        switch value {
        case .boolean(let flag): self = .boolean(flag)
        case .integer(let number): self = .integer(number)
        case .number(let number):
            guard number.isFinite else { throw ScriptValueError("\(path) is \(number), which no property list holds") }
            self = .number(number)
        case .string(let text): self = .string(text)
        case .table(let table):
            guard depth < Self.maximumDepth else {
                throw ScriptValueError("\(path) nests more than \(Self.maximumDepth) tables deep")
            }
            let entries = try table.pairs()
            let count = table.rawLength
            if count == entries.count, count > 0 {
                self = .array(
                    try (1...count).map { index in
                        try PlistValue(table.get(.integer(Int64(index))), at: "\(path)[\(index)]", depth: depth + 1)
                    })
            } else {
                var fields: [String: PlistValue] = [:]
                for (key, element) in entries {
                    guard case .string(let name) = key else {
                        throw ScriptValueError(
                            "\(path) has a key of type \(key.typeName); a property list's keys are strings")
                    }
                    fields[name] = try PlistValue(element, at: "\(path).\(name)", depth: depth + 1)
                }
                self = .dictionary(fields)
            }
        default:
            throw ScriptValueError(
                "\(path) is a \(value.typeName), which no property list holds (booleans, numbers, strings, tables)")
        }
    }

    /// From what Foundation's JSON and property-list readers give.
    init(foundation value: Any, at path: String = "value") throws {
        switch value {
        case let flag as Bool where type(of: value) == Bool.self: self = .boolean(flag)
        // Foundation's readers give booleans as NSNumbers of a char ("c") or bool ("B") type.
        case let number as NSNumber where ["c", "B"].contains(String(cString: number.objCType)):
            self = .boolean(number.boolValue)
        case let number as Int: self = .integer(Int64(number))
        case let number as Double:
            self = number.rounded() == number && abs(number) < 9e15 ? .integer(Int64(number)) : .number(number)
        case let text as String: self = .string(text)
        case let date as Date: self = .string(ISO8601DateFormatter().string(from: date))
        case let values as [Any]:
            self = .array(try values.enumerated().map { try PlistValue(foundation: $1, at: "\(path)[\($0 + 1)]") })
        case let fields as [String: Any]:
            self = .dictionary(try fields.mapValues { try PlistValue(foundation: $0, at: path) })
        case is NSNull: self = .null
        case let bytes as Data: self = .data(bytes)
        default: throw ScriptValueError("\(path) holds a \(type(of: value)), which Rebound does not read")
        }
    }

    /// For Foundation's JSON and property-list writers.
    var foundation: Any {
        switch self {
        case .null: NSNull()
        case .data(let bytes): bytes
        case .boolean(let flag): flag
        case .integer(let number): number
        case .number(let number): number
        case .string(let text): text
        case .array(let values): values.map(\.foundation)
        case .dictionary(let fields): fields.mapValues(\.foundation)
        }
    }

    /// As Lua sees it: tables (with `metatables` when given: NSArray's and NSDictionary's
    /// members), arrays from index 1, null a hole, data a byte string.
    public func luaValue(in state: LuaState, metatables: (array: LuaTable, dictionary: LuaTable)? = nil) throws
        -> LuaValue
    {
        switch self {
        case .null: return .nil
        case .data(let bytes): return .string(String(decoding: bytes, as: UTF8.self))
        case .boolean(let flag): return .boolean(flag)
        case .integer(let number): return .integer(number)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let values):
            let table = try state.makeTable(arrayCapacity: values.count)
            for (index, value) in values.enumerated() {
                try table.set(.integer(Int64(index + 1)), try value.luaValue(in: state, metatables: metatables))
            }
            if let metatables { try table.setMetatable(metatables.array) }
            return .table(table)
        case .dictionary(let fields):
            let table = try state.makeTable(recordCapacity: fields.count)
            for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
                try table.set(key, try value.luaValue(in: state, metatables: metatables))
            }
            if let metatables { try table.setMetatable(metatables.dictionary) }
            return .table(table)
        }
    }
}
