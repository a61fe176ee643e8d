import CLuaShim

extension LuaCore {
    func flushDispatch() throws(LuaError) {
        let L = try thread()
        try check(rb_flushdispatch(L), L)
    }
}

extension LuaState {
    /// The object type of a class's instances: `obj.x` reads a property (through its getter),
    /// a method, or a field of the object, in that order; `obj.x = v` calls a property's
    /// setter or stores a field; `obj[SomeClass]` is a super proxy. All of it runs in C.
    /// Instances that are values (pushed with `push(value:typeID:)`) have no finalizer and no
    /// fields.
    public func makeInstanceType(
        named name: String, tables: LuaClassTables,
        holdsValues: Bool = false
    ) throws(LuaError) -> LuaObjectType {
        let L = try core.thread()
        try core.reserve(4, L)
        try core.pushString(name, L)
        tables.methods.reference.push(L)
        tables.properties.reference.push(L)
        var ref: Int32 = 0
        try core.check(rb_newinstancemetatable(L, holdsValues ? 0 : 1, &ref), L)
        let reference = LuaReference(core: core, ref: ref)
        return LuaObjectType(metatable: LuaTable(reference), metatableRef: ref)
    }

    /// Makes the class value `classValue` known to the dispatch (so `obj[classValue]` is super,
    /// and `classValue.name` finds its `fields` and class methods) and chains its tables to its
    /// superclass's.
    public func linkClass(
        _ classValue: LuaValue, named name: String, tables: LuaClassTables,
        superclass: LuaClassTables?, fields: LuaTable
    ) throws(LuaError) {
        let L = try core.thread()
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        try core.reserve(9, L)
        try core.push(classValue, L)
        try core.pushString(name, L)
        for table in [tables.methods, tables.properties, tables.classMethods] { table.reference.push(L) }
        for table in [superclass?.methods, superclass?.properties, superclass?.classMethods] {
            if let table { table.reference.push(L) } else { lua_pushnil(L) }
        }
        fields.reference.push(L)
        try core.check(rb_linkclass(L), L)
    }

    /// The `__index` of class values: class fields and class methods of linked classes are
    /// read in C; any other key goes to `fallback(class, key)`.
    public func makeClassIndex(fallback: LuaFunction) throws(LuaError) -> LuaFunction {
        let L = try core.thread()
        try core.reserve(1, L)
        fallback.reference.push(L)
        try core.check(rb_newclassindex(L), L)
        return LuaFunction(try core.popReference(L))
    }

    /// A property entry `{getter, setter}` as the dispatch reads it. When `getter` is a native
    /// property getter (a Swift function that reads only its receiver), the entry also carries
    /// its entry point, so that reading the property runs it directly from `__index`.
    /// With `valueField`, the property is the integer at that byte offset of a value's bytes
    /// (pushed with `push(value:typeID:)`), which `__index` reads without calling the getter.
    /// With `objectField`, it is that field of the native object, which `__index` reads the
    /// same way; the getter answers for a finalized object, and for a referenced object Lua has
    /// no userdata for yet. A record field's shape must live as long as the state.
    public func makePropertyEntry(
        getter: LuaFunction, setter: LuaFunction?,
        nativeGetter: Bool = false, valueField: Int? = nil, objectField: NativeObjectField? = nil
    ) throws(LuaError) -> LuaTable {
        let L = try core.thread()
        try core.reserve(2, L)
        getter.reference.push(L)
        if let setter { setter.reference.push(L) } else { lua_pushnil(L) }
        try core.check(
            rb_newpropentry(
                L, nativeGetter ? 1 : 0, Int32(valueField ?? -1), objectField?.code ?? -1, objectField?.extra ?? 0), L)
        return LuaTable(try core.popReference(L))
    }

    /// Makes the values whose metatable is `metatable` answer `obj:prop()` when they are the
    /// value of property `prop` (the Objective-C spelling of a property read); any other call
    /// of them raises Lua's usual "attempt to call" error.
    public func answerPropertyCalls(_ metatable: LuaTable) throws(LuaError) {
        let L = try core.thread()
        try core.reserve(1, L)
        metatable.reference.push(L)
        try core.check(rb_setvaluecall(L), L)
    }

