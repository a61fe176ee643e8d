import CLuaShim

extension LuaFunction {
    /// Calls the function with arguments pushed by `arguments` and reads its results in place,
    /// without building `LuaValue` arrays: the fast path for native code calling Lua.
    public func call<R>(
        arguments: (LuaFrame) throws -> Void,
        results: (LuaFrame, Int32, Int32) throws -> R
    ) throws -> R {
        let core = reference.core
        let frame = LuaFrame(try core.thread(), core)
        return try core.invoke(reference, frame, arguments) { first, count in
            try results(frame, first, count)
        }
    }
}

extension LuaCore {
    func invoke<R>(
        _ function: LuaReference, _ frame: LuaFrame, _ arguments: (LuaFrame) throws -> Void,
        _ results: (Int32, Int32) throws -> R
    ) throws -> R {
        let L = frame.L
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        try reserve(3, L)
        rb_pushmsghandler(L)
        function.push(L)
        try arguments(frame)
        let handler = base + 1
        try check(rb_pcallh(L, lua_gettop(L) - handler - 1, LUA_MULTRET, handler), L)
        return try results(handler + 1, lua_gettop(L) - handler)
    }
}
