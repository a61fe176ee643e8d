import Logging
import LuaRuntime

/// Native classes and script classes over one Lua state: the `objc`, `class`, `struct`,
/// `property` and `message` globals, the SDK binding modules, and dispatch in both directions.
///
/// The bridge owns its `LuaState` and, like it, belongs to one thread.
public final class ObjectBridge {
    public let state: LuaState
    /// The record shapes and keys of the registered structs.
    public let structKeys: StructKeys
    /// Every class, native and script, by name.
    public private(set) var classes: [String: ClassObject] = [:]
    /// Native class descriptions in registration order (superclasses first).
    public private(set) var nativeClasses: [NativeClass] = []
    public private(set) var protocols: [String: ProtocolDescription] = [:]
    /// The protocols inheriting each protocol, worked out when first needed.
    var protocolDescendants: [String: Set<String>] = [:]
    public private(set) var modules: [String: BindingModule] = [:]
    /// Every struct type `struct.Name(...)` builds: Foundation's and the ones registered.
    let scriptStructs: [any ScriptStruct.Type]
    private var classesByType: [ObjectIdentifier: ClassObject] = [:]
    /// What the objects this bridge pushed, and other holders, keep to find it.
    public let link = BridgeLink()
    /// The ids of the Lua types of value classes, with the Swift type of their values (ids, not
    /// the types: copying a type would retain its metatable on every push). A few entries,
    /// searched in order: cheaper than hashing on every push.
    var valueTypes: [(swiftType: ObjectIdentifier, id: Int32)] = []
    /// Value classes by their Lua type's id.
    var valueClasses: [Int32: (cls: ClassObject, kind: ValueClass)] = [:]
    let classType: LuaObjectType
    let classMethodsType: LuaObjectType
    let propertyMarkerType: LuaObjectType
    var prelude: Prelude!
    var enumTables: [String: LuaTable] = [:]
    var moduleTables: [String: LuaTable] = [:]
    /// Each struct's methods table, by struct name.
    var structTypes: [String: StructType] = [:]
    /// Methods scripts added to struct types: struct name -> method name -> function.
    var scriptStructMethods: [String: [String: LuaFunction]] = [:]
    /// What structs add to the binding modules of their headers, by module name.
    var structModuleMembers: [String: [(name: String, member: BindingModule.Member)]] = [:]
    /// Every struct type scripts have, in registration order (for tools).
    public internal(set) var structDescriptions: [StructDescription] = []
    var builtins: [String: LuaFunction] = [:]
    /// The last class-level lookup that found nothing (for "did you mean" messages).
    var lastClassMiss: (cls: ClassObject, key: String)?
    /// The fields ("Class.name") already reported as likely misspelled properties.
    var reportedMisspellings: Set<String> = []
    /// Receives warnings and message-handler errors.
    public var diagnostics: (BridgeDiagnostic) -> Void
    /// What each script module defined on classes, for reloading modules in place.
    var ledger = ModuleLedger()
    /// Why the last failed module run cannot be applied in place (a class's superclass
    /// changed); the host restarts the context when it is set.
    public internal(set) var restartReason: String?

    public static let logger = Logger(label: "rebound.bridge")

    /// A bridge with Foundation's classes (NSObject, NSString, NSArray, NSIndexPath) and
    /// structs (CGPoint, CGSize, CGRect, NSRange), and the `classes`, `protocols`, `modules`
    /// and `structs` later layers describe.
    public init(
        options: LuaState.Options = .init(), classes: [NativeClass] = [],
        protocols: [ProtocolDescription] = [], modules: [BindingModule] = [], structs: [any ScriptStruct.Type] = [],
        diagnostics: @escaping (BridgeDiagnostic) -> Void = { ObjectBridge.logger.warning("\($0)") }
    ) throws {
        state = try LuaState(options: options)
        self.diagnostics = diagnostics
        scriptStructs = foundationStructs + structs
        structKeys = try StructKeys(state, registering: scriptStructs)
        classType = try state.makeObjectType(named: "class")
        classMethodsType = try state.makeObjectType(named: "classMethod")
        propertyMarkerType = try state.makeObjectType(named: "property")
        link.bridge = self
        prelude = try Prelude(bridge: self)
        try installClassMetatables()
        try register(foundationClasses() + classes)
        for description in protocols { self.protocols[description.name] = description }
        for module in modules {
            let earlier = self.modules[module.name]
            self.modules[module.name] = BindingModule(
                module.name, (earlier?.members ?? []) + module.members, enums: (earlier?.enums ?? []) + module.enums)
        }
        try installGlobals()
        try installStringMethods()
        try installModules()
    }

