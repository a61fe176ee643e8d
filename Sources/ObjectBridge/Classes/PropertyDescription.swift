import LuaRuntime

/// A property: `obj.name` and `obj.name = value` (and the method `setName`).
public struct PropertyDescription {
    public let name: String
    public let type: ScriptType
    public var isReadOnly: Bool { write == nil }
    let read: NativeMemberBody
    let write: NativeMemberBody?

    @usableFromInline
    init(name: String, type: ScriptType, read: @escaping NativeMemberBody, write: NativeMemberBody?) {
        self.name = name
        self.type = type
        self.read = read
        self.write = write
    }

    /// The setter's method name: `frame` -> `setFrame`.
    public var setterName: String { "set" + name.prefix(1).uppercased() + name.dropFirst() }
}
