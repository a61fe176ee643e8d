import LuaRuntime

/// The native implementation of a member: reads its arguments from the call (the receiver is
/// argument 1), pushes its results and returns how many.
public typealias NativeMemberBody = (BridgeCall) throws -> Int32

/// A method as scripts call it: `obj:collectionView_cellForItemAtIndexPath(cv, path)`.
public struct MethodDescription {
    /// The Lua name; each `_` stands for a `:` of the Objective-C selector.
    public let name: String
    public let parameters: [ScriptType]
    public let result: ScriptType
    /// Whether script subclasses may override it and native code then calls the override.
    public let overridable: Bool
    let body: NativeMemberBody

    @usableFromInline
    init(name: String, parameters: [ScriptType], result: ScriptType, overridable: Bool,
         body: @escaping NativeMemberBody) {
        self.name = name
        self.parameters = parameters
        self.result = result
        self.overridable = overridable
        self.body = body
    }

    /// The Objective-C selector (`collectionView:cellForItemAtIndexPath:`).
    public var selector: String {
        parameters.isEmpty ? name : name.replacingOccurrences(of: "_", with: ":") + ":"
    }

    /// The name of each parameter: the selector part it follows.
    public var parameterNames: [String] {
        let parts = name.split(separator: "_").map(String.init)
        return parameters.indices.map { $0 < parts.count ? parts[$0] : "argument \($0 + 1)" }
    }
}

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

/// An enum as scripts see it: `objc.UIView.Autoresizing.FlexibleWidth`, also spelled
/// `flexibleWidth`, and `require "UIKit.UIView".Autoresizing`.
public struct EnumDescription {
    public let name: String
    public let module: String
    /// Members in CodeFlow's upper camel case, in declaration order.
    public let members: [(name: String, value: Int)]

