import CLuaShim

/// The body of a Swift function callable from Lua: reads its arguments from the frame, pushes
/// its results, and returns how many it pushed.
public typealias LuaNativeBody = (LuaFrame) throws -> Int32

/// What the trampoline's context userdata holds for a Swift closure.
final class NativeFunctionBox {
    let name: String
    let body: LuaNativeBody
    let core: LuaCore

    init(name: String, body: @escaping LuaNativeBody, core: LuaCore) {
        self.name = name
        self.body = body
        self.core = core
    }
}

/// The single Swift entry point for closures; the C trampoline calls it and raises afterwards.
let nativeFunctionEntry: rb_native_fn = { L, context in
    guard let L, let context else { return RB_RAISE }
    // Lua holds the box alive for the whole call: borrow it without retain/release traffic.
    return Unmanaged<NativeFunctionBox>.fromOpaque(context)._withUnsafeGuaranteedRef { box in
        do {
            return try box.body(LuaFrame(L, box.core))
        } catch {
            return box.core.pushError(error, function: box.name, L)
        }
    }
}

/// Releases the retain Lua held on a native object or closure context (from `__gc`).
let releaseNativeObject: rb_release_fn = { pointer in
    guard let pointer else { return }
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
}

extension LuaCore {
    /// Leaves `error` as the value a native function raises and returns the trampoline's code.
    func pushError(_ error: any Error, function: String, _ L: OpaquePointer) -> Int32 {
        // The arguments are no longer needed; dropping them guarantees stack space.
        lua_settop(L, 0)
        if let error = error as? LuaError {
            if let value = error.value {
                value.push(L)
                return RB_RAISE
            }
            // A failed status leaves the memory error as the value to raise.
            if let traceback = error.traceback {
                _ = rb_raise_traced(
                    L, error.message, error.message.utf8.count, traceback, error.source,
                    Int32(clamping: error.line ?? 0))
            } else {
                _ = rb_pushlstring(L, error.message, error.message.utf8.count)
            }
            return RB_RAISE
        }
        let message = (error as? LuaFunctionError)?.message(function: function) ?? String(describing: error)
        if rb_pushlstring(L, message, message.utf8.count) != LUA_OK { return RB_RAISE }
        return RB_RAISE_WHERE
    }

    func pushFunction(name: String, body: @escaping LuaNativeBody, _ L: OpaquePointer) throws(LuaError) {
        let box = Unmanaged.passRetained(NativeFunctionBox(name: name, body: body, core: self))
        var owned: Int32 = 0
        let status = rb_pushnative(L, nativeFunctionEntry, box.toOpaque(), &owned)
        if owned == 0 { box.release() }
        try check(status, L)
    }
}
