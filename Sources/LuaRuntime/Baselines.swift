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
