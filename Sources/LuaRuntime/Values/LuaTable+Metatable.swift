import CLuaShim

extension LuaTable {
    /// Sets (or with nil removes) the table's metatable.
    public func setMetatable(_ metatable: LuaTable?) throws(LuaError) {
        let core = reference.core
        let L = try core.thread()
        try core.reserve(2, L)
        reference.push(L)
        if let metatable { metatable.reference.push(L) } else { lua_pushnil(L) }
        _ = lua_setmetatable(L, -2)
        lua_settop(L, -2)
    }

    /// The table's metatable, read without `__metatable`.
    public var metatable: LuaTable? {
        get throws(LuaError) {
            let core = reference.core
            let L = try core.thread()
            try core.reserve(2, L)
            let base = lua_gettop(L)
            defer { lua_settop(L, base) }
            reference.push(L)
            guard lua_getmetatable(L, -1) != 0 else { return nil }
            return LuaTable(try core.popReference(L))
        }
    }
}
