import CLuaShim

/// The native-call paths `make bench` compares with the public one (`makeFunction`). Each
/// returns its integer argument, as the benchmark's `x = f(i)` expects.
@_spi(Benchmarks)
public enum NativeCallBaseline {
    /// A plain `lua_CFunction` written in C, with no trampoline.
    case rawCFunction
    /// The C trampoline calling a Swift `@convention(c)` function directly.
    case trampolineToCFunction
}

/// The Swift `@convention(c)` function of `NativeCallBaseline.trampolineToCFunction`.
private let identityEntry: rb_native_fn = { L, _ in
    guard let L else { return RB_RAISE }
    lua_pushinteger(L, lua_tointegerx(L, 1, nil))
    return 1
}

@_spi(Benchmarks)
extension LuaState {
    public func makeFunction(baseline: NativeCallBaseline) throws(LuaError) -> LuaFunction {
        let L = try core.thread()
        try core.reserve(1, L)
        switch baseline {
        case .rawCFunction:
            try core.check(rb_pushrawidentity(L), L)
        case .trampolineToCFunction:
            var owned: Int32 = 0
            try core.check(rb_pushnative(L, identityEntry, nil, &owned), L)
        }
        return LuaFunction(try core.popReference(L))
    }
}

@_spi(Benchmarks)
extension LuaState {
    /// A Lua function that is the plain `lua_CFunction` at `address` (a benchmark's baseline,
    /// written in C against Lua's API alone).
    public func makeFunction(rawCFunctionAt address: UnsafeRawPointer) throws(LuaError) -> LuaFunction {
        let L = try core.thread()
        try core.reserve(1, L)
        lua_pushcclosure(L, unsafeBitCast(address, to: lua_CFunction.self), 0)
        return LuaFunction(try core.popReference(L))
    }
}

@_spi(Benchmarks)
extension LuaFunction {
    /// The baseline of native code calling Lua: `count` raw `lua_pcall`s of this function with
    /// a number argument, with no message handler and no conversion of the result.
    public func rawProtectedCalls(_ count: Int) throws(LuaError) {
        let core = reference.core
        let L = try core.thread()
        try core.reserve(3, L)
        for index in 0..<count {
            reference.push(L)
            lua_pushnumber(L, Double(index))
            let status = lua_pcallk(L, 1, 1, 0, 0, nil)
            guard status == LUA_OK else { throw core.popError(status, L) }
            lua_settop(L, -2)
        }
    }
}
