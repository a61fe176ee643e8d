import CLuaShim

/// Stack work a native function does beyond reading arguments: fields of table arguments,
/// elements of sequences, records, and calls back into Lua.
///
/// Positions are stack indices of the running thread: arguments are 1...argumentCount, and
/// values a body pushes follow them. Every accessor here either cannot raise or runs protected.
extension LuaFrame {
    /// The type at `position`.
    @inlinable
    public func type(_ position: Int32) -> LuaType {
        LuaType(rawValue: lua_type(L, position)) ?? .none
    }

    /// Whether the value at `position` is a number (a string that converts to one is not).
    @inlinable
    public func isNumber(_ position: Int32) -> Bool { lua_type(L, position) == LUA_TNUMBER }

    /// The number of values on the stack (arguments plus what the body pushed).
    public var top: Int32 { lua_gettop(L) }

    /// Copies the script fields of the object at `source` to the object at `target`, shallowly.
    public func copyFields(from source: Int32, to target: Int32) throws(LuaError) {
        try core.check(rb_copyfields(L, source, target), L)
    }

    /// Whether `position` holds a native object whose Swift side was released.
    public func isReleasedObject(_ position: Int32) -> Bool {
        rb_isobject(L, position) != 0 && rb_toobject(L, position) == nil
    }

    /// The `__name` of a native object's or value's metatable (its class), if it is one.
    public func objectTypeName(_ position: Int32) -> String? {
        guard rb_isobject(L, position) != 0 || rb_valuetype(L, position) != LUA_NOREF,
            let name = rb_objectname(L, position)
        else { return nil }
        return String(cString: name)
    }

    /// Runs `body` with `table[key]` (a raw read) pushed at the position it is given; pops it.
    /// A non-table at `position` reads as nil.
    public func withField<R>(_ position: Int32, _ key: LuaKey, _ body: (Int32) throws -> R) throws -> R {
        let table = lua_absindex(L, position)
        try core.reserve(1, L)
        if lua_type(L, table) == LUA_TTABLE {
            key.reference.push(L)
            _ = lua_rawget(L, table)
        } else {
            lua_pushnil(L)
        }
        defer { lua_settop(L, -2) }
        return try body(lua_gettop(L))
    }

    /// The length of a table without `__len`.
    public func rawLength(_ position: Int32) -> Int {
        lua_type(L, position) == LUA_TTABLE ? Int(lua_rawlen(L, position)) : 0
    }

    /// Runs `body` with `table[index]` (a raw read) pushed; pops it.
    public func withElement<R>(_ position: Int32, _ index: Int, _ body: (Int32) throws -> R) throws -> R {
        let table = lua_absindex(L, position)
        try core.reserve(1, L)
        _ = lua_rawgeti(L, table, lua_Integer(index))
        defer { lua_settop(L, -2) }
        return try body(lua_gettop(L))
    }

    /// Calls `body` with the positions of each key and value of the table at `position`, in
    /// `next` order, without metamethods. Stops early when `body` returns false.
    public func forEachPair(_ position: Int32, _ body: (Int32, Int32) throws -> Bool) throws {
        guard lua_type(L, position) == LUA_TTABLE else { return }
        let table = lua_absindex(L, position)
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        try core.reserve(4, L)
        lua_pushnil(L)
        while true {
            var more: Int32 = 0
            try core.check(rb_next(L, table, &more), L)
            if more == 0 { return }
            let top = lua_gettop(L)
            guard try body(top - 1, top) else { return }
            lua_settop(L, top - 1)
        }
    }

    /// Lua's `tostring` of the value at `position` (honouring `__tostring` and `__name`).
    public func text(_ position: Int32) throws(LuaError) -> String {
        try core.check(rb_tostring(L, position), L)
        defer { lua_settop(L, -2) }
        return core.string(at: -1, L) ?? ""
    }

    /// Where the Lua code that called this native function is: its chunk's name (the file,
    /// for chunks named `@path` or `=name`) and line; nil when the caller is not Lua code.
    /// `level` 2 is its caller's caller (the script behind a metamethod written in C).
    public func callerLocation(level: Int32 = 1) -> (source: String, line: Int)? {
        var info = lua_Debug()
        guard lua_getstack(L, level, &info) != 0, lua_getinfo(L, "Sl", &info) != 0, info.currentline > 0,
            let name = info.source
        else { return nil }
        let source = String(cString: name)
        if let first = source.first, first == "@" || first == "=" {
            return (String(source.dropFirst()), Int(info.currentline))
        }
        let short = withUnsafeBytes(of: info.short_src) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return (short, Int(info.currentline))
    }

    /// Whether the values at two positions are the same without `__eq`.
    public func rawEqual(_ a: Int32, _ b: Int32) -> Bool { lua_rawequal(L, a, b) != 0 }

    /// Pushes a copy of the value at `position`.
    public func pushCopy(_ position: Int32) throws(LuaError) {
        try core.reserve(1, L)
        lua_pushvalue(L, position)
    }

    /// Removes the top `count` values this body pushed.
    public func pop(_ count: Int32 = 1) {
        lua_settop(L, -count - 1)
    }

    /// Pushes a table with the shape's keys and `values`.
    public func pushRecord(_ shape: LuaRecordShape, _ values: UnsafeBufferPointer<Double>) throws(LuaError) {
        guard values.count == shape.leafCount, let numbers = values.baseAddress else {
            throw LuaError(kind: .runtime, message: "a record of \(shape.leafCount) numbers was given \(values.count)")
        }
        let status = rb_pushrecord(L, shape.program.baseAddress, numbers, 0)
        try core.check(status, L)
    }

    /// Reads the number fields of `shape` from the table at `position` into `values` in one
    /// pass of raw reads; returns how many leading fields were numbers (all of them on success).
    public func readNumbers(
        _ position: Int32, _ shape: LuaRecordShape,
        into values: UnsafeMutableBufferPointer<Double>
    ) -> Int {
        let count = min(shape.refs.count, values.count)
        return shape.refs.withUnsafeBufferPointer { keys in
            Int(rb_readnumbers(L, position, Int32(count), keys.baseAddress, values.baseAddress))
        }
    }

    /// Replaces the top `shape.keys.count` values by a table with the shape's keys and them.
    public func pushRecordFromTop(_ shape: LuaRecordShape) throws(LuaError) {
        let status = rb_pushrecord(L, shape.program.baseAddress, nil, Int32(shape.leafCount))
        try core.check(status, L)
    }

    /// A reference to the value at `position` (kept alive while Swift holds it).
    public func reference(_ position: Int32) throws(LuaError) -> LuaReference {
        try core.reference(at: position, L)
    }

    /// Records that looking `key` up on the object at `object` found nothing, so that a
    /// following "attempt to call a nil value" error can be described.
    public func noteMissingMember(object: Int32, key: Int32) {
        if rb_notemiss(L, object, key) != LUA_OK, lua_gettop(L) > 0 { lua_settop(L, -2) }
    }

    /// Calls `function` with the values `arguments` pushes, and hands its results to `results`
    /// (the position of the first one and their count); the stack is restored afterwards.
    public func call<R>(
        _ function: LuaReference, arguments: (LuaFrame) throws -> Void,
        results: (Int32, Int32) throws -> R
    ) throws -> R {
        try core.invoke(function, self, arguments, results)
    }
}