    deinit {
        link.bridge = nil
        state.close()
    }

    /// A Lua function running `body` with a `BridgeCall`.
    func function(named name: String, _ body: @escaping NativeMemberBody) throws -> LuaFunction {
        try state.makeFunction(named: name) { [unowned(unsafe) self] frame in
            try body(BridgeCall(frame: frame, bridge: self))
        }
    }

    /// Hands a warning or an error to `diagnostics`.
    public func report(_ severity: BridgeDiagnostic.Severity, _ message: String) {
        diagnostics(BridgeDiagnostic(severity: severity, message: message, scriptError: nil, inHandler: false))
    }

    /// Hands an error that native code caught while it worked for scripts to `diagnostics`:
    /// `activity` says what was running ("UICollectionView's layoutSubviews"), and a script's
    /// error keeps its file, line and traceback. `inHandler`: a message handler failed and
    /// the others still ran.
    public func report(_ error: any Error, during activity: String, inHandler: Bool = false) {
        let scriptError = error as? LuaError ?? LuaError(kind: .runtime, message: String(describing: error))
        diagnostics(
            BridgeDiagnostic(severity: .error, message: activity, scriptError: scriptError, inHandler: inHandler))
    }

    // MARK: Registering native classes

    /// Adds native classes; each superclass must be registered already or come earlier in
    /// `descriptions`.
    public func register(_ descriptions: [NativeClass]) throws {
        var pending = descriptions
        while !pending.isEmpty {
            let ready = pending.filter { $0.prerequisite.map { classes[$0] != nil } ?? true }
            guard !ready.isEmpty else {
                let missing = pending.map { "\($0.name) (needs \($0.prerequisite ?? "-"))" }
                throw BridgeError(
                    "cannot register classes whose superclass is unknown: \(missing.joined(separator: ", "))")
            }
            for description in ready { try register(description) }
            pending.removeAll { candidate in ready.contains { $0 === candidate } }
        }
    }

    private func register(_ description: NativeClass) throws {
        if description.isExtension {
            guard let cls = classes[description.name], let native = cls.native else {
                throw BridgeError("cannot extend \(description.name): it is not a registered native class")
            }
            try installMembers(of: description, into: cls)
            native.absorb(description)
            return
        }
        guard classes[description.name] == nil else {
            throw BridgeError("class \(description.name) is registered twice")
        }
        let superclass = description.superclassName.flatMap { classes[$0] }
        let cls = try makeClass(
            name: description.name, superclass: superclass, native: description,
            nativeBase: description, tables: try makeTables(),
            holdsValues: description.valueClass != nil)
        // Read before the members: a class's own `__index` metamethod falls back to this one.
        cls.defaultIndex = try cls.instanceType.metatable.get("__index").functionValue
        try installMembers(of: description, into: cls)
        if let swiftType = description.swiftType { classesByType[ObjectIdentifier(swiftType)] = cls }
        if let kind = description.valueClass {
            valueTypes.append((kind.type, cls.instanceType.id))
            valueClasses[cls.instanceType.id] = (cls, kind)
        }
        nativeClasses.append(description)
    }

