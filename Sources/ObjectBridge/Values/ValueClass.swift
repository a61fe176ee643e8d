import LuaRuntime

/// What the bridge knows of a class whose instances are values.
struct ValueClass {
    let type: ObjectIdentifier
    /// Reads a value of the class at a position (for `any` parameters and NSObject's methods).
    let read: (BridgeCall, Int32) throws -> any ScriptConvertible
}
