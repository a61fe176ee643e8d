import Foundation
import LuaRuntime

/// A Lua table passed through native code unchanged.
public struct ScriptTable: ScriptConvertible {
    public let table: LuaTable
    public static var scriptType: ScriptType { .dictionary(.any) }

    public static func read(from call: BridgeCall, at position: Int32) throws -> ScriptTable {
        guard case .table(let table) = try call.frame.value(position) else {
            throw call.mismatch(scriptType, at: position)
        }
        return ScriptTable(table: table)
    }

    public func push(to call: BridgeCall) throws { try call.frame.push(.table(table)) }
}
