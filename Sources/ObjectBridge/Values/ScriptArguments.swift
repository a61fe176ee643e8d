import LuaRuntime

/// The rest of a call's arguments, as a variadic method takes them (`stringWithFormat`'s):
/// the last parameter of its signature, any number of values of any type.
public struct ScriptArguments: ScriptConvertible {
    public let values: [LuaValue]
    /// The bridge of the call, to describe the values as `tostring` does.
    public unowned let bridge: ObjectBridge

    public static var scriptType: ScriptType { .variadic(.any) }

    public static func read(from call: BridgeCall, at position: Int32) throws -> ScriptArguments {
        var values: [LuaValue] = []
        var index = position
        while index <= call.frame.argumentCount {
            values.append(try call.frame.value(index))
            index += 1
        }
        return ScriptArguments(values: values, bridge: call.bridge)
    }

    public func push(to call: BridgeCall) throws {
        for value in values { try call.frame.push(value) }
    }
}
