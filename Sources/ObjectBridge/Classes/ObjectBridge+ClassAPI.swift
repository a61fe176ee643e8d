import LuaRuntime

extension ObjectBridge {
    // MARK: Class values

    func installClassMetatables() throws {
        let metatable = classType.metatable
        try metatable.set(
            "__index",
            .function(
                try state.makeClassIndex(
                    fallback: function(named: "class index") {
                        [unowned(unsafe) self] call in try self.classIndex(call)
                    })))
        try metatable.set(
            "__newindex",
            .function(
                function(named: "class newindex") { [unowned(unsafe) self] call in
                    let cls = try ClassObject.read(from: call, at: 1)
                    let name = try self.memberName(call, of: cls)
                    try self.define(name, on: cls, value: 3, call)
                    return 0
                }))
        try metatable.set(
            "__tostring",
            .function(
                function(named: "class tostring") { call in
                    try call.frame.push("class \(try ClassObject.read(from: call, at: 1).name)")
                    return 1
                }))
        let proxy = classMethodsType.metatable
        try proxy.set(
            "__index",
            .function(
                function(named: "classMethod index") { call in
                    guard let owner = call.frame.object(1, as: ClassMethodsProxy.self), call.frame.type(2) == .string
                    else { return 0 }
                    try call.frame.push(try owner.cls.tables.classMethod(try call.frame.string(2)))
                    return 1
                }))
        try proxy.set(
            "__newindex",
            .function(
                function(named: "classMethod newindex") { [unowned(unsafe) self] call in
                    guard let owner = call.frame.object(1, as: ClassMethodsProxy.self) else { return 0 }
                    let name = try self.memberName(call, of: owner.cls)
                    guard call.frame.type(3) == .function || call.frame.type(3) == .nil else {
                        throw BridgeError(
                            "\(owner.cls.name).classMethod.\(name) must be a function, got \(call.describe(3))")
                    }
                    try self.defineClassMethod(name, on: owner.cls, call)
                    return 0
                }))
        try installBuiltins()
    }

    private func memberName(_ call: BridgeCall, of cls: ClassObject) throws -> String {
        guard call.frame.type(2) == .string else {
            throw BridgeError("members of class \(cls.name) need string names, got \(call.describe(2))")
        }
        return try call.frame.string(2)
    }

    /// `Class.name`: class fields, class methods and properties, the class API, initializers,
    /// enums, then instance methods (so `Class.method` gives the function).
    private func classIndex(_ call: BridgeCall) throws -> Int32 {
        guard let cls = call.frame.object(1, as: ClassObject.self), call.frame.type(2) == .string else { return 0 }
        let key = try call.frame.string(2)
        if key == "classMethod" {
            if cls.classMethodsProxy == nil {
                cls.classMethodsProxy = try state.value(for: ClassMethodsProxy(cls), type: classMethodsType)
            }
            try call.frame.push(cls.classMethodsProxy ?? .nil)
            return 1
        }
        let field = try cls.fields.get(key)
        if field != .nil {
            try call.frame.push(field)
            return 1
        }
        switch try cls.tables.classMethod(key) {
        case .function(let method):
            try call.frame.push(.function(method))
            return 1
        case .table(let entry):
            guard case .function(let getter) = try entry.get(1) else { return 0 }
            try call.frame.push(try getter.call(cls.value).first ?? .nil)
            return 1
        default: break
        }
        if let builtin = builtins[key] {
            try call.frame.push(.function(builtin))
            return 1
        }
        if key.hasPrefix("new"), key == "new" || key.dropFirst(3).first?.isUppercase == true {
            try call.frame.push(.function(try initializer(key, of: cls)))
            return 1
        }
        if let description = cls.enumeration(named: key) {
            try call.frame.push(.table(try enumTable(description)))
            return 1
        }
        let method = try cls.tables.method(key)
        if method != .nil {
            try call.frame.push(method)
            return 1
        }
        // A capitalized name on a native class is an enum's (scripts' classes keep capitalized
        // fields, which may be nil until set): a missing one is a mistake worth naming.
        if !cls.isScriptClass, key.first?.isUppercase == true {
            throw BridgeError(
                "\(cls.name) has no enum or member '\(key)'" + Suggestion.phrase(for: key, among: cls.enumerationNames))
        }
        lastClassMiss = (cls, key)
        return 0
    }

    /// `Class.name = value`: a function defines a method, a property marker a property, nil
    /// removes what the script defined, anything else is a class field.
    private func define(_ name: String, on cls: ClassObject, value position: Int32, _ call: BridgeCall) throws {
        try willChange(cls)
        switch call.frame.type(position) {
        case .function:
            guard case .function(let method) = try call.frame.value(position) else { return }
            try defineMethod(name, on: cls, method)
        case .nil:
            try removeMember(name, from: cls)
        default:
            if let marker = call.frame.object(position, as: PropertyMarker.self) {
                try defineProperty(name, on: cls, getter: marker.getter, setter: marker.setter)
            } else {
                try cls.fields.set(name, try call.frame.value(position))
            }
        }
    }

