import CLuaShim

/// A string made once and kept in the registry, so that reading a table field with it or
/// building a record never allocates the key again (and so cannot raise).
public struct LuaKey {
    public let name: String
    let reference: LuaReference

    var ref: Int32 { reference.ref }
}

/// The fields of a record type (a struct as a Lua table), in order: numbers, or records of
/// their own (CGRect's `origin` and `size`).
public struct LuaRecordShape {
    /// The record's own field names.
    public let keys: [LuaKey]
    let refs: [Int32]
    /// The shape as `rb_pushrecord` reads it.
    let program: [Int32]
    /// How many numbers the record holds, nested ones included.
    public let leafCount: Int
    let depth: Int

    /// A record of number fields.
    public init(_ keys: [LuaKey]) {
        self.keys = keys
        refs = keys.map(\.ref)
        program = [Int32(keys.count)] + keys.flatMap { [$0.ref, 0] }
        leafCount = keys.count
        depth = 1
    }

    /// A record whose fields are records (at most `RB_RECORD_DEPTH` deep).
    public init(nesting fields: [(LuaKey, LuaRecordShape)]) {
        keys = fields.map(\.0)
        refs = keys.map(\.ref)
        program = [Int32(fields.count)] + fields.flatMap { [$0.0.ref] + $0.1.program }
        leafCount = fields.reduce(0) { $0 + $1.1.leafCount }
        depth = 1 + (fields.map(\.1.depth).max() ?? 0)
        precondition(depth <= Int(RB_RECORD_DEPTH), "records nest at most \(RB_RECORD_DEPTH) deep")
    }
}

/// The type of a value on the stack, as `type()` names it.
public enum LuaType: Int32 {
    case none = -1, `nil` = 0, boolean, lightUserdata, number, string, table, function, userdata, thread
}

extension LuaState {
    /// An interned key for `name`.
    public func key(_ name: String) throws(LuaError) -> LuaKey {
        let L = try core.thread()
        try core.pushString(name, L)
        return LuaKey(name: name, reference: try core.popReference(L))
    }

    /// The metatable of `value` (for strings: the metatable all strings share), if it has one.
    public func metatable(of value: LuaValue) throws(LuaError) -> LuaTable? {
        let L = try core.thread()
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        try core.reserve(2, L)
        try core.push(value, L)
        guard lua_getmetatable(L, -1) != 0 else { return nil }
        return LuaTable(try core.popReference(L))
    }
}

extension LuaTable {
    /// Sets (or with nil removes) the table's metatable.
    public func setMetatable(_ metatable: LuaTable?) throws(LuaError) {
        let core = reference.core
        let L = try core.thread()
        try core.reserve(2, L)
        reference.push(L)
        if let metatable { metatable.reference.push(L) } else { lua_pushnil(L) }
        _ = lua_setmetatable(L, -2)
        lua_settop(L, -2)
    }
}
