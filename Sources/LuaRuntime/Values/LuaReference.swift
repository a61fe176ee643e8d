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
    /// The value's address in Lua (`lua_topointer`), which is the same for the same table,
    /// function or userdata while the reference keeps it alive: a key that hashes values by
    /// identity. Nil once the state is closed.
    public var identity: UnsafeRawPointer? {
        guard !core.isClosed else { return nil }
        let L = core.current
        guard lua_checkstack(L, 1) != 0 else { return nil }
        push(L)
        defer { lua_settop(L, -2) }
        return lua_topointer(L, -1)
    }

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
