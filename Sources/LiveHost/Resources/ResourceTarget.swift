import Foundation
import LuaRuntime
import ObjectBridge

/// What a resource is bound to: a property name or a function `fn(object, value)`.
enum ResourceTarget: ScriptConvertible {
    case property(String)
    case function(LuaFunction)

    static var scriptType: ScriptType { .any }

    static func read(from call: BridgeCall, at position: Int32) throws -> ResourceTarget {
        switch try call.frame.value(position) {
        case .string(let name): return .property(name)
        case .function(let function): return .function(function)
        default: throw ScriptValueError("property name or function expected, got \(call.describe(position))")
        }
    }

    func push(to call: BridgeCall) throws { try call.frame.push(value) }

    var value: LuaValue {
        switch self {
        case .property(let name): .string(name)
        case .function(let function): .function(function)
        }
    }
}
