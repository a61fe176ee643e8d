import LuaRuntime

/// A property: `obj.name` and `obj.name = value` (and the method `setName`).
public struct PropertyDescription {
    public let name: String
    public let type: ScriptType
    public var isReadOnly: Bool { write == nil }
    let read: NativeMemberBody
    let write: NativeMemberBody?
    /// For a value class's integer field: its byte offset in the value, read without `read`.
    let valueField: Int?
    /// For a stored field of the object: where it is, read without `read`, found with the
    /// bridge's record shapes (nil when the field cannot be read so).
    let objectField: StoredField?

    @usableFromInline
    init(
        name: String, type: ScriptType, read: @escaping NativeMemberBody, write: NativeMemberBody?,
        valueField: Int? = nil, objectField: StoredField? = nil
    ) {
        self.name = name
        self.type = type
        self.read = read
        self.write = write
        self.valueField = valueField
        self.objectField = objectField
    }

    /// The setter's method name: `frame` -> `setFrame`.
    public var setterName: String { "set" + name.prefix(1).uppercased() + name.dropFirst() }
}

/// Finds a property's stored field once the bridge's record shapes exist.
@usableFromInline typealias StoredField = (StructKeys) throws -> NativeObjectField?