    private func installMembers(of description: NativeClass, into cls: ClassObject) throws {
        let (name, tables) = (cls.name, cls.tables)
        for method in description.methods {
            try tables.setMethod(method.name, .function(function(named: "\(name):\(method.name)", method.body)))
        }
        for property in description.properties {
            let getter = try function(named: "\(name).\(property.name)", property.read)
            let setter = try property.write.map { try function(named: "\(name).\(property.name)", $0) }
            let entry = try state.makePropertyEntry(
                getter: getter, setter: setter, nativeGetter: property.valueField == nil,
                valueField: property.valueField, objectField: try property.objectField?(structKeys))
            try tables.setProperty(property.name, .table(entry))
        }
        try installSetterProperties(of: description, into: cls)
        for method in description.classMethods {
            var made = try function(named: "\(name):\(method.name)", method.body)
            if let layout = method.valueLayout {
                made = try state.makeValueConstructor(
                    typeID: cls.instanceType.id, size: layout.size, offsets: layout.offsets,
                    method: made, classValue: cls.value)
            }
            try tables.setClassMethod(method.name, .function(made))
        }
        for property in description.classProperties {
            let getter = try function(named: "\(name).\(property.name)", property.read)
            try tables.setClassMethod(property.name, .table(makeEntry(getter, nil)))
        }
        for (metamethod, body) in description.metamethods {
            try cls.instanceType.metatable.set(metamethod, .function(function(named: "\(name) \(metamethod)", body)))
        }
    }

    /// CodeFlow's assignment spelling of a one-argument setter method that names no property
    /// of the class or its superclasses: `text.attributedString = other` calls
    /// `setAttributedString(other)`. Such a property has no getter, as in Objective-C.
    private func installSetterProperties(of description: NativeClass, into cls: ClassObject) throws {
        let named = Set(cls.lineage.compactMap(\.native).flatMap { $0.properties.map(\.name) + $0.methods.map(\.name) })
        for method in description.methods where method.parameters.count == 1 {
            guard let property = Self.propertyName(setBy: method.name), !named.contains(property),
                case .function(let setter) = try cls.tables.method(method.name)
            else { continue }
            let (className, setterName) = (cls.name, method.name)
            let getter = try function(named: "\(className).\(property)") { _ in
                throw BridgeError("\(className).\(property) has no getter: it is set with \(setterName)")
            }
            try cls.tables.setProperty(property, .table(makeEntry(getter, setter)))
        }
    }

    /// `title` for `setTitle`, `URL` for `setURL`: nil for a name that is not a setter's.
    private static func propertyName(setBy method: String) -> String? {
        let rest = method.dropFirst(3)
        guard method.hasPrefix("set"), !method.contains("_"), let first = rest.first, first.isUppercase else {
            return nil
        }
        if rest.dropFirst().first?.isUppercase == true { return String(rest) }  // an acronym keeps its case
        return first.lowercased() + rest.dropFirst()
    }

    func makeTables() throws -> LuaClassTables {
        try LuaClassTables(in: state)
    }

    /// A property entry `{getter, setter}` for getters a script gave (called with the object alone).
    func makeEntry(_ getter: LuaFunction, _ setter: LuaFunction?) throws -> LuaTable {
        try state.makePropertyEntry(getter: getter, setter: setter)
    }

    func makeClass(
        name: String, superclass: ClassObject?, native: NativeClass?, nativeBase: NativeClass,
        tables: LuaClassTables, holdsValues: Bool = false
    ) throws -> ClassObject {
        let instanceType = try state.makeInstanceType(named: name, tables: tables, holdsValues: holdsValues)
        let cls = ClassObject(
            name: name, superclass: superclass, native: native, nativeBase: nativeBase,
            tables: tables, instanceType: instanceType,
            fields: try state.makeTable())
        cls.value = try state.value(for: cls, type: classType)
        try state.linkClass(cls.value, named: name, tables: tables, superclass: superclass?.tables, fields: cls.fields)
        classes[name] = cls
        return cls
    }

    /// Takes a class a failed module run created out of the registry again.
    func forgetClass(named name: String) {
        classes[name] = nil
    }

    // MARK: Objects

