import Foundation
import LuaRuntime

/// Indexes where native code takes an `NSIndexSet`: an index set, or a Lua sequence of integers.
public struct Indexes: ScriptConvertible {
    public let values: [Int]

    public static var scriptType: ScriptType { .object("NSIndexSet") }

    public static func read(from call: BridgeCall, at position: Int32) throws -> Indexes {
        if let set = call.frame.object(position, as: IndexSetObject.self) { return Indexes(values: set.indexes) }
        guard call.frame.type(position) == .table else { throw call.mismatch(scriptType, at: position) }
        let sequence = try [Int].read(from: call, at: position)
        guard sequence.allSatisfy({ $0 >= 0 }) else {
            throw ScriptValueError("indexes must be from 0, got \(sequence)")
        }
        return Indexes(values: IndexSetObject.sortedUnique(sequence))
    }

    public func push(to call: BridgeCall) throws { try IndexSetObject(values).push(to: call) }
}
