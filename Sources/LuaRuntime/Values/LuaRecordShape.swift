import CLuaShim

/// The fields of a record type (a struct as a Lua table), in order: numbers, or records of
/// their own (CGRect's `origin` and `size`), and the metatable every record of the type gets.
/// A class, so that handing one to each push and read costs one reference count, not one per
/// array.
public final class LuaRecordShape {
    /// The record's own field names.
    public let keys: [LuaKey]
    let refs: [Int32]
    /// The shape as `rb_pushrecord` reads it; at a fixed place for the shape's life, so that a
    /// call's arguments can point at it (`LuaArgument.record`).
    let program: UnsafeBufferPointer<Int32>
    /// How many numbers the record holds, nested ones included.
    public let leafCount: Int
    let depth: Int
    /// Kept alive for as long as the shape, which refers to it by its registry reference.
    private let metatable: LuaTable?

    /// A record of number fields; with `wholeNumbers`, fields that hold whole numbers are Lua
    /// integers (NSRange's NSUIntegers), so that `range.location .. ""` is "3", not "3.0".
    public init(_ keys: [LuaKey], metatable: LuaTable? = nil, wholeNumbers: Bool = false) {
        self.keys = keys
        self.metatable = metatable
        refs = keys.map(\.ref)
        let leaf = wholeNumbers ? Int32(RB_LEAF_INTEGER) : Int32(RB_LEAF_NUMBER)
        program = Self.fixed(
            [metatable?.reference.ref ?? LUA_NOREF, Int32(keys.count)] + keys.flatMap { [$0.ref, leaf] })
        leafCount = keys.count
        depth = 1
    }

    /// A record whose fields are records (at most `RB_RECORD_DEPTH` deep).
    public init(nesting fields: [(LuaKey, LuaRecordShape)], metatable: LuaTable? = nil) {
        keys = fields.map(\.0)
        self.metatable = metatable
        refs = keys.map(\.ref)
        program = Self.fixed(
            [metatable?.reference.ref ?? LUA_NOREF, Int32(fields.count)] + fields.flatMap { [$0.0.ref] + $0.1.program })
        leafCount = fields.reduce(0) { $0 + $1.1.leafCount }
        depth = 1 + (fields.map(\.1.depth).max() ?? 0)
        precondition(depth <= Int(RB_RECORD_DEPTH), "records nest at most \(RB_RECORD_DEPTH) deep")
    }

    deinit { program.deallocate() }

    private static func fixed(_ program: [Int32]) -> UnsafeBufferPointer<Int32> {
        let storage = UnsafeMutableBufferPointer<Int32>.allocate(capacity: program.count)
        _ = storage.initialize(from: program)
        return UnsafeBufferPointer(storage)
    }
}
