import LuaRuntime

/// A protocol native code calls methods of. Optional methods are called only on classes that
/// declared the protocol, or one that inherits it, or whose native superclass adopts one.
public struct ProtocolDescription: Sendable {
    public let name: String
    public let required: [String]
    public let optional: [String]
    /// The protocols it inherits (UICollectionViewDelegate inherits UIScrollViewDelegate).
    public let inherits: [String]

    public init(_ name: String, inherits: [String] = [], required: [String] = [], optional: [String] = []) {
        self.name = name
        self.inherits = inherits
        self.required = required
        self.optional = optional
    }
}
