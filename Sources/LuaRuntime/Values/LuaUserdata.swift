import CLuaShim

/// A full userdata held from Swift (a native object, or one a library made).
public struct LuaUserdata {
    public let reference: LuaReference
    init(_ reference: LuaReference) { self.reference = reference }

    /// The userdata's user value number `slot` (from 1), without metamethods; nil when it
    /// has none there.
    public func userValue(_ slot: Int) -> LuaValue? {
        let core = reference.core
        guard !core.isClosed, slot >= 1, let number = Int32(exactly: slot) else { return nil }
        let L = core.current
        guard lua_checkstack(L, 2) != 0 else { return nil }
        reference.push(L)
        defer { lua_settop(L, -3) }
        guard lua_getiuservalue(L, -1, number) != LUA_TNONE else { return nil }
        return try? core.value(at: -1, L)
    }
}