    public init(_ name: String, module: String, _ members: [(String, Int)]) {
        self.name = name
        self.module = module
        self.members = members.map { (name: $0.0, value: $0.1) }
    }
}

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
    public fileprivate(set) var methods: [MethodDescription] = []
    public fileprivate(set) var classMethods: [MethodDescription] = []
    public fileprivate(set) var properties: [PropertyDescription] = []
    public fileprivate(set) var classProperties: [PropertyDescription] = []
    public fileprivate(set) var protocols: [String] = []
    public fileprivate(set) var enums: [EnumDescription] = []
    fileprivate(set) var metamethods: [(name: String, body: NativeMemberBody)] = []

    /// Describes the class `name` whose instances are `Object`s; `build` adds its members.
    public init<Object: BridgeObject>(_ name: String, superclass: String?, type: Object.Type,
                                      allocate: (() -> Object)?, _ build: (NativeClassBuilder<Object>) -> Void) {
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
    public init<Value: ScriptValueObject>(values type: Value.Type, superclass: String?,
                                          _ build: (NativeClassBuilder<BridgeObject>) -> Void) {
        name = Value.className
        superclassName = superclass
        swiftType = nil
        valueClass = ValueClass(type: ObjectIdentifier(Value.self)) { call, position in try Value.read(from: call, at: position) }
        allocate = nil
        isExtension = false
        build(NativeClassBuilder(description: self))
    }

    /// Whether instances of this class can be made by scripts.
    public var isInstantiable: Bool { allocate != nil }

    /// Whether this describes more members of an existing class rather than a class.
    public let isExtension: Bool

    /// More members for the registered class `name`, whose instances are `Object`s: how a
    /// higher layer adds to a lower one's class (text measuring to NSString, say).
    public init<Object: BridgeObject>(extending name: String, type: Object.Type,
                                      _ build: (NativeClassBuilder<Object>) -> Void) {
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

/// Adds members to a `NativeClass`. Parameter and result types come from the closures' Swift
/// types, so the description cannot disagree with the implementation.
public struct NativeClassBuilder<Object: BridgeObject> {
    @usableFromInline let description: NativeClass

    @usableFromInline var className: String { description.name }

    /// An instance method returning a value.
    @inlinable
    public func method<each A: ScriptConvertible, R: ScriptConvertible>(
        _ name: String, overridable: Bool = false, _ body: @escaping (Object, repeat each A) throws -> R
    ) {
        let parameters = Self.types(repeat (each A).self)
        let signature = Signature(className: className, method: name, parameters: parameters)
        description.add(method: MethodDescription(
            name: name, parameters: parameters, result: R.scriptType, overridable: overridable
        ) { call in
            let object = try call.receiver(Object.self, signature)
            let arguments = try ArgumentCursor(call: call, signature: signature)
            let result = try body(object, repeat try arguments.next((each A).self))
            try result.push(to: call)
            return 1
        })
    }

    /// An instance method with no result.
    @inlinable
    public func method<each A: ScriptConvertible>(
        _ name: String, overridable: Bool = false, _ body: @escaping (Object, repeat each A) throws -> Void
    ) {
        let parameters = Self.types(repeat (each A).self)
        let signature = Signature(className: className, method: name, parameters: parameters)
        description.add(method: MethodDescription(
            name: name, parameters: parameters, result: .void, overridable: overridable
        ) { call in
            let object = try call.receiver(Object.self, signature)
            let arguments = try ArgumentCursor(call: call, signature: signature)
            try body(object, repeat try arguments.next((each A).self))
            return 0
        })
    }

    /// A class method (`UIColor:colorWithWhite_alpha(w, a)`).
    @inlinable
    public func classMethod<each A: ScriptConvertible, R: ScriptConvertible>(
        _ name: String, _ body: @escaping (repeat each A) throws -> R
    ) {
        let parameters = Self.types(repeat (each A).self)
        let signature = Signature(className: className, method: name, parameters: parameters)
        description.add(classMethod: MethodDescription(
            name: name, parameters: parameters, result: R.scriptType, overridable: false
        ) { call in
            try call.classReceiver(signature)
            let arguments = try ArgumentCursor(call: call, signature: signature)
            try body(repeat try arguments.next((each A).self)).push(to: call)
            return 1
        })
    }

    /// A class method with no result.
    @inlinable
    public func classMethod<each A: ScriptConvertible>(_ name: String, _ body: @escaping (repeat each A) throws -> Void) {
        let parameters = Self.types(repeat (each A).self)
        let signature = Signature(className: className, method: name, parameters: parameters)
        description.add(classMethod: MethodDescription(
            name: name, parameters: parameters, result: .void, overridable: false
        ) { call in
            try call.classReceiver(signature)
            let arguments = try ArgumentCursor(call: call, signature: signature)
            try body(repeat try arguments.next((each A).self))
            return 0
        })
    }

    /// A property with a getter, and a setter unless it is read-only.
    @inlinable
    public func property<V: ScriptConvertible>(
        _ name: String, get: @escaping (Object) throws -> V, set: ((Object, V) throws -> Void)? = nil
    ) {
        let getter = Signature(className: className, method: name, parameters: [],
                               isProperty: true)
        let setter = Signature(className: className, method: name, parameters: [V.scriptType], isProperty: true)
        description.add(property: PropertyDescription(
            name: name, type: V.scriptType,
            read: { call in
                try call.withReceiver(Object.self, getter) { try get($0).push(to: call) }
                return 1
            },
            write: set.map { set in
                { call in
                    let object = try call.receiver(Object.self, setter)
                    try set(object, try ArgumentCursor(call: call, signature: setter).next(V.self))
                    return 0
                }
            }))
    }

    /// A read-only class property (`UIColor.whiteColor`, `UIScreen.mainScreen`).
    @inlinable
    public func classProperty<V: ScriptConvertible>(_ name: String, get: @escaping () throws -> V) {
        let signature = Signature(className: className, method: name, parameters: [],
                                  isProperty: true)
        description.add(classProperty: PropertyDescription(
            name: name, type: V.scriptType,
            read: { call in
                try call.classReceiver(signature)
                try get().push(to: call)
                return 1
            }, write: nil))
    }

    /// Protocols the class adopts: script subclasses get their optional methods called.
    public func adopts(_ protocols: String...) {
        description.protocols += protocols
    }

    /// An enum that hangs off the class and lives in binding module `module`.
    public func enumeration(_ name: String, module: String, _ members: [(String, Int)]) {
        description.enums.append(EnumDescription(name, module: module, members))
    }

    /// A metamethod of the instances (`__len`, `__call`, `__eq`, `__tostring`, `__index`).
    public func metamethod(_ name: String, _ body: @escaping NativeMemberBody) {
        description.metamethods.append((name, body))
    }

    @usableFromInline
    static func types<each A: ScriptConvertible>(_ types: repeat (each A).Type) -> [ScriptType] {
        var result: [ScriptType] = []
        for type in repeat each types { result.append(type.scriptType) }
        return result
    }
}

extension NativeClassBuilder {
    /// A method whose receiver is a script value rather than an object (NSString's methods on
    /// Lua strings).
    @inlinable
    public func valueMethod<Receiver: ScriptConvertible, each A: ScriptConvertible, R: ScriptConvertible>(
        _ name: String, receiver: Receiver.Type, _ body: @escaping (Receiver, repeat each A) throws -> R
    ) {
        let parameters = Self.types(repeat (each A).self)
        let signature = Signature(className: className, method: name, parameters: parameters)
        description.add(method: MethodDescription(
            name: name, parameters: parameters, result: R.scriptType, overridable: false
        ) { call in
            let receiver = try call.valueReceiver(Receiver.self, signature)
            let arguments = try ArgumentCursor(call: call, signature: signature)
            try body(receiver, repeat try arguments.next((each A).self)).push(to: call)
            return 1
        })
    }

    /// A method of a script value with no result.
    @inlinable
    public func valueMethod<Receiver: ScriptConvertible, each A: ScriptConvertible>(
        _ name: String, receiver: Receiver.Type, _ body: @escaping (Receiver, repeat each A) throws -> Void
    ) {
        let parameters = Self.types(repeat (each A).self)
        let signature = Signature(className: className, method: name, parameters: parameters)
        description.add(method: MethodDescription(
            name: name, parameters: parameters, result: .void, overridable: false
        ) { call in
            let receiver = try call.valueReceiver(Receiver.self, signature)
            let arguments = try ArgumentCursor(call: call, signature: signature)
            try body(receiver, repeat try arguments.next((each A).self))
            return 0
        })
    }

    /// A read-only property of a script value (`text.length`).
    @inlinable
    public func valueProperty<Receiver: ScriptConvertible, V: ScriptConvertible>(
        _ name: String, receiver: Receiver.Type, get: @escaping (Receiver) throws -> V
    ) {
        let signature = Signature(className: className, method: name, parameters: [],
                                  isProperty: true)
        description.add(property: PropertyDescription(name: name, type: V.scriptType, read: { call in
            try get(try call.valueReceiver(Receiver.self, signature)).push(to: call)
            return 1
        }, write: nil))
    }
}
