import LuaRuntime

/// The native implementation of a member: reads its arguments from the call (the receiver is
/// argument 1), pushes its results and returns how many.
public typealias NativeMemberBody = (BridgeCall) throws -> Int32

/// The declarative description of a native class: everything the bridge needs for dispatch,
/// argument checking, error messages, the API fuzzer and editor annotations.
public final class NativeClass {
    public let name: String
    public let superclassName: String?
    /// The Swift class of its instances; nil when they are values.
    let swiftType: BridgeObject.Type?
    /// How its instances are read when they are values (`ScriptValueObject`).
    let valueClass: ValueClass?
    /// Makes a new instance for `new...` and for script subclasses; nil for classes scripts
    /// cannot instantiate.
    let allocate: (() -> BridgeObject)?
    public internal(set) var methods: [MethodDescription] = []
    public internal(set) var classMethods: [MethodDescription] = []
    public internal(set) var properties: [PropertyDescription] = []
    public internal(set) var classProperties: [PropertyDescription] = []
    public internal(set) var protocols: [String] = []
    public internal(set) var enums: [EnumDescription] = []
    var metamethods: [(name: String, body: NativeMemberBody)] = []
    /// The SDK header that declares the class, when it is another than the class's own.
    var declaringHeader: String?

    /// Describes the class `name` whose instances are `Object`s; `build` adds its members.
    public init<Object: BridgeObject>(
        _ name: String, superclass: String?, type: Object.Type,
        allocate: (() -> Object)?, _ build: (NativeClassBuilder<Object>) -> Void
    ) {
        self.name = name
        superclassName = superclass
        swiftType = type
        valueClass = nil
        self.allocate = allocate
        isExtension = false
        build(NativeClassBuilder(description: self))
    }

    /// Describes the class whose instances are `Value`s; `build` adds its members, as
    /// `valueMethod` and `valueProperty` with `Value` as the receiver. Values are made by
    /// class methods only.
    public init<Value: ScriptValueObject>(
        values type: Value.Type, superclass: String?,
        _ build: (NativeClassBuilder<BridgeObject>) -> Void
    ) {
        name = Value.className
        superclassName = superclass
        swiftType = nil
        valueClass = ValueClass(type: ObjectIdentifier(Value.self)) { call, position in
            try Value.read(from: call, at: position)
        }
        allocate = nil
        isExtension = false
        build(NativeClassBuilder(description: self))
    }

    /// The binding module of the class's SDK header (`UIKit.UIView`; `Foundation.NSCalendar`
    /// for `NSDateComponents`, which that header declares), for classes with an SDK prefix: it
    /// holds the enums the class declares, and what the header adds.
    public var header: String? {
        SDKFrameworks.framework(ofType: name).map { "\($0).\(declaringHeader ?? name)" }
    }

    /// A module named after the class, for a class whose header has another name
    /// (`Foundation.NSPropertyListSerialization`): the same table as its header's.
    var classNamedModule: String? {
        guard declaringHeader != nil else { return nil }
        return SDKFrameworks.framework(ofType: name).map { "\($0).\(name)" }
    }

    /// The Swift class of its instances, by name (what `ScriptType.object` holds for them).
    public var swiftTypeName: String? { swiftType.map { String(describing: $0) } }

    /// Whether instances of this class can be made by scripts.
    public var isInstantiable: Bool { allocate != nil }

    /// Whether this describes more members of an existing class rather than a class.
    public let isExtension: Bool

    /// More members for the registered class `name`, whose instances are `Object`s: how a
    /// higher layer adds to a lower one's class (text measuring to NSString, say).
    public init<Object: BridgeObject>(
        extending name: String, type: Object.Type,
        _ build: (NativeClassBuilder<Object>) -> Void
    ) {
        self.name = name
        superclassName = nil
        swiftType = type
        valueClass = nil
        allocate = nil
        isExtension = true
        build(NativeClassBuilder(description: self))
    }

    /// The class that must be registered first: the superclass, or the extended class.
    var prerequisite: String? { isExtension ? name : superclassName }

    /// Takes in an extension's members, so that this description lists them all.
    func absorb(_ other: NativeClass) {
        methods += other.methods
        classMethods += other.classMethods
        properties += other.properties
        classProperties += other.classProperties
        protocols += other.protocols
        enums += other.enums
        metamethods += other.metamethods
    }

    // The builder's members are inlinable (so that each class's members are specialized for
    // their types, which halves the cost of a call); they add members through these.
    @usableFromInline func add(method: MethodDescription) { methods.append(method) }
    @usableFromInline func add(classMethod: MethodDescription) { classMethods.append(classMethod) }
    @usableFromInline func add(property: PropertyDescription) { properties.append(property) }
    @usableFromInline func add(classProperty: PropertyDescription) { classProperties.append(classProperty) }
}
