import Foundation
import LuaRuntime

extension BridgeCall {
    var keys: StructKeys { bridge.structKeys }

    /// Reads the struct table at `position`: checks it is a table, then reads each field.
    func readStruct<S>(_ name: String, at position: Int32, _ body: () throws -> S) throws -> S {
        guard frame.type(position) == .table else {
            throw ScriptValueError("\(name) expected (a table with its fields), got \(describe(position))")
        }
        do {
            return try body()
        } catch let error as ScriptValueError {
            throw ScriptValueError("\(name) expected: \(error.problem)")
        }
    }

    /// The number fields `shape` names in the table at `table`, read in one pass and handed to
    /// `make`; a missing or non-number field gets the message `number` gives.
    func numbers<S>(
        _ table: Int32, _ shape: LuaRecordShape, path: String = "",
        _ make: (UnsafeMutableBufferPointer<Double>) throws -> S
    ) throws -> S {
        try withUnsafeTemporaryAllocation(of: Double.self, capacity: shape.keys.count) { values in
            let read = frame.readNumbers(table, shape, into: values)
            if read == shape.keys.count { return try make(values) }
            let key = shape.keys[read]
            _ = try number(table, key, path: path)
            throw ScriptValueError("field '\(path)\(key.name)' cannot be read")
        }
    }

    /// The number in field `key` of the table at `table`; `path` names it in errors.
    func number(_ table: Int32, _ key: LuaKey, path: String = "") throws -> Double {
        try frame.withField(table, key) { field in
            switch frame.type(field) {
            case .number: return try frame.number(field)
            case .nil: throw ScriptValueError("field '\(path)\(key.name)' is missing")
            default: throw ScriptValueError("field '\(path)\(key.name)' is a \(describe(field)), not a number")
            }
        }
    }
}