    /// The class an object shows scripts: its script class, or the registered class of its
    /// Swift type (or of the nearest Swift superclass that is registered).
    public func classObject(for object: BridgeObject) throws -> ClassObject {
        if let cls = object.scriptClass { return cls }
        var type: AnyClass? = Swift.type(of: object)
        while let current = type {
            if let cls = classesByType[ObjectIdentifier(current)] {
                if current != Swift.type(of: object) { classesByType[ObjectIdentifier(Swift.type(of: object))] = cls }
                return cls
            }
            type = _getSuperclass(current)
        }
        throw BridgeError("\(Swift.type(of: object)) is not a registered native class")
    }

    /// The script name of a registered Swift type.
    func className(of type: BridgeObject.Type) -> String {
        var current: AnyClass? = type
        while let candidate = current {
            if let cls = classesByType[ObjectIdentifier(candidate)] { return cls.name }
            current = _getSuperclass(candidate)
        }
        return String(describing: type)
    }

    /// Pushes the one userdata of `object`. When it is new, the object learns its bridge and
    /// the native ownership edges it already has are mirrored into Lua.
    public func push(_ object: BridgeObject, in frame: LuaFrame) throws {
        if frame.pushExisting(object: object) { return }
        let cls = try classObject(for: object)
        guard try frame.push(object: object, type: cls.instanceType) else { return }
        object.link = link
        for (child, count) in object.ownedObjects.values {
            try mirror(owner: object, ownerClass: cls, child: child, delta: count, in: frame)
        }
    }

    /// Makes `copy` what a copy of `source` is to scripts: an instance of the same script class
    /// with the same script fields (shallowly, as a copied object's properties are).
    public func copyScriptState(from source: BridgeObject, to copy: BridgeObject) throws {
        guard let cls = source.scriptClass else { return }
        copy.scriptClass = cls
        guard state.hasValue(for: source) else { return }
        try state.withFrame { frame in
            try push(source, in: frame)
            try push(copy, in: frame)
            try frame.copyFields(from: frame.top - 1, to: frame.top)
        }
    }

    /// Gives `object`, made by a class factory called on `cls`, that class when it is a script
    /// class (as `[[self alloc] init]` in a factory makes an instance of the receiver), and runs
    /// the class's script `init`.
    public func adoptFactoryClass(_ cls: ClassObject, for object: BridgeObject) throws {
        guard cls.isScriptClass, object.scriptClass == nil else { return }
        object.scriptClass = cls
        if let initializer = scriptOverride("init", of: object) { try call(initializer, on: object) }
    }

    /// The Lua value of `object`.
    public func value(for object: BridgeObject) throws -> LuaValue {
        try state.withFrame { frame in
            try push(object, in: frame)
            return try frame.value(frame.top)
        }
    }

    /// Mirrors a change of `owner`'s native references: one less to `removed`, one more to
    /// `added`. A child that has no userdata yet gets one, so that whatever a script adds to
    /// it lives as long as its owner.
    func ownershipChanged(owner: BridgeObject, removed: BridgeObject?, added: BridgeObject?) {
        do {
            guard
                try state.replaceExistingOwnership(owner: owner, removing: removed, adding: added)
                    == .addedWithoutValue,
                let added
            else { return }
            try state.withFrame { frame in
                try mirror(owner: owner, ownerClass: try classObject(for: owner), child: added, delta: 1, in: frame)
            }
        } catch {
            report(.error, "could not record that \(owner) owns \(String(describing: added ?? removed)): \(error)")
        }
    }

    private func mirror(
        owner: BridgeObject, ownerClass: ClassObject, child: BridgeObject, delta: Int,
        in frame: LuaFrame
    ) throws {
        try push(child, in: frame)
        frame.pop()
        try state.adjustOwnership(
            owner: owner, ownerType: ownerClass.instanceType,
            child: child, childType: try classObject(for: child).instanceType, delta: delta)
    }

    /// Keeps `object`'s userdata (and with it its script fields and everything it owns) alive
    /// for as long as the returned anchor lives: what the host does for the objects it holds
    /// outside any bridged owner (the window). Whoever anchors owns the anchor.
    public func anchor(_ object: BridgeObject) throws -> ObjectAnchor {
        ObjectAnchor(object: object, value: try value(for: object))
    }
}
