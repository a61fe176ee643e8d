import CLuaShim

/// A registry reference that keeps one Lua value alive for Swift.
///
/// It is released as soon as the last Swift owner lets go of it (not when Lua collects
/// garbage), and does nothing once its state is closed.
public final class LuaReference {
    let core: LuaCore
    let ref: Int32

    init(core: LuaCore, ref: Int32) {
        self.core = core
        self.ref = ref
    }

    deinit { core.release(ref) }

    /// Pushes the value; the caller has reserved one stack slot.
    @inline(__always)
    func push(_ L: OpaquePointer) {
        rb_pushref(L, ref)
    }

    /// The same Lua value (raw equality, no `__eq`).
    public func refersToSameValue(as other: LuaReference) -> Bool {
        guard core === other.core, !core.isClosed else { return false }
        let L = core.current
        guard lua_checkstack(L, 2) != 0 else { return ref == other.ref }
        push(L)
        other.push(L)
        defer { lua_settop(L, -3) }
        return lua_rawequal(L, -1, -2) != 0
    }
}
