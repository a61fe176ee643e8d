import LuaRuntime

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
        add(
            name, parameters: Self.types(repeat (each A).self), result: R.scriptType, overridable: overridable,
            to: .instances
        ) { signature in
            return { call in
                let object = try call.receiver(Object.self, signature)
                var arguments = try ArgumentCursor(call: call, signature: signature)
                let result = try body(object, repeat try arguments.next((each A).self))
                try result.push(to: call)
                return 1
            }
        }
    }

    /// An instance method with two results: how an Objective-C out-parameter reaches scripts
    /// (`attributesAtIndex_effectiveRange` returns the attributes, then the range).
    @inlinable
    public func method<each A: ScriptConvertible, R1: ScriptConvertible, R2: ScriptConvertible>(
        _ name: String, overridable: Bool = false, _ body: @escaping (Object, repeat each A) throws -> (R1, R2)
    ) {
        add(
            name, parameters: Self.types(repeat (each A).self), result: R1.scriptType, overridable: overridable,
            to: .instances
        ) { signature in
            return { call in
                let object = try call.receiver(Object.self, signature)
                var arguments = try ArgumentCursor(call: call, signature: signature)
                let (first, second) = try body(object, repeat try arguments.next((each A).self))
                try first.push(to: call)
                try second.push(to: call)
                return 2
            }
        }
    }

    /// An instance method with no result.
    @inlinable
    public func method<each A: ScriptConvertible>(
        _ name: String, overridable: Bool = false, _ body: @escaping (Object, repeat each A) throws -> Void
    ) {
        add(name, parameters: Self.types(repeat (each A).self), result: .void, overridable: overridable, to: .instances)
        { signature in
            return { call in
                let object = try call.receiver(Object.self, signature)
                var arguments = try ArgumentCursor(call: call, signature: signature)
                try body(object, repeat try arguments.next((each A).self))
                return 0
            }
        }
    }

    /// A class method (`UIColor:colorWithWhite_alpha(w, a)`).
    @inlinable
    public func classMethod<each A: ScriptConvertible, R: ScriptConvertible>(
        _ name: String, _ body: @escaping (repeat each A) throws -> R
    ) {
        add(name, parameters: Self.types(repeat (each A).self), result: R.scriptType, to: .classes) { signature in
            return { call in
                try call.classReceiver(signature)
                var arguments = try ArgumentCursor(call: call, signature: signature)
                try body(repeat try arguments.next((each A).self)).push(to: call)
                return 1
            }
        }
    }

    /// A class method that also gets where the script called it from (`file:line`, nil when
    /// native code called it), for objects that report where they were made.
    @inlinable
    public func classMethod<each A: ScriptConvertible, R: ScriptConvertible>(
        _ name: String, locating body: @escaping (String?, repeat each A) throws -> R
    ) {
        add(name, parameters: Self.types(repeat (each A).self), result: R.scriptType, to: .classes) { signature in
            return { call in
                try call.classReceiver(signature)
                var arguments = try ArgumentCursor(call: call, signature: signature)
                let site = call.frame.callerLocation().map { "\($0.source):\($0.line)" }
                try body(site, repeat try arguments.next((each A).self)).push(to: call)
                return 1
            }
        }
    }

    /// A class method that makes an instance (`+layoutAttributesForCellWithIndexPath:`): called
    /// on a script subclass, it gives an instance of that subclass (its script `init` run), as
    /// an Objective-C factory's `[[self alloc] init]` does.
    @inlinable
    public func factoryMethod<each A: ScriptConvertible>(
        _ name: String, _ body: @escaping (repeat each A) throws -> Object
    ) {
        add(name, parameters: Self.types(repeat (each A).self), result: Object.scriptType, to: .classes) { signature in
            return { call in
                let receiver = try call.classReceiver(signature)
                var arguments = try ArgumentCursor(call: call, signature: signature)
                let made = try body(repeat try arguments.next((each A).self))
                try call.bridge.adoptFactoryClass(receiver, for: made)
                try made.push(to: call)
                return 1
            }
        }
    }

    /// A class method that needs its receiver: the class it was called on (a subclass's, when
    /// a subclass inherits it), then its arguments.
    @inlinable
    public func classMethod<each A: ScriptConvertible, R: ScriptConvertible>(
        _ name: String, receivingClass body: @escaping (ClassObject, repeat each A) throws -> R
    ) {
        add(name, parameters: Self.types(repeat (each A).self), result: R.scriptType, to: .classes) { signature in
            return { call in
                let receiver = try call.classReceiver(signature)
                var arguments = try ArgumentCursor(call: call, signature: signature)
                try body(receiver, repeat try arguments.next((each A).self)).push(to: call)
                return 1
            }
        }
    }

    /// A class method with no result.
    @inlinable
    public func classMethod<each A: ScriptConvertible>(_ name: String, _ body: @escaping (repeat each A) throws -> Void)
    {
        add(name, parameters: Self.types(repeat (each A).self), result: .void, to: .classes) { signature in
            return { call in
                try call.classReceiver(signature)
                var arguments = try ArgumentCursor(call: call, signature: signature)
                try body(repeat try arguments.next((each A).self))
                return 0
            }
        }
    }

    /// A property that reads the stored property `field` (a number, a whole number or a
    /// Boolean), with a setter unless it is read-only. When `field` is a plain stored field
    /// (`final`, without observers: see `NativeObjectField.init(_:)`), `obj.name` reads it
    /// from the object's memory without entering Swift; otherwise through the key path.
    public func property<V: ScriptConvertible>(
        _ name: String, stored field: KeyPath<Object, V>, set: ((Object, V) throws -> Void)? = nil
    ) {
        let objectField = NativeObjectField(field)
        addProperty(name, get: { $0[keyPath: field] }, set: set, objectField: { _ in objectField })
    }

    /// A property whose value is the number or Boolean in the stored property `field`
    /// (`alpha`): `obj.name` reads it from the object's memory without entering Swift, also when
    /// the property has observers or a private setter, which only writes run. `get` reads it
    /// on a finalized object. The field must be `final`, of type `V`.
    public func property<V: ScriptConvertible>(
        _ name: String, storedIn field: String, get: @escaping (Object) throws -> V,
        set: ((Object, V) throws -> Void)? = nil
    ) {
        let found = NativeObjectField(plain: field, of: Object.self, as: V.self)
        addProperty(name, get: get, set: set, objectField: Self.expected(found, name, field))
    }

    /// A property whose value is the struct of numbers in the stored property `field`
    /// (`bounds`), read the same way: `obj.name` makes its record from the object's memory.
    public func property<V: ScriptStruct>(
        _ name: String, storedIn field: String, get: @escaping (Object) throws -> V,
        set: ((Object, V) throws -> Void)? = nil
    ) {
        addProperty(name, get: get, set: set) { keys in
            let found = V.recordShape(in: keys).flatMap {
                NativeObjectField(record: field, of: Object.self, as: V.self, shape: $0)
            }
            return try Self.expected(found, name, field)(keys)
        }
    }

    /// A property whose value is the native object in the stored property `field`, a strong or
    /// `unowned(unsafe)` reference (not a weak one, which is not a pointer), or nil: `obj.name`
    /// pushes the userdata Lua has for it without entering Swift; `get` answers when it has
    /// none yet, and on a finalized object. The field must be `final`.
    public func property<V: BridgeObject>(
        _ name: String, referenceIn field: String, get: @escaping (Object) throws -> V?,
        set: ((Object, V?) throws -> Void)? = nil
    ) {
        let found = NativeObjectField(reference: field, of: Object.self, to: V.self)
        addProperty(name, get: get, set: set, objectField: Self.expected(found, name, field))
    }

    /// A property whose value is the native object in the stored property `field`, which is
    /// never nil (`layer`), read as `property(_:referenceIn:get:set:)` reads an optional one.
    public func property<V: BridgeObject>(
        _ name: String, referenceIn field: String, get: @escaping (Object) throws -> V,
        set: ((Object, V) throws -> Void)? = nil
    ) {
        let found = NativeObjectField(reference: field, of: Object.self, to: V.self)
        addProperty(name, get: get, set: set, objectField: Self.expected(found, name, field))
    }

    /// A field named that is not there is a mistake in the class's description, not in a
    /// script: the property would still work, through its getter, so only debug builds (the
    /// tests, which describe every class) stop at it.
    static func expected(_ found: NativeObjectField?, _ name: String, _ field: String) -> StoredField {
        assert(found != nil, "\(Object.self).\(name): no stored field '\(field)' of its type")
        return { _ in found }
    }

    /// A property with a getter, and a setter unless it is read-only.
    @inlinable
    public func property<V: ScriptConvertible>(
        _ name: String, get: @escaping (Object) throws -> V, set: ((Object, V) throws -> Void)? = nil
    ) {
        addProperty(name, get: get, set: set, objectField: nil)
    }

    @inlinable
    func addProperty<V: ScriptConvertible>(
        _ name: String, get: @escaping (Object) throws -> V, set: ((Object, V) throws -> Void)?,
        objectField: StoredField?
    ) {
        let getter = Signature(
            className: className, method: name, parameters: [],
            isProperty: true)
        let setter = Signature(className: className, method: name, parameters: [V.scriptType], isProperty: true)
        description.add(
            property: PropertyDescription(
                name: name, type: V.scriptType,
                read: { call in
                    try call.withReceiver(Object.self, getter) { try get($0).push(to: call) }
                    return 1
                },
                write: set.map { set in
                    { call in
                        let object = try call.receiver(Object.self, setter)
                        var value = try ArgumentCursor(call: call, signature: setter)
                        try set(object, try value.next(V.self))
                        return 0
                    }
                }, objectField: objectField))
    }

    /// A read-only class property (`UIColor.whiteColor`, `UIScreen.mainScreen`).
    @inlinable
    public func classProperty<V: ScriptConvertible>(_ name: String, get: @escaping () throws -> V) {
        let signature = Signature(
            className: className, method: name, parameters: [],
            isProperty: true)
        description.add(
            classProperty: PropertyDescription(
                name: name, type: V.scriptType,
                read: { call in
                    try call.classReceiver(signature)
                    try get().push(to: call)
                    return 1
                }, write: nil))
    }

    /// The SDK header that declares the class, when it is not the class's own
    /// (`NSDateComponents` in `NSCalendar.h`): its binding module is that header's.
    public func declared(inHeader header: String) {
        description.declaringHeader = header
    }

    /// Protocols the class adopts: script subclasses get their optional methods called.
    public func adopts(_ protocols: String...) {
        description.protocols += protocols
    }

    /// An enum that hangs off the class and lives in binding module `module`.
    public func enumeration(_ name: String, module: String, aliases: [String] = [], _ members: [(String, Int)]) {
        description.enums.append(EnumDescription(name, module: module, aliases: aliases, members))
    }

    /// The enum of C type `cType`, whose constants begin with `constants`, under CodeFlow's
    /// name (`EnumDescription.codeFlowName`), hanging off the class and in binding module
    /// `module`; `aliases` are other names it answers to. On the class it also answers to
    /// Swift's name, when the C type's name begins with the class's.
    public func enumeration(
        cType: String, constants: String, module: String, aliases: [String] = [], _ members: [(String, Int)]
    ) {
        var made = EnumDescription(cType: cType, constants: constants, module: module, aliases: aliases, members)
        if cType.hasPrefix(className), cType.count > className.count {
            made.swiftName = String(cType.dropFirst(className.count))
        }
        description.enums.append(made)
    }

    /// A metamethod of the instances (`__len`, `__call`, `__eq`, `__tostring`, `__index`).
    public func metamethod(_ name: String, _ body: @escaping NativeMemberBody) {
        description.metamethods.append((name, body))
    }

    /// Where a method is found: on the instances, or on the class.
    @usableFromInline enum Placement { case instances, classes }

    /// Describes a method: `implementation` gets its signature (which its errors name) and
    /// gives the body Lua calls, so that a call goes through no other closure.
    @inlinable
    func add(
        _ name: String, parameters: [ScriptType], result: ScriptType, overridable: Bool = false,
        to placement: Placement, _ implementation: (Signature) -> NativeMemberBody
    ) {
        let signature = Signature(className: className, method: name, parameters: parameters)
        let method = MethodDescription(
            name: name, parameters: parameters, result: result, overridable: overridable,
            body: implementation(signature))
        switch placement {
        case .instances: description.add(method: method)
        case .classes: description.add(classMethod: method)
        }
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
        add(name, parameters: Self.types(repeat (each A).self), result: R.scriptType, to: .instances) { signature in
            return { call in
                let receiver = try call.valueReceiver(Receiver.self, signature)
                var arguments = try ArgumentCursor(call: call, signature: signature)
                try body(receiver, repeat try arguments.next((each A).self)).push(to: call)
                return 1
            }
        }
    }

    /// A method of a script value with no result.
    @inlinable
    public func valueMethod<Receiver: ScriptConvertible, each A: ScriptConvertible>(
        _ name: String, receiver: Receiver.Type, _ body: @escaping (Receiver, repeat each A) throws -> Void
    ) {
        add(name, parameters: Self.types(repeat (each A).self), result: .void, to: .instances) { signature in
            return { call in
                let receiver = try call.valueReceiver(Receiver.self, signature)
                var arguments = try ArgumentCursor(call: call, signature: signature)
                try body(receiver, repeat try arguments.next((each A).self))
                return 0
            }
        }
    }

    /// A class method of a value class that makes a value from whole numbers from 0, one per
    /// field of `fields` in order (`NSIndexPath:indexPathForItem_inSection(i, s)`): made by the
    /// bridge directly; `body` runs for anything else, and says what is wrong.
    public func valueConstructor<Value: ScriptValueObject>(
        _ name: String, fields: [KeyPath<Value, Int>],
        _ body: @escaping (Int, Int) throws -> Value
    ) {
        classMethod(name, body)
        let offsets = fields.compactMap { MemoryLayout<Value>.offset(of: $0) }
        guard offsets.count == fields.count, var method = description.classMethods.popLast() else { return }
        method.valueLayout = (MemoryLayout<Value>.size, offsets)
        description.add(classMethod: method)
    }

    /// A read-only integer field of a value class's values (`indexPath.item`), read straight
    /// from the value's bytes; `field` must be a stored property of `Receiver`.
    public func valueField<Receiver: ScriptValueObject>(
        _ name: String, receiver: Receiver.Type,
        _ field: KeyPath<Receiver, Int>
    ) {
        let signature = Signature(className: className, method: name, parameters: [], isProperty: true)
        description.add(
            property: PropertyDescription(
                name: name, type: .integer,
                read: { call in
                    try call.valueReceiver(Receiver.self, signature)[keyPath: field].push(to: call)
                    return 1
                }, write: nil, valueField: MemoryLayout<Receiver>.offset(of: field)))
    }

    /// A read-only property of a script value (`text.length`).
    @inlinable
    public func valueProperty<Receiver: ScriptConvertible, V: ScriptConvertible>(
        _ name: String, receiver: Receiver.Type, get: @escaping (Receiver) throws -> V
    ) {
        let signature = Signature(
            className: className, method: name, parameters: [],
            isProperty: true)
        description.add(
            property: PropertyDescription(
                name: name, type: V.scriptType,
                read: { call in
                    try get(try call.valueReceiver(Receiver.self, signature)).push(to: call)
                    return 1
                }, write: nil))
    }
}
