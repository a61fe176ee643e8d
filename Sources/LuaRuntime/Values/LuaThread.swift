import CLuaShim

/// A coroutine held from Swift.
public struct LuaThread {
    public let reference: LuaReference
    init(_ reference: LuaReference) { self.reference = reference }
}
