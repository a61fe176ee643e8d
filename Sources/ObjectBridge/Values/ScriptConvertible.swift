import LuaRuntime

/// A Swift type that crosses the bridge: read from a Lua value at a stack position, and pushed.
public protocol ScriptConvertible {
    static var scriptType: ScriptType { get }
    /// Reads the value at `position`, or throws `ScriptValueError` saying what is wrong.
    static func read(from call: BridgeCall, at position: Int32) throws -> Self
    /// Pushes the value as its script representation.
    func push(to call: BridgeCall) throws
    /// This value as an argument that a call pushes itself, inside its one protected call
    /// (`LuaFunction.call(with:results:)`): numbers, index paths, objects. A value object copies
    /// its bytes into `scratch` (`directArgumentCapacity` bytes, valid for the call). Nil for
    /// values that are pushed the usual way.
    func directArgument(in bridge: ObjectBridge, scratch: UnsafeMutableRawBufferPointer) -> LuaArgument?
}

/// The scratch bytes each direct argument may use.
public let directArgumentCapacity = 32

extension ScriptConvertible {
    @inlinable
    public func directArgument(in bridge: ObjectBridge, scratch: UnsafeMutableRawBufferPointer) -> LuaArgument? { nil }
}
