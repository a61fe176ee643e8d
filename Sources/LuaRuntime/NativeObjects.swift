import CLuaShim

/// A kind of native object as Lua sees it: the metatable its userdata share.
///
/// Every Swift object pushed into Lua becomes one full userdata holding one retain, released by
/// `__gc`; pushing the same object again gives the same userdata (so `==` and `rawequal` hold),
/// also across collection cycles. Each userdata can carry a table of script fields.
public struct LuaObjectType {
    /// The shared metatable; set `__index`, `__newindex` and other metamethods on it.
    public let metatable: LuaTable
    let metatableRef: Int32
}

extension LuaCore {
    func makeObjectType(name: String) throws(LuaError) -> LuaObjectType {
        let L = try thread()
        var ref: Int32 = 0
        try check(rb_newobjectmetatable(L, name, &ref), L)
        let reference = LuaReference(core: self, ref: ref)
        return LuaObjectType(metatable: LuaTable(reference), metatableRef: ref)
    }

    /// Pushes the userdata of `object`; returns whether it was created now. `slot` receives
    /// the userdata's slot, which makes `pushExisting` cheap.
    @discardableResult
    func pushObject(_ object: AnyObject, type: LuaObjectType, slot: inout Int32, _ L: OpaquePointer) throws(LuaError) -> Bool {
        let retained = Unmanaged<AnyObject>.passRetained(object)
        var created: Int32 = 0
        let status = rb_pushobject(L, retained.toOpaque(), type.metatableRef, &created, &slot)
        if created == 0 { retained.release() }
        try check(status, L)
        return created != 0
    }

    @discardableResult
    func pushObject(_ object: AnyObject, type: LuaObjectType, _ L: OpaquePointer) throws(LuaError) -> Bool {
        var slot: Int32 = 0
        return try pushObject(object, type: type, slot: &slot, L)
    }
}
