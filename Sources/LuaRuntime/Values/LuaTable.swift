import CLuaShim

/// A Lua table held from Swift.
public struct LuaTable {
    public let reference: LuaReference
    init(_ reference: LuaReference) { self.reference = reference }

    /// `table[key]`, running `__index` if the table has one.
    public func get(_ key: LuaValue) throws(LuaError) -> LuaValue {
        try withTable { core, L, table throws(LuaError) in
            try core.push(key, L)
            try core.check(rb_gettable(L, table), L)
            return try core.value(at: -1, L)
        }
    }

    public func get(_ key: String) throws(LuaError) -> LuaValue { try get(.string(key)) }

    /// `table[key] = value`, running `__newindex` if the table has one.
    public func set(_ key: LuaValue, _ value: LuaValue) throws(LuaError) {
        try withTable { core, L, table throws(LuaError) in
            try core.push(key, L)
            try core.push(value, L)
            try core.check(rb_settable(L, table), L)
        }
    }

    public func set(_ key: String, _ value: LuaValue) throws(LuaError) { try set(.string(key), value) }

    /// Every key and value, in `next` order, without metamethods.
    public func pairs() throws(LuaError) -> [(key: LuaValue, value: LuaValue)] {
        try withTable { core, L, table throws(LuaError) in
            lua_pushnil(L)
            var result: [(key: LuaValue, value: LuaValue)] = []
            while true {
                var more: Int32 = 0
                try core.check(rb_next(L, table, &more), L)
                if more == 0 { return result }
                result.append((try core.value(at: -2, L), try core.value(at: -1, L)))
                lua_settop(L, -2)
            }
        }
    }

    /// Runs `body` with the table pushed (at the index it is given) and room for three more
    /// values; the stack is restored afterwards.
    private func withTable<Result>(
        _ body: (LuaCore, OpaquePointer, Int32) throws(LuaError) -> Result
    ) throws(LuaError) -> Result {
        let core = reference.core
        let L = try core.thread()
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        try core.reserve(4, L)
        reference.push(L)
        return try body(core, L, base + 1)
    }

    /// Inserts `value` at `position` of the sequence, moving the elements from there up by one,
    /// as `table.insert(t, position, value)` does (without metamethods).
    public func insert(_ value: LuaValue, at position: Int) throws(LuaError) {
        let count = rawLength
        guard position >= 1, position <= count + 1 else {
            throw LuaError(kind: .runtime, message: "position \(position) is out of bounds (1 ... \(count + 1))")
        }
        for index in stride(from: count, through: position, by: -1) {
            try set(.integer(Int64(index + 1)), try get(.integer(Int64(index))))
        }
        try set(.integer(Int64(position)), value)
    }

    /// The border Lua's `#` gives without `__len` (lua_rawlen).
    public var rawLength: Int {
        guard let L = try? reference.core.thread(), lua_checkstack(L, 1) != 0 else { return 0 }
        reference.push(L)
        defer { lua_settop(L, -2) }
        return Int(lua_rawlen(L, -1))
    }
}
