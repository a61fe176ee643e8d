import CLuaShim

/// The `lua_State` and the Swift-side bookkeeping every reference and native function shares.
///
/// `LuaState` owns the core and closes it; references and native-function contexts hold it
/// strongly, so they can always ask whether the state is still open. All the stack work of the
/// runtime happens here, on the thread that currently runs (`current`): the main thread between
/// calls, or the coroutine that called the native function that is running now.
final class LuaCore {
    let main: OpaquePointer
    let interrupter: LuaInterrupter
    private(set) var isClosed = false
    /// Registry references whose release could not get stack space; retried on the next call.
    private var pendingReleases: [Int32] = []
    /// Kept alive as long as the state, which calls it with Lua's warnings.
    private let warningSink: WarningSink

    init(main: OpaquePointer, warningSink: WarningSink) {
        self.main = main
        self.warningSink = warningSink
        interrupter = LuaInterrupter(runtime: rb_runtime_handle(main))
    }

    var current: OpaquePointer { rb_current(main) }

    /// The thread to work on, or an error once the state is closed.
    func thread() throws(LuaError) -> OpaquePointer {
        if isClosed { throw LuaError(kind: .runtime, message: "the Lua state is closed") }
        return rb_current(main)
    }

    /// Closes the state; the interrupter works until its finalizers have run.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        rb_close(main)
        if let runtime = interrupter.invalidate() { rb_free_runtime(runtime) }
    }

    // MARK: References

    /// Pops the top value of `L` into a registry reference.
    func popReference(_ L: OpaquePointer) throws(LuaError) -> LuaReference {
        var ref: Int32 = 0
        try check(rb_ref(L, &ref), L)
        return LuaReference(core: self, ref: ref)
    }

    func reference(at index: Int32, _ L: OpaquePointer) throws(LuaError) -> LuaReference {
        try reserve(1, L)
        lua_pushvalue(L, index)
        return try popReference(L)
    }

    /// Releases a reference; when the stack has no room for that, it waits in
    /// `pendingReleases` and goes with the next release that succeeds (or the next collection).
    func release(_ ref: Int32) {
        guard !isClosed else { return }
        if rb_unref(main, ref) == 0 {
            pendingReleases.append(ref)
        } else if !pendingReleases.isEmpty {
            releasePending()
        }
    }

    func releasePending() {
        while !isClosed, let ref = pendingReleases.last, rb_unref(main, ref) != 0 {
            pendingReleases.removeLast()
        }
    }

    // MARK: Stack

    @inline(__always)  // inlined, a call does not retain the core
    func reserve(_ slots: Int32, _ L: OpaquePointer) throws(LuaError) {
        guard lua_checkstack(L, slots) != 0 else { throw LuaError.stackExhausted }
    }

    /// Pushes `value`; on error nothing is left on the stack.
    func push(_ value: LuaValue, _ L: OpaquePointer) throws(LuaError) {
        try reserve(1, L)
        switch value {
        case .nil: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(L, lua_Integer(i))
        case .number(let d): lua_pushnumber(L, d)
        case .string(let s): try pushString(s, L)
        case .lightUserdata(let p): lua_pushlightuserdata(L, p)
        case .table(let t): t.reference.push(L)
        case .function(let f): f.reference.push(L)
        case .userdata(let u): u.reference.push(L)
        case .thread(let t): t.reference.push(L)
        }
    }

    func pushString(_ string: String, _ L: OpaquePointer) throws(LuaError) {
        var string = string
        let status = string.withUTF8 { bytes in
            rb_pushlstring(L, bytes.baseAddress, bytes.count)
        }
        try check(status, L)
    }

    /// The value at `index`; tables, functions, userdata and threads become references.
    func value(at index: Int32, _ L: OpaquePointer) throws(LuaError) -> LuaValue {
        switch lua_type(L, index) {
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return .integer(Int64(lua_tointegerx(L, index, nil))) }
            return .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return .string(string(at: index, L) ?? "")
        case LUA_TLIGHTUSERDATA: return .lightUserdata(lua_touserdata(L, index))
        case LUA_TTABLE: return .table(LuaTable(try reference(at: index, L)))
        case LUA_TFUNCTION: return .function(LuaFunction(try reference(at: index, L)))
        case LUA_TUSERDATA: return .userdata(LuaUserdata(try reference(at: index, L)))
        case LUA_TTHREAD: return .thread(LuaThread(try reference(at: index, L)))
        default: return .nil
        }
    }

    /// The string at `index` without converting numbers (which would allocate and can raise).
    func string(at index: Int32, _ L: OpaquePointer) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    func values(from base: Int32, _ L: OpaquePointer) throws(LuaError) -> [LuaValue] {
        let top = lua_gettop(L)
        guard top >= base else { return [] }
        var result: [LuaValue] = []
        result.reserveCapacity(Int(top - base + 1))
        for index in base...top { result.append(try value(at: index, L)) }
        return result
    }

    // MARK: Calls

    /// Calls `function` with `arguments` and returns every result.
    func call(_ function: LuaValue, _ arguments: [LuaValue]) throws(LuaError) -> [LuaValue] {
        let L = try thread()
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        try reserve(Int32(arguments.count) + 2, L)
        try push(function, L)
        for argument in arguments { try push(argument, L) }
        try check(rb_pcall(L, Int32(arguments.count), LUA_MULTRET), L)
        return try values(from: base + 1, L)
    }

    /// Throws the error a helper left on the stack when `status` is not LUA_OK.
    @inline(__always)
    func check(_ status: Int32, _ L: OpaquePointer) throws(LuaError) {
        if status != LUA_OK { throw popError(status, L) }
    }

    /// Pops the error value a failed helper or call left and describes it.
    func popError(_ status: Int32, _ L: OpaquePointer) -> LuaError {
        if status == RB_ESTACK { return .stackExhausted }
        defer { lua_settop(L, -2) }
        if status == LUA_ERRMEM {
            return LuaError(kind: .memory, message: string(at: -1, L) ?? "not enough memory")
        }
        guard lua_type(L, -1) == LUA_TTABLE else {
            let message = string(at: -1, L) ?? "(error object is a \(typeName(at: -1, L)) value)"
            var error = LuaError(
                kind: status == LUA_ERRSYNTAX ? .syntax : status == LUA_ERRERR ? .errorHandler : .runtime,
                message: message)
            if let (source, line) = LuaError.location(in: message) {
                error.source = source
                error.line = line
            }
            return error
        }
        func field(_ slot: Int32) -> Int32 { lua_rawgeti(L, -1, lua_Integer(slot)) }
        var error = LuaError(kind: .runtime, message: "")
        _ = field(RB_ERR_MESSAGE)
        error.message = string(at: -1, L) ?? "(no message)"
        lua_settop(L, -2)
        _ = field(RB_ERR_TRACEBACK)
        error.traceback = string(at: -1, L)
        lua_settop(L, -2)
        _ = field(RB_ERR_SOURCE)
        error.source = string(at: -1, L)
        lua_settop(L, -2)
        _ = field(RB_ERR_LINE)
        error.line = lua_isinteger(L, -1) != 0 ? Int(lua_tointegerx(L, -1, nil)) : nil
        lua_settop(L, -2)
        _ = field(RB_ERR_STOPPED)
        switch lua_tointegerx(L, -1, nil) {
        case 1: error.kind = .timeBudget
        case 2: error.kind = .interrupted
        default: break
        }
        lua_settop(L, -2)
        if field(RB_ERR_VALUE) == LUA_TSTRING {
            lua_settop(L, -2)
        } else {
            error.value = try? popReference(L)
        }
        // A message that names its own position (error("...", 2), syntax errors from `load`)
        // is more precise than the innermost Lua frame.
        if let (source, line) = LuaError.location(in: error.message) {
            error.source = source
            error.line = line
        }
        return error
    }

    func typeName(at index: Int32, _ L: OpaquePointer) -> String {
        String(cString: lua_typename(L, lua_type(L, index)))
    }
}

extension LuaError {
    @usableFromInline
    static let stackExhausted = LuaError(kind: .memory, message: "not enough memory (the Lua stack cannot grow)")
}
