import Foundation
import LuaRuntime
import ObjectBridge

/// A section or item identifier of a diffable data source, as a script gives it: a string, a
/// number or a boolean, compared by value (1 and 1.0 are one identifier, as in Lua), or an
/// object or table, compared by identity. It keeps the script's value, to hand it back.
public struct DiffableIdentifier: Hashable, ScriptConvertible, CustomStringConvertible {
    enum Key: Hashable {
        case integer(Int)
        case number(Double)
        case string(String)
        case boolean(Bool)
        case object(ObjectIdentifier)
        case table(UnsafeRawPointer)
    }

    let key: Key
    /// What the script gave; held strongly, as a snapshot holds its identifiers.
    let value: AnyScriptValue

    public static func == (lhs: DiffableIdentifier, rhs: DiffableIdentifier) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    public static var scriptType: ScriptType { .any }

    public static func read(from call: BridgeCall, at position: Int32) throws -> DiffableIdentifier {
        let read = try AnyScriptValue.read(from: call, at: position)
        guard let key = key(of: read.value) else {
            throw ScriptValueError(
                "an identifier must be a string, a number (not NaN), a boolean, an object or a table, got "
                    + (read.value.map { "\(type(of: $0))" } ?? "nil"))
        }
        return DiffableIdentifier(key: key, value: read)
    }

    private static func key(of value: (any ScriptConvertible)?) -> Key? {
        switch value {
        case let integer as Int: return .integer(integer)
        // NaN equals nothing, not even itself: it could never be found again.
        case let number as Double where !number.isNaN: return Int(exactly: number).map(Key.integer) ?? .number(number)
        case let string as String: return .string(string)
        case let boolean as Bool: return .boolean(boolean)
        case let object as BridgeObject: return .object(ObjectIdentifier(object))
        case let table as ScriptTable: return table.table.reference.identity.map(Key.table)
        default: return nil
        }
    }

    /// The object it is, when it is one: checked by its key first, since most identifiers are
    /// strings or numbers and a snapshot of thousands asks this of each.
    var object: BridgeObject? {
        guard case .object = key else { return nil }
        return value.value as? BridgeObject
    }

    public func push(to call: BridgeCall) throws { try value.push(to: call) }

    /// As errors name it: a string quoted, a number as written, an object by its class.
    public var description: String {
        switch key {
        case .integer(let integer): "\(integer)"
        case .number(let number): "\(number)"
        case .string(let string): "\"\(string)\""
        case .boolean(let boolean): "\(boolean)"
        case .object: "an object (\(value.value.map { "\(type(of: $0))" } ?? "?"))"
        case .table: "a table"
        }
    }
}