    func defineMethod(_ name: String, on cls: ClassObject, _ method: LuaFunction) throws {
        if let native = cls.native,
            native.methods.contains(where: { $0.name == name })
                || native.properties.contains(where: { $0.name == name || $0.setterName == name })
        {
            throw BridgeError(
                "cannot replace the native method \(cls.name):\(name); override it in a subclass "
                    + "(\(cls.name):createSubclass(\"My\(cls.name)\"))")
        }
        try cls.tables.setMethod(name, .function(method))
        cls.scriptMethods[name] = method
        recordDefinition(.method, name, on: cls)
        try linkAccessor(name, on: cls)
    }

    /// A script method named like the getter or setter of an inherited property replaces that
    /// accessor for `obj.prop` on this class (script properties find their methods by name).
    private func linkAccessor(_ name: String, on cls: ClassObject) throws {
        for candidate in accessorCandidates(name) where !cls.scriptProperties.contains(candidate.property) {
            guard case .table(let inherited) = try cls.tables.property(candidate.property) else { continue }
            let getter = candidate.isSetter ? try inherited.get(1).functionValue : cls.scriptMethods[name]
            let setter = candidate.isSetter ? cls.scriptMethods[name] : try inherited.get(2).functionValue
            guard let getter else { continue }
            try cls.tables.setProperty(candidate.property, .table(try makeEntry(getter, setter)))
        }
    }

    private func accessorCandidates(_ name: String) -> [(property: String, isSetter: Bool)] {
        var result = [(name, false)]
        if name.count > 3, name.hasPrefix("set"), let first = name.dropFirst(3).first, first.isUppercase {
            result.append((first.lowercased() + name.dropFirst(4), true))
        }
        return result
    }

    func defineProperty(_ name: String, on cls: ClassObject, getter: LuaFunction?, setter: LuaFunction?) throws {
        try refuseReplacingNativeProperty(name, of: cls)
        let defaults = try prelude.accessors(for: name)
        try cls.tables.setProperty(name, .table(try makeEntry(getter ?? defaults.getter, setter ?? defaults.setter)))
        cls.scriptProperties.insert(name)
        recordDefinition(.property, name, on: cls)
    }

    /// A script property cannot stand in for a native property of the same class.
    func refuseReplacingNativeProperty(_ name: String, of cls: ClassObject) throws {
        if let native = cls.native, native.properties.contains(where: { $0.name == name }) {
            throw BridgeError(
                "cannot replace the native property \(cls.name).\(name); override it in a subclass "
                    + "(\(cls.name):createSubclass(\"My\(cls.name)\"))")
        }
    }

    private func defineClassMethod(_ name: String, on cls: ClassObject, _ call: BridgeCall) throws {
        try willChange(cls)
        if call.frame.type(3) == .nil {
            try cls.tables.setClassMethod(name, .nil)
            cls.scriptClassMethods[name] = nil
            return
        }
        guard case .function(let method) = try call.frame.value(3) else { return }
        if let native = cls.native, native.classMethods.contains(where: { $0.name == name }) {
            throw BridgeError("cannot replace the native class method \(cls.name):\(name); override it in a subclass")
        }
        try cls.tables.setClassMethod(name, .function(method))
        cls.scriptClassMethods[name] = method
        recordDefinition(.classMethod, name, on: cls)
    }

    /// Removes a method, property or field the script defined on `cls` (`Class.name = nil`).
    public func removeMember(_ name: String, from cls: ClassObject) throws {
        try removeMethod(name, from: cls)
        if cls.scriptProperties.remove(name) != nil { try cls.tables.setProperty(name, .nil) }
        try cls.fields.set(name, .nil)
    }

    /// Removes the script method `name` and the property accessors it stood for.
    func removeMethod(_ name: String, from cls: ClassObject) throws {
        guard cls.scriptMethods.removeValue(forKey: name) != nil else { return }
        try cls.tables.setMethod(name, .nil)
        for candidate in accessorCandidates(name) where !cls.scriptProperties.contains(candidate.property) {
            try cls.tables.setProperty(candidate.property, .nil)
        }
    }

    // MARK: Creating classes and instances

