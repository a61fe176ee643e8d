import CLuaShim

/// The Lua tables of one class, as the C dispatch reads them: instance methods, properties
/// (`{getter, setter}` entries) and class methods, each inheriting from the superclass's.
public struct LuaClassTables {
    public let methods: LuaTable
    public let properties: LuaTable
    public let classMethods: LuaTable

    public init(methods: LuaTable, properties: LuaTable, classMethods: LuaTable) {
        self.methods = methods
        self.properties = properties
        self.classMethods = classMethods
    }
}

extension LuaState {
    /// The object type of a class's instances: `obj.x` reads a property (through its getter),
    /// a method, or a field of the object, in that order; `obj.x = v` calls a property's
    /// setter or stores a field; `obj[SomeClass]` is a super proxy. All of it runs in C.
    public func makeInstanceType(named name: String, tables: LuaClassTables) throws(LuaError) -> LuaObjectType {
        let L = try core.thread()
        try core.reserve(3, L)
        try core.pushString(name, L)
        tables.methods.reference.push(L)
        tables.properties.reference.push(L)
        var ref: Int32 = 0
        try core.check(rb_newinstancemetatable(L, &ref), L)
        let reference = LuaReference(core: core, ref: ref)
        return LuaObjectType(metatable: LuaTable(reference), metatableRef: ref)
    }

    /// Makes the class value `classValue` known to the dispatch (so `obj[classValue]` is super)
    /// and chains its tables to its superclass's.
    public func linkClass(_ classValue: LuaValue, named name: String, tables: LuaClassTables,
                          superclass: LuaClassTables?) throws(LuaError) {
        let L = try core.thread()
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        try core.reserve(8, L)
        try core.push(classValue, L)
        try core.pushString(name, L)
        for table in [tables.methods, tables.properties, tables.classMethods] { table.reference.push(L) }
        for table in [superclass?.methods, superclass?.properties, superclass?.classMethods] {
            if let table { table.reference.push(L) } else { lua_pushnil(L) }
        }
        try core.check(rb_linkclass(L), L)
    }

    /// Installs the function that describes a failed member lookup,
    /// `describe(instance metatable | nil, key) -> message`, used to rewrite "attempt to call
    /// a nil value (method 'k')" errors.
    public func setMissingMemberDescriber(_ describer: LuaFunction) throws(LuaError) {
        let L = try core.thread()
        try core.reserve(1, L)
        describer.reference.push(L)
        try core.check(rb_setdescriber(L), L)
    }

    /// Adds `delta` to the ownership edges from `owner` to `child` (both pushed as needed).
    public func adjustOwnership(owner: AnyObject, ownerType: LuaObjectType,
                                child: AnyObject, childType: LuaObjectType, delta: Int) throws(LuaError) {
        let L = try core.thread()
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        try core.pushObject(owner, type: ownerType, L)
        try core.pushObject(child, type: childType, L)
        try core.check(rb_setowned(L, -2, -1, Int32(clamping: delta)), L)
    }

    /// Whether Lua currently has a userdata for `object` (without creating one).
    public func hasValue(for object: AnyObject) -> Bool {
        guard let L = try? core.thread() else { return false }
        return rb_hasobject(L, Unmanaged.passUnretained(object).toOpaque()) != 0
    }
}
