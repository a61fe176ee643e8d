import CLuaShim

/// A plain field of a native object's memory that `__index` reads without calling Swift
/// (see `LuaState.makePropertyEntry`). Whoever makes one vouches that every object the
/// property is read on keeps a value of `kind` at `offset`.
public struct NativeObjectField: Sendable, Equatable {
    public enum Kind: Sendable {
        case double, bool, integer
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
            }
        return offset * 8 + Int(kindCode)
    }
}