    /// The script class `name` under `superclass` (NSObject for a root class). Creating a
    /// class that exists returns it, so a reloaded module updates its class in place.
    public func scriptClass(named name: String, superclass: ClassObject?) throws -> ClassObject {
        let parent = try superclass ?? rootClass()
        if let existing = classes[name] {
            guard existing.isScriptClass else {
                throw BridgeError("class \(name) is a native class; choose another name for the script class")
            }
            if superclass != nil, existing.superclass !== parent {
                let reason =
                    "class \(name)'s superclass changed from \(existing.superclass?.name ?? "none") to \(parent.name)"
                restartReason = reason
                throw BridgeError(reason + "; changing a class's superclass needs a restart")
            }
            return existing
        }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
            throw BridgeError("invalid class name '\(name)' (use letters, digits and '_')")
        }
        return try makeClass(
            name: name, superclass: parent, native: nil, nativeBase: parent.nativeBase,
            tables: try makeTables())
    }

    func rootClass() throws -> ClassObject {
        guard let root = classes["NSObject"] else { throw BridgeError("NSObject is not registered") }
        return root
    }

    /// `Class:new<Suffix>(...)`: allocates an instance of the receiver's nearest native class,
    /// then calls `init<Suffix>` (a script's override when there is one); returns what the
    /// initializer returns when it is an object, else the new instance.
    func initializer(_ key: String, of cls: ClassObject) throws -> LuaFunction {
        if let cached = cls.initializers[key] { return cached }
        let initName = "init" + key.dropFirst(3)
        let made = try function(named: "\(cls.name):\(key)") { [unowned(unsafe) self] call in
            guard let receiver = call.frame.object(1, as: ClassObject.self) else {
                throw BridgeError(
                    "\(cls.name):\(key) needs a class as self, got \(call.describe(1)) (write \(cls.name):\(key)(...), with ':')"
                )
            }
            return try self.instantiate(receiver, initializer: initName, constructor: key, call)
        }
        cls.initializers[key] = made
        return made
    }

    /// A new, uninitialized instance of `cls` and its initializer `initName`.
    private func allocate(_ cls: ClassObject, initializer initName: String, constructor: String) throws
        -> (object: BridgeObject, initializer: LuaFunction)
    {
        guard let allocate = cls.nativeBase.allocate else {
            throw BridgeError("\(cls.name) cannot be created (\(cls.nativeBase.name) has no public initializer)")
        }
        guard case .function(let initMethod) = try cls.tables.method(initName) else {
            let names = cls.classMemberNames.filter { $0.hasPrefix("new") }
            throw BridgeError(
                "\(cls.name) has no initializer \(initName) for \(constructor)"
                    + Suggestion.phrase(for: constructor, among: names))
        }
        let object = allocate()
        if cls.isScriptClass { object.scriptClass = cls }
        return (object, initMethod)
    }

    private func instantiate(
        _ cls: ClassObject, initializer initName: String, constructor: String,
        _ call: BridgeCall
    ) throws -> Int32 {
        let (object, initMethod) = try allocate(cls, initializer: initName, constructor: constructor)
        let arguments = call.frame.argumentCount
        let made = try call.frame.call(
            initMethod.reference,
            arguments: { frame in
                try push(object, in: frame)
                if arguments >= 2 { for position in 2...arguments { try frame.pushCopy(position) } }
            },
            results: { first, count in
                try initialized(
                    object, of: cls, by: initName, results: BridgeCall(frame: call.frame, bridge: self), first, count)
            })
        if let made { try push(made, in: call.frame) } else { try call.frame.pushNil() }
        return 1
    }

    /// What `new` gives for an initializer's results, as CodeFlow: the new instance when the
    /// initializer returned nothing (public samples rely on it), nil for an explicit nil,
    /// else the object it returned.
    private func initialized(
        _ object: BridgeObject, of cls: ClassObject, by initName: String, results call: BridgeCall,
        _ first: Int32, _ count: Int32
    ) throws -> BridgeObject? {
        guard count > 0 else { return object }
        if call.frame.type(first) == .nil { return nil }
        if let result = call.frame.object(first, as: BridgeObject.self) { return result }
        throw BridgeError(
            "\(cls.name):\(initName) returned \(call.describe(first)); an initializer returns the new "
                + "object, nil, or nothing")
    }

    /// A new instance of `cls` made from native code: allocated as its nearest native class,
    /// then initialized with `initializer` (a script's override when there is one), as
    /// `Class:new<Suffix>(...)` does. A new cell, say, gets `initWithFrame` this way. Nil when
    /// the initializer returned nil.
    public func instantiate<each A: ScriptConvertible>(
        _ cls: ClassObject, initializer initName: String,
        _ arguments: repeat each A
    ) throws -> BridgeObject? {
        let (object, initMethod) = try allocate(cls, initializer: initName, constructor: "new" + initName.dropFirst(4))
        return try initMethod.call(
            arguments: { frame in
                let call = BridgeCall(frame: frame, bridge: self)
                try push(object, in: frame)
                repeat try (each arguments).push(to: call)
            },
            results: { frame, first, count in
                try initialized(
                    object, of: cls, by: initName, results: BridgeCall(frame: frame, bridge: self), first, count)
            })
    }
}
