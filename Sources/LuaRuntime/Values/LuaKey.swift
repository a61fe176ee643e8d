import CLuaShim

/// A string made once and kept in the registry, so that reading a table field with it or
/// building a record never allocates the key again (and so cannot raise).
public struct LuaKey {
    public let name: String
    let reference: LuaReference

    var ref: Int32 { reference.ref }
}

extension LuaState {
    /// An interned key for `name`.
    public func key(_ name: String) throws(LuaError) -> LuaKey {
        let L = try core.thread()
        try core.pushString(name, L)
        return LuaKey(name: name, reference: try core.popReference(L))
    }

    /// The metatable of `value` (for strings: the metatable all strings share), if it has one.
    public func metatable(of value: LuaValue) throws(LuaError) -> LuaTable? {
        let L = try core.thread()
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        try core.reserve(2, L)
        try core.push(value, L)
        guard lua_getmetatable(L, -1) != 0 else { return nil }
        return LuaTable(try core.popReference(L))
    }
}
