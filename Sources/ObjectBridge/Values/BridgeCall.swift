import LuaRuntime

/// One call across the bridge: the Lua frame and the bridge that gives meaning to its values.
public struct BridgeCall {
    public let frame: LuaFrame
    /// Unowned without reference counting: a call only happens while the bridge's state runs,
    /// and the bridge owns that state.
    public unowned(unsafe) let bridge: ObjectBridge

    public init(frame: LuaFrame, bridge: ObjectBridge) {
        self.frame = frame
        self.bridge = bridge
    }

    /// How the value at `position` reads in an error message: its type, or its class.
    public func describe(_ position: Int32) -> String {
        if frame.type(position) == .none { return "no value" }
        if let name = frame.objectTypeName(position) {
            return frame.isReleasedObject(position) ? "released \(name)" : name
        }
        return frame.typeName(position)
    }

    public func mismatch(_ expected: ScriptType, at position: Int32) -> ScriptValueError {
        ScriptValueError(expected: expected, got: describe(position))
    }
}