    /// Makes the values whose metatable is `metatable` act as instances of the class whose
    /// instance metatable is `instanceMetatable`: they index as its instances do and answer
    /// `value:prop()` for its properties.
    public func shareInstanceMembers(of instanceMetatable: LuaTable, with metatable: LuaTable) throws(LuaError) {
        let L = try core.thread()
        try core.reserve(2, L)
        instanceMetatable.reference.push(L)
        metatable.reference.push(L)
        try core.check(rb_shareinstancemembers(L), L)
    }

    /// The constructor `struct.Name(numbers...)` of records of `shape` (called with the type
    /// table first): numbers, or nils for `defaults`, make the record in C; anything else
    /// (the table form, and every error) goes to `fallback`.
    public func makeStructConstructor(
        _ shape: LuaRecordShape, defaults: [Double],
        fallback: LuaFunction
    ) throws(LuaError) -> LuaFunction {
        let L = try core.thread()
        try core.reserve(1, L)
        fallback.reference.push(L)
        let status = defaults.withUnsafeBufferPointer { defaults in
            rb_newstructconstructor(
                L, shape.program.baseAddress, Int32(shape.program.count), defaults.baseAddress, Int32(defaults.count))
        }
        try core.check(status, L)
        return LuaFunction(try core.popReference(L))
    }

    /// A class method of the value class `classValue` whose values (`size` bytes, pushed with
    /// `push(value:typeID:)`) are whole numbers from 0 at `offsets`: such arguments make the
    /// value in C; any other receiver or arguments go to `method`.
    public func makeValueConstructor(
        typeID: Int32, size: Int, offsets: [Int], method: LuaFunction,
        classValue: LuaValue
    ) throws(LuaError) -> LuaFunction {
        let L = try core.thread()
        try core.reserve(2, L)
        method.reference.push(L)
        try core.push(classValue, L)
        let status = offsets.map(Int32.init).withUnsafeBufferPointer { offsets in
            rb_newvalueconstructor(L, typeID, size, offsets.baseAddress, Int32(offsets.count))
        }
        try core.check(status, L)
        return LuaFunction(try core.popReference(L))
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

    /// Installs the function that instances' `__newindex` calls, `check(instance metatable,
    /// key)`, the first time a class is given a string key that names none of its members.
    public func setNewFieldChecker(_ checker: LuaFunction) throws(LuaError) {
        let L = try core.thread()
        try core.reserve(1, L)
        checker.reference.push(L)
        try core.check(rb_setfieldchecker(L), L)
    }

    /// What `replaceExistingOwnership` did.
    public enum OwnershipEdge {
        case adjusted
        /// The owner has no userdata: its edges are mirrored when it gets one.
        case ownerWithoutValue
        /// The added child has no userdata: its edge needs it made (`adjustOwnership`).
        case addedWithoutValue
    }

    /// One ownership edge less from `owner` to `removed` and one more to `added`, for objects
    /// that have a userdata, in one protected call; says what it could not do.
    public func replaceExistingOwnership(
        owner: some LuaNativeObject, removing removed: (some LuaNativeObject)?,
        adding added: (some LuaNativeObject)?
    ) throws(LuaError) -> OwnershipEdge {
        let L = try core.thread()
        var missing: Int32 = 0
        try core.check(
            rb_adjustowned(
                L, Unmanaged.passUnretained(owner).toOpaque(), owner.luaSlot,
                removed.map { Unmanaged.passUnretained($0).toOpaque() }, removed?.luaSlot ?? 0,
                added.map { Unmanaged.passUnretained($0).toOpaque() }, added?.luaSlot ?? 0,
                &missing), L)
        switch missing {
        case 1: return .ownerWithoutValue
        case 2: return .addedWithoutValue
        default: return .adjusted
        }
    }

    /// Adds `delta` to the ownership edges from `owner` to `child` (both pushed as needed).
    public func adjustOwnership(
        owner: some LuaNativeObject, ownerType: LuaObjectType,
        child: some LuaNativeObject, childType: LuaObjectType, delta: Int
    ) throws(LuaError) {
        let L = try core.thread()
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        try core.pushObject(owner, type: ownerType, L)
        try core.pushObject(child, type: childType, L)
        try core.check(rb_setowned(L, -2, -1, Int32(clamping: delta)), L)
    }

    /// Whether Lua currently has a userdata for `object` (without creating one).
    public func hasValue(for object: some LuaNativeObject) -> Bool {
        guard let L = try? core.thread() else { return false }
        return rb_hasobject(L, Unmanaged.passUnretained(object).toOpaque(), object.luaSlot) != 0
    }
}
