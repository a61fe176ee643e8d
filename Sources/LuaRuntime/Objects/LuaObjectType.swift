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

    /// Tells types apart: what `LuaFrame.valueTypeID` gives for a value of this type.
    public var id: Int32 { metatableRef }
}

extension LuaCore {
    func makeObjectType(name: String) throws(LuaError) -> LuaObjectType {
        let L = try thread()
        var ref: Int32 = 0
        try check(rb_newobjectmetatable(L, name, &ref), L)
        let reference = LuaReference(core: self, ref: ref)
        return LuaObjectType(metatable: LuaTable(reference), metatableRef: ref)
    }

    /// Pushes the userdata Lua already has for `object`, if any (no retain, no protected call).
    func pushExisting(_ object: some LuaNativeObject, _ L: OpaquePointer) -> Bool {
        rb_pushexisting(L, Unmanaged.passUnretained(object).toOpaque(), object.luaSlot) != 0
    }

    /// Pushes the userdata of `object`; returns whether it was created now.
    @discardableResult
    func pushObject(_ object: some LuaNativeObject, type: LuaObjectType, _ L: OpaquePointer) throws(LuaError) -> Bool {
        if pushExisting(object, L) { return false }
        let retained = Unmanaged<AnyObject>.passRetained(object)
        var created: Int32 = 0
        var slot = object.luaSlot
        let status = rb_pushobject(L, retained.toOpaque(), type.metatableRef, &created, &slot)
        if created == 0 { retained.release() } else { object.luaSlot = slot }
        try check(status, L)
        return created != 0
    }
}
