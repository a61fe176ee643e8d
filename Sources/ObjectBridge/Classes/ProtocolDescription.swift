import LuaRuntime

/// A protocol native code calls methods of. Optional methods are called only on classes that
/// declared the protocol or whose native superclass adopts it.
public struct ProtocolDescription: Sendable {
    public let name: String
    public let required: [String]
    public let optional: [String]

    public init(_ name: String, required: [String] = [], optional: [String] = []) {
        self.name = name
        self.required = required
        self.optional = optional
    }
}
