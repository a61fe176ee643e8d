import LuaRuntime

/// A Swift type that crosses the bridge: read from a Lua value at a stack position, and pushed.
public protocol ScriptConvertible {
    static var scriptType: ScriptType { get }
    /// Reads the value at `position`, or throws `ScriptValueError` saying what is wrong.
    static func read(from call: BridgeCall, at position: Int32) throws -> Self
    /// Pushes the value as its script representation.
    func push(to call: BridgeCall) throws
}
