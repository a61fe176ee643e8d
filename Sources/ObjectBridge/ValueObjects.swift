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
        if let type = call.bridge.valueType(of: Self.self), let value = call.frame.value(position, as: Self.self, typeID: type) {
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

/// An index path (`NSIndexPath`): `section` and `item` (also `row`).
public struct IndexPathValue: ScriptValueObject, Hashable, Comparable {
    public static var className: String { "NSIndexPath" }

    public let item: Int
    public let section: Int

    public init(item: Int, section: Int) {
        self.item = item
        self.section = section
    }

    /// An index path from a script: NSIndexPath's indexes are unsigned, so negatives are refused
    /// here, and everything that indexes with a path may rely on that.
    init(checkedItem item: Int, section: Int) throws {
        guard item >= 0, section >= 0 else {
            throw ScriptValueError("an index path's item and section must be from 0, got item \(item), section \(section)")
        }
        self.init(item: item, section: section)
    }

    public static func < (lhs: IndexPathValue, rhs: IndexPathValue) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }
}

/// What the bridge knows of a class whose instances are values.
struct ValueClass {
    let type: ObjectIdentifier
    /// Reads a value of the class at a position (for `any` parameters and NSObject's methods).
    let read: (BridgeCall, Int32) throws -> any ScriptConvertible
}

/// The receiver of NSObject's own methods, which values answer too: an object or a value,
/// with its class.
struct ScriptInstance: ScriptConvertible {
    let cls: ClassObject
    /// The object, or the value.
    let instance: any ScriptConvertible

    var object: BridgeObject? { instance as? BridgeObject }

    static var scriptType: ScriptType { .object("NSObject") }

    static func read(from call: BridgeCall, at position: Int32) throws -> ScriptInstance {
        if let object = call.frame.object(position, as: BridgeObject.self) {
            return ScriptInstance(cls: try call.bridge.classObject(for: object), instance: object)
        }
        if let (cls, kind) = call.bridge.valueClass(at: position, in: call.frame) {
            return ScriptInstance(cls: cls, instance: try kind.read(call, position))
        }
        throw call.mismatch(scriptType, at: position)
    }

    func push(to call: BridgeCall) throws { try instance.push(to: call) }
}

extension ObjectBridge {
    /// The id of the Lua type of `Value`'s class, once that class is registered.
    func valueType<Value: ScriptValueObject>(of _: Value.Type) -> Int32? {
        let swiftType = ObjectIdentifier(Value.self)
        return valueTypes.first { $0.swiftType == swiftType }?.id
    }

    /// The class of the value at `position`, with how to read it, if it is a value.
    func valueClass(at position: Int32, in frame: LuaFrame) -> (cls: ClassObject, kind: ValueClass)? {
        frame.valueTypeID(position).flatMap { valueClasses[$0] }
    }
}

extension BridgeCall {
    /// The value at `position` if it is an instance of a value class.
    func scriptValue(at position: Int32) throws -> (any ScriptConvertible)? {
        guard let entry = bridge.valueClass(at: position, in: frame) else { return nil }
        return try entry.kind.read(self, position)
    }
}
