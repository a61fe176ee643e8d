import CLuaShim

/// An argument that `LuaFunction.call(with:results:)` pushes inside the call's own protection,
/// so that a call made again and again (a delegate's size for each item) is one protected call.
public struct LuaArgument {
    let raw: rb_arg

    /// A value held by `reference`, which must live until the call returns.
    public static func reference(_ reference: LuaReference) -> LuaArgument {
        LuaArgument(
            raw: rb_arg(
                kind: Int32(RB_ARG_REF), ref: reference.ref, bytes: nil, size: 0, number: 0, integer: 0, leaves: nil))
    }

    /// The userdata of `object`, which must have one (the call returns nil otherwise) and must
    /// live until the call returns.
    public static func object(_ object: some LuaNativeObject) -> LuaArgument {
        LuaArgument(
            raw: rb_arg(
                kind: Int32(RB_ARG_OBJECT), ref: 0, bytes: Unmanaged.passUnretained(object).toOpaque(),
                size: Int(object.luaSlot), number: 0, integer: 0, leaves: nil))
    }

    /// A new value userdata of `typeID` (see `LuaFrame.push(value:typeID:)`) holding a copy of
    /// `bytes`, which must stay valid until the call returns.
    public static func value(typeID: Int32, bytes: UnsafeRawBufferPointer) -> LuaArgument {
        LuaArgument(
            raw: rb_arg(
                kind: Int32(RB_ARG_VALUE), ref: typeID, bytes: bytes.baseAddress, size: bytes.count,
                number: 0, integer: 0, leaves: nil))
    }

    /// A string of `bytes`, which must stay valid until the call returns.
    public static func string(_ bytes: UnsafeRawBufferPointer) -> LuaArgument {
        LuaArgument(
            raw: rb_arg(
                kind: Int32(RB_ARG_STRING), ref: 0, bytes: bytes.baseAddress, size: bytes.count, number: 0,
                integer: 0, leaves: nil))
    }

    /// A new record of `shape` holding `leaves` (its `leafCount` numbers, in order); the shape
    /// and the numbers must live until the call returns. Nil when the count is not the shape's.
    public static func record(_ shape: LuaRecordShape, _ leaves: UnsafeBufferPointer<Double>) -> LuaArgument? {
        guard leaves.count == shape.leafCount else { return nil }
        return LuaArgument(
            raw: rb_arg(
                kind: Int32(RB_ARG_RECORD), ref: 0, bytes: UnsafeRawPointer(shape.program.baseAddress), size: 0,
                number: 0, integer: 0, leaves: leaves.baseAddress))
    }

    public static func number(_ value: Double) -> LuaArgument {
        LuaArgument(
            raw: rb_arg(kind: Int32(RB_ARG_NUMBER), ref: 0, bytes: nil, size: 0, number: value, integer: 0, leaves: nil)
        )
    }

    public static func integer(_ value: Int64) -> LuaArgument {
        LuaArgument(
            raw: rb_arg(
                kind: Int32(RB_ARG_INTEGER), ref: 0, bytes: nil, size: 0, number: 0, integer: value, leaves: nil))
    }
}

extension LuaFunction {
    /// Calls the function with `arguments` and reads its results in place, as
    /// `call(arguments:results:)` does, but in a single protected call that also pushes the
    /// arguments. Nil, with nothing called, when an `.object` argument has no userdata.
    @inlinable
    public func call<R>(
        with arguments: UnsafeBufferPointer<LuaArgument>,
        results: (LuaFrame, Int32, Int32) throws -> R
    ) throws -> R? {
        guard let call = try start(with: arguments) else { return nil }
        defer { call.frame.restore(call.base) }
        return try results(call.frame, call.base + 2, call.count)
    }

    /// The call of `call(with:results:)`, its results left above `base` (the message handler at
    /// `base + 1`, then `count` results).
    @usableFromInline
    func start(with arguments: UnsafeBufferPointer<LuaArgument>) throws -> (frame: LuaFrame, base: Int32, count: Int32)?
    {
        let core = reference.core
        let L = try core.thread()
        let base = lua_gettop(L)
        var count: Int32 = 0
        // A LuaArgument is its rb_arg and nothing else, so the buffer is handed to C as it is.
        let status = arguments.withMemoryRebound(to: rb_arg.self) { raw in
            rb_pcallargs(L, reference.ref, raw.baseAddress, Int32(raw.count), &count)
        }
        if status == RB_ENOUSERDATA { return nil }
        if status != LUA_OK {
            defer { lua_settop(L, base) }
            try core.check(status, L)
        }
        return (LuaFrame(L, core), base, count)
    }
}

extension LuaFunction {
    /// Calls the function `count` times in one protected call: with `leading` (no `.value`
    /// among them), then a value of `valueTypeID` made from `valueBytes` whose integer at byte
    /// `fieldOffset` is `first`, `first + 1`, ... Each result's number fields `shape` go into
    /// `results`, `shape.keys.count` per call. Returns how many calls gave such a record: the run
    /// stops at the first that did not, whose result `stopped` gets (at a position of its frame).
    public func callForEach(
        leading: UnsafeBufferPointer<LuaArgument>, valueTypeID: Int32, valueBytes: UnsafeRawBufferPointer,
        varying fieldOffset: Int, from first: Int, count: Int, reading shape: LuaRecordShape,
        into results: UnsafeMutableBufferPointer<Double>,
        stopped: (LuaFrame, Int32) throws -> Void
    ) throws -> Int {
        precondition(results.count >= count * shape.refs.count, "results too small for \(count) records")
        let core = reference.core
        let L = try core.thread()
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        return try withUnsafeTemporaryAllocation(of: rb_arg.self, capacity: leading.count) { raw in
            for (index, argument) in leading.enumerated() { raw[index] = argument.raw }
            return try shape.refs.withUnsafeBufferPointer { keys in
                var each = rb_eachcall(
                    function_ref: reference.ref, leading: raw.baseAddress, nleading: Int32(leading.count),
                    value_type: valueTypeID, value_bytes: valueBytes.baseAddress, value_size: valueBytes.count,
                    field_offset: fieldOffset, first: Int64(first), count: Int32(count),
                    keyrefs: keys.baseAddress, nfields: Int32(keys.count), out: results.baseAddress, done: 0)
                try core.check(rb_pcalleach(L, &each), L)
                if each.done < count { try stopped(LuaFrame(L, core), lua_gettop(L)) }
                return Int(each.done)
            }
        }
    }
}
