import CLuaShim
import Foundation

/// The arguments and results of one call from Lua into a Swift function.
///
/// Arguments are numbered from 1, as in Lua. Accessors that check a type throw
/// `LuaArgumentError`, which reaches the script as `bad argument #n to 'name' (...)`. Results are
/// pushed in order; the function returns how many it pushed. A frame is only valid during the
/// call it was made for.
public struct LuaFrame {
    @usableFromInline let L: OpaquePointer
    unowned(unsafe) let core: LuaCore

    init(_ L: OpaquePointer, _ core: LuaCore) {
        self.L = L
        self.core = core
    }

    /// Drops every value above `top` (which this frame's owner pushed itself).
    @inlinable
    public func restore(_ top: Int32) { lua_settop(L, top) }

    /// How many arguments the call passed.
    @inline(__always)
    public var argumentCount: Int32 { lua_gettop(L) }

    /// Whether this call (of a `__call` metamethod) is `receiver:name()` where `name` is a
    /// property of the receiver: the Objective-C spelling of a property read, which gives the
    /// called value itself.
    public var isPropertyCall: Bool { rb_ispropertycall(L) != 0 }

    /// Lua's type name of argument `position` ("no value" past the last one).
    public func typeName(_ position: Int32) -> String {
        String(cString: lua_typename(L, lua_type(L, position)))
    }

    public func isNil(_ position: Int32) -> Bool { lua_type(L, position) <= LUA_TNIL }

    // The accessors every native call makes are inlined into it; what they throw is built out
    // of line, so that the inlined part is the read and one test.
    @inlinable @inline(__always)
    public func integer(_ position: Int32) throws(LuaArgumentError) -> Int64 {
        var isInteger: Int32 = 0
        let value = lua_tointegerx(L, position, &isInteger)
        if isInteger != 0 { return Int64(value) }
        throw notAnInteger(position)
    }

    @inlinable @inline(__always)
    public func number(_ position: Int32) throws(LuaArgumentError) -> Double {
        var isNumber: Int32 = 0
        let value = lua_tonumberx(L, position, &isNumber)
        if isNumber != 0 { return value }
        throw notANumber(position)
    }

    @usableFromInline @inline(never)
    func notAnInteger(_ position: Int32) -> LuaArgumentError {
        LuaArgumentError(
            position: position,
            expected: "number",
            got: lua_type(L, position) == LUA_TNUMBER
                ? "number with no integer representation" : typeName(position))
    }

    @usableFromInline @inline(never)
    func notANumber(_ position: Int32) -> LuaArgumentError {
        LuaArgumentError(position: position, expected: "number", got: typeName(position))
    }

    public func string(_ position: Int32) throws(LuaArgumentError) -> String {
        if let string = core.string(at: position, L) { return string }
        if lua_type(L, position) == LUA_TNUMBER { return LuaFrame.numberText(L, position) }
        throw LuaArgumentError(position: position, expected: "string", got: typeName(position))
    }

    /// A string argument's bytes as they are, for binary data a UTF-8 reading would change;
    /// nil when it is not a string.
    public func bytes(_ position: Int32) -> Data? {
        guard lua_type(L, position) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(L, position, &length) else { return nil }
        return Data(bytes: bytes, count: length)
    }

    /// Lua's truth value of the argument (absent counts as false).
    public func boolean(_ position: Int32) -> Bool { lua_toboolean(L, position) != 0 }

    /// Any argument as a `LuaValue` (tables and functions become references).
    public func value(_ position: Int32) throws(LuaError) -> LuaValue {
        try core.value(at: position, L)
    }

    /// Every argument.
    public func arguments() throws(LuaError) -> [LuaValue] {
        try core.values(from: 1, L)
    }

    /// The Swift object of a native-object argument, if it is one and of type `T`.
    @inlinable
    public func object<T: AnyObject>(_ position: Int32, as type: T.Type = T.self) -> T? {
        guard let pointer = rb_toobject(L, position) else { return nil }
        return downcast(Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue(), to: T.self)
    }

