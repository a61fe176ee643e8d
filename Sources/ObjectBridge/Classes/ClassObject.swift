import LuaRuntime

/// A class scripts can see: a native class described by a `NativeClass`, or a script class made
/// with `createSubclass` / `class.createClass`. The same object for the life of the bridge, so
/// that a reloaded module that creates its class again updates it in place.
public final class ClassObject: ScriptConvertible, LuaNativeObject {
    public var luaSlot: Int32 = 0
    public let name: String
    public let superclass: ClassObject?
    /// The description of a native class; nil for script classes.
    public let native: NativeClass?
    /// The nearest native class: the one whose objects script instances are.
    public let nativeBase: NativeClass
    let tables: LuaClassTables
    let instanceType: LuaObjectType
    /// Values scripts store on the class itself (`Class.constant = 3`).
    let fields: LuaTable
    /// The class userdata scripts hold.
    var value: LuaValue = .nil
    var classMethodsProxy: LuaValue?
    /// The C dispatch `__index`, kept when a class replaces it (NSArray reads integer keys).
    var defaultIndex: LuaFunction?

    /// Protocols the script declared with `declareProtocol` / `publishObjcProtocols`.
    public internal(set) var declaredProtocols: Set<String> = [] {
        didSet { MethodLookupCache.invalidateAll() }
    }
    /// Methods native code may call as target/action.
    public internal(set) var actionMethods: Set<String> = []
    /// Lua functions defined on this class for instances, by name.
    public internal(set) var scriptMethods: [String: LuaFunction] = [:] {
        didSet { MethodLookupCache.invalidateAll() }
    }
    public internal(set) var scriptClassMethods: [String: LuaFunction] = [:]
    /// Properties defined by scripts with `property()` or `declareSetters` / `declareGetters`.
    public internal(set) var scriptProperties: Set<String> = []
    var warnedMethods: Set<String> = []
    var initializers: [String: LuaFunction] = [:]
    var lookups = MethodLookupCache()

    init(
        name: String, superclass: ClassObject?, native: NativeClass?, nativeBase: NativeClass,
        tables: LuaClassTables, instanceType: LuaObjectType, fields: LuaTable
    ) {
        self.name = name
        self.superclass = superclass
        self.native = native
        self.nativeBase = nativeBase
        self.tables = tables
        self.instanceType = instanceType
        self.fields = fields
    }

    public var isScriptClass: Bool { native == nil }
    /// Whether scripts changed this native class (`class.extendClass`, or a method defined on it).
    public internal(set) var isExtended = false

    /// This class and its superclasses, nearest first.
    public var lineage: some Sequence<ClassObject> {
        sequence(first: self) { $0.superclass }
    }

    public func isSubclass(of other: ClassObject) -> Bool {
        lineage.contains { $0 === other }
    }

    public func isSubclass(ofClassNamed name: String) -> Bool {
        lineage.contains { $0.name == name }
    }

    /// Whether native code may call the optional methods of `protocolName` on instances: this
    /// class or a superclass declared or adopts it, or one of `protocolName`'s `descendants`.
    public func conforms(to protocolName: String, descendants: Set<String> = []) -> Bool {
        // Asked on every delegate call: no sets built.
        func names(_ name: String) -> Bool { name == protocolName || descendants.contains(name) }
        return lineage.contains { cls in
            cls.declaredProtocols.contains(where: names) || (cls.native?.protocols.contains(where: names) ?? false)
        }
    }

    /// The script implementation of an instance method that native code should call instead of
    /// its own: found on script classes up to the first native class.
    public func scriptMethod(named name: String) -> LuaFunction? {
        if case .known(let function) = lookups.answer(name, protocolName: nil) { return function }
        let function = findScriptMethod(named: name)
        lookups.store(function, for: name, protocolName: nil)
        return function
    }

    private func findScriptMethod(named name: String) -> LuaFunction? {
        for cls in lineage {
            if let method = cls.scriptMethods[name] { return method }
            if !cls.isScriptClass { return nil }
        }
        return nil
    }

    /// The enum `name` declared by this class or a superclass.
    func enumeration(named name: String) -> EnumDescription? {
        for cls in lineage {
            if let found = cls.native?.enums.first(where: {
                $0.name == name || $0.aliases.contains(name) || $0.swiftName == name
            }) {
                return found
            }
        }
        return nil
    }

    /// Every name the enums of this class and its superclasses answer to.
    var enumerationNames: [String] {
        lineage.flatMap { $0.native?.enums ?? [] }.flatMap { [$0.name] + $0.aliases + [$0.swiftName].compactMap { $0 } }
    }

    /// The properties instances have (native ones and those scripts declared), the nearest
    /// class's first, each once: what a debugger shows of an object.
    public var propertyNames: [String] {
        var seen: Set<String> = []
        var names: [String] = []
        for cls in lineage {
            for name in cls.scriptProperties.sorted() + (cls.native?.properties.map(\.name) ?? [])
            where seen.insert(name).inserted {
                names.append(name)
            }
        }
        return names
    }

    /// Every method and property name scripts can use on instances (for suggestions).
    var instanceMemberNames: [String] {
        var names: [String] = []
        for cls in lineage {
            names += cls.scriptMethods.keys
            names += cls.scriptProperties
            guard let native = cls.native else { continue }
            names += native.methods.map(\.name)
            for property in native.properties { names += [property.name, property.setterName] }
        }
        return names
    }

    /// Every class-level name scripts can use (for suggestions).
    var classMemberNames: [String] {
        var names: [String] = []
        for cls in lineage {
            names += cls.scriptClassMethods.keys
            guard let native = cls.native else { continue }
            names += native.classMethods.map(\.name)
            names += native.classProperties.map(\.name)
            names += native.enums.map(\.name)
            for method in native.methods where method.name.hasPrefix("init") {
                names.append("new" + method.name.dropFirst(4))
            }
        }
        return names
    }

    // MARK: ScriptConvertible

    public static var scriptType: ScriptType { .classValue }

    public static func read(from call: BridgeCall, at position: Int32) throws -> ClassObject {
        guard let cls = call.frame.object(position, as: ClassObject.self) else {
            throw call.mismatch(.classValue, at: position)
        }
        return cls
    }

    public func push(to call: BridgeCall) throws { try call.frame.push(value) }
}
