import CLuaShim

/// A plain field of a native object's memory that `__index` reads without calling Swift
/// (see `LuaState.makePropertyEntry`). Whoever makes one vouches that every object the
/// property is read on keeps a value of `kind` at `offset`.
public struct NativeObjectField: Equatable {
    public enum Kind: Equatable {
        case double, bool, integer
        /// A struct of Doubles laid out in the order of `shape`'s numbers (CGRect's four).
        case record(LuaRecordShape)
        /// A strong or `unowned(unsafe)` reference to a native object, or nil: pushed as the
        /// userdata Lua has for it (the getter makes the first one). Its identity-cache slot
        /// (`LuaNativeObject.luaSlot`, an Int32) is at byte `slotOffset` of the object.
        case object(slotOffset: Int)

        public static func == (a: Kind, b: Kind) -> Bool {
            switch (a, b) {
            case (.double, .double), (.bool, .bool), (.integer, .integer): true
            case (.record(let x), .record(let y)): x === y
            case (.object(let x), .object(let y)): x == y
            default: false
            }
        }
    }

    public let kind: Kind
    /// Bytes from the object's start.
    public let offset: Int

    public init(kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// What `rb_newpropentry` takes: the kind, plus 8 times the offset.
    var code: Int {
        let kindCode =
            switch kind {
            case .double: RB_STORED_DOUBLE
            case .bool: RB_STORED_BOOL
            case .integer: RB_STORED_INTEGER
            case .record: RB_STORED_RECORD
            case .object: RB_STORED_OBJECT
            }
        return offset * 8 + Int(kindCode)
    }

    /// What `rb_newpropentry` takes with the code: the record's shape program's address, or
    /// the referenced objects' slot offset.
    var extra: Int {
        switch kind {
        case .double, .bool, .integer: 0
        case .record(let shape): Int(bitPattern: shape.program.baseAddress)
        case .object(let slotOffset): slotOffset
        }
    }
}
