import CLuaShim

/// A full userdata held from Swift (a native object, or one a library made).
public struct LuaUserdata {
    public let reference: LuaReference
    init(_ reference: LuaReference) { self.reference = reference }
}
