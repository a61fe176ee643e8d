import LuaRuntime

/// An immutable Foundation value that scripts see as an instance of a class (NSIndexPath).
///
/// In Lua it is a userdata holding a copy of the value: no Swift object, identity-cache entry
/// or finalizer stands behind it, so making one costs one small allocation. Equal values are
/// `==` (through their class's `__eq`) but not `rawequal`, and they hold no script fields.
public protocol ScriptValueObject: ScriptConvertible, BitwiseCopyable, Equatable {
    /// The class its values belong to, registered with `NativeClass(values:superclass:)`.
    static var className: String { get }
}

extension ScriptValueObject {
    public static var scriptType: ScriptType { .object(className) }

    public static func read(from call: BridgeCall, at position: Int32) throws -> Self {
        if let type = call.bridge.valueType(of: Self.self),
            let value = call.frame.value(position, as: Self.self, typeID: type)
        {
            return value
        }
        throw call.mismatch(scriptType, at: position)
    }

    /// Whether `other` is a value of this type equal to this one.
    func isEqual(to other: Any?) -> Bool { (other as? Self) == self }

    public func push(to call: BridgeCall) throws {
        guard let type = call.bridge.valueType(of: Self.self) else {
            throw BridgeError("\(Self.className) is not a registered class")
        }
        try call.frame.push(value: self, typeID: type)
    }
}

extension ScriptValueObject {
    @inlinable
    public func directArgument(in bridge: ObjectBridge, scratch: UnsafeMutableRawBufferPointer) -> LuaArgument? {
        guard let type = bridge.valueType(of: Self.self), MemoryLayout<Self>.size <= scratch.count else { return nil }
        scratch.storeBytes(of: self, as: Self.self)
        return .value(typeID: type, bytes: UnsafeRawBufferPointer(rebasing: scratch[..<MemoryLayout<Self>.size]))
    }
}