    /// Runs `body` with the Swift object of argument `position` if it is a `T` (nil if not),
    /// without retaining it: the argument keeps it alive for the whole call.
    @inlinable
    public func withObject<T: AnyObject, R>(_ position: Int32, as type: T.Type, _ body: (T) throws -> R) rethrows -> R?
    {
        guard let pointer = rb_toobject(L, position) else { return nil }
        let dynamicType: AnyClass = Unmanaged<AnyObject>.fromOpaque(pointer)._withUnsafeGuaranteedRef {
            Swift.type(of: $0)
        }
        if isClass(dynamicType, subclassOf: T.self) {
            return try Unmanaged<T>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
        }
        guard let typed = object(position, as: T.self) else { return nil }
        return try body(typed)
    }

    // MARK: Results

    /// Room for one more value; unlike `core.reserve`, it does not retain the core, which
    /// matters on the paths every property read takes.
    @inlinable
    func reserveOne() throws(LuaError) {
        guard lua_checkstack(L, 1) != 0 else { throw LuaFrame.stackExhausted() }
    }

    // Out of line: a LuaError built in place gives every push a large frame to set up.
    @usableFromInline @inline(never)
    static func stackExhausted() -> LuaError { LuaError.stackExhausted }

    @inlinable
    public func push(_ value: Int64) throws(LuaError) {
        try reserveOne()
        lua_pushinteger(L, lua_Integer(value))
    }

    @inlinable
    public func push(_ value: Double) throws(LuaError) {
        try reserveOne()
        lua_pushnumber(L, value)
    }

    @inlinable
    public func push(_ value: Bool) throws(LuaError) {
        try reserveOne()
        lua_pushboolean(L, value ? 1 : 0)
    }

    @inlinable
    public func pushNil() throws(LuaError) {
        try reserveOne()
        lua_pushnil(L)
    }

    public func push(_ value: String) throws(LuaError) {
        try core.reserve(1, L)
        try core.pushString(value, L)
    }

    public func push(_ value: LuaValue) throws(LuaError) {
        try core.push(value, L)
    }

    /// Pushes the userdata Lua already has for `object`, if there is one: the cheap first step
    /// of pushing an object, which needs neither its type nor a retain.
    public func pushExisting(object: some LuaNativeObject) -> Bool {
        core.pushExisting(object, L)
    }

    /// Pushes the one userdata that stands for `object` (the same Lua value every time);
    /// returns whether the userdata was created by this push.
    @discardableResult
    public func push(object: some LuaNativeObject, type: LuaObjectType) throws(LuaError) -> Bool {
        try core.pushObject(object, type: type, L)
    }

    /// Pushes an immutable value as a userdata of the type with id `typeID` (a type made with
    /// `holdsValues`) holding a copy of it: no Swift object, identity or finalizer, so it costs
    /// one small allocation.
    public func push<Value: BitwiseCopyable>(value: Value, typeID: Int32) throws(LuaError) {
        var copy = value
        let status = withUnsafeBytes(of: &copy) { rb_pushvalue(L, typeID, $0.baseAddress, $0.count) }
        try core.check(status, L)
    }

    /// The value at `position` if it was pushed with `push(value:typeID:)` as a `Value` of
    /// that type.
    public func value<Value: BitwiseCopyable>(_ position: Int32, as _: Value.Type, typeID: Int32) -> Value? {
        guard let bytes = rb_tovalue(L, position, typeID, MemoryLayout<Value>.size) else { return nil }
        return bytes.loadUnaligned(as: Value.self)
    }

    /// The id of the type of the value at `position` (`LuaObjectType.id`), or nil when it is
    /// not a value pushed with `push(value:typeID:)`.
    public func valueTypeID(_ position: Int32) -> Int32? {
        let type = rb_valuetype(L, position)
        return type == LUA_NOREF ? nil : type
    }

    /// Lua's own text for a number argument ("%.14g", and "1.0" rather than "1" for floats).
    static func numberText(_ L: OpaquePointer, _ position: Int32) -> String {
        if lua_isinteger(L, position) != 0 { return String(lua_tointegerx(L, position, nil)) }
        let value = lua_tonumberx(L, position, nil)
        if value.isNaN { return value.sign == .minus ? "-nan" : "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) + ".0" }
        return String(value)
    }
}
