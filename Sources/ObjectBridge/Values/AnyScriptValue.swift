import Foundation
import LuaRuntime

/// Any value that crossed the bridge, pushed as it is (an array element, a dictionary value).
public struct AnyScriptValue: ScriptConvertible {
    public let value: (any ScriptConvertible)?
    public init(_ value: (any ScriptConvertible)?) { self.value = value }

    public static var scriptType: ScriptType { .any }

    public static func read(from call: BridgeCall, at position: Int32) throws -> AnyScriptValue {
        switch call.frame.type(position) {
        case .nil, .none: return AnyScriptValue(nil)
        case .boolean: return AnyScriptValue(call.frame.boolean(position))
        case .number:
            if let integer = try? call.frame.integer(position), let value = Int(exactly: integer) {
                return AnyScriptValue(value)
            }
            return AnyScriptValue(try call.frame.number(position))
        case .string: return AnyScriptValue(try call.frame.string(position))
        case .function: return AnyScriptValue(try ScriptBlock.read(from: call, at: position))
        case .userdata:
            if let object = call.frame.object(position, as: BridgeObject.self) { return AnyScriptValue(object) }
            if let cls = call.frame.object(position, as: ClassObject.self) { return AnyScriptValue(cls) }
            if let value = try call.scriptValue(at: position) { return AnyScriptValue(value) }
            throw call.mismatch(.any, at: position)
        case .table: return AnyScriptValue(try ScriptTable.read(from: call, at: position))
        default: throw call.mismatch(.any, at: position)
        }
    }

    public func push(to call: BridgeCall) throws {
        if let value { try value.push(to: call) } else { try call.frame.pushNil() }
    }
}
