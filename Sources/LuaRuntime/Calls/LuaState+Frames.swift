import CLuaShim

extension LuaState {
    /// Runs `body` with a frame on the running thread, for Swift code that works on the stack
    /// outside a native function (pushing objects, calling Lua); the stack is restored after.
    public func withFrame<R>(_ body: (LuaFrame) throws -> R) throws -> R {
        let L = try core.thread()
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        return try body(LuaFrame(L, core))
    }
}
