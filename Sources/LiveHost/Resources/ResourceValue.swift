import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// A decoded JSON or property-list value, on its way to a Lua table.
indirect enum ResourceValue: Decodable {
    case null
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case date(Date)
    case data(Data)
    case array([ResourceValue])
    case object([String: ResourceValue])

    init(from decoder: Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() { self = .null; return }
            if let value = try? container.decode(Bool.self) { self = .boolean(value); return }
            if let value = try? container.decode(Int64.self) { self = .integer(value); return }
            if let value = try? container.decode(Double.self) { self = .number(value); return }
            if let value = try? container.decode(String.self) { self = .string(value); return }
            if let value = try? container.decode(Date.self) { self = .date(value); return }
            if let value = try? container.decode(Data.self) { self = .data(value); return }
            if let value = try? container.decode([ResourceValue].self) { self = .array(value); return }
        }
        self = .object(try [String: ResourceValue](from: decoder))
    }

    /// As Lua sees it: objects and arrays become tables with `metatables` (arrays from index 1,
    /// JSON null a hole), dates ISO 8601 strings, data byte strings.
    func luaValue(in state: LuaState, metatables: (array: LuaTable, dictionary: LuaTable)) throws -> LuaValue {
        switch self {
        case .null: return .nil
        case .boolean(let value): return .boolean(value)
        case .integer(let value): return .integer(value)
        case .number(let value): return .number(value)
        case .string(let value): return .string(value)
        case .date(let value): return .string(ISO8601DateFormatter().string(from: value))
        case .data(let value): return .string(String(decoding: value, as: UTF8.self))
        case .array(let values):
            let table = try state.makeTable(arrayCapacity: values.count)
            for (index, value) in values.enumerated() {
                try table.set(.integer(Int64(index + 1)), try value.luaValue(in: state, metatables: metatables))
            }
            try table.setMetatable(metatables.array)
            return .table(table)
        case .object(let fields):
            let table = try state.makeTable(recordCapacity: fields.count)
            for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
                try table.set(key, try value.luaValue(in: state, metatables: metatables))
            }
            try table.setMetatable(metatables.dictionary)
            return .table(table)
        }
    }
}
