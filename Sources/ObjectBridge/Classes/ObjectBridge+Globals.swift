import LuaRuntime

/// The globals scripts start from (`objc`, `class`, `struct`, `property`, `message`) and the
/// class-level API every class has (`createSubclass`, `declareProtocol`, ...).
extension ObjectBridge {
    func installBuiltins() throws {
        func builtin(_ name: String, _ body: @escaping (BridgeCall, ClassObject) throws -> Int32) throws {
            builtins[name] = try function(named: name) { call in
                guard let cls = call.frame.object(1, as: ClassObject.self) else {
                    throw BridgeError(
                        "'\(name)' needs a class as self, got \(call.describe(1)) (write Class:\(name)(...), with ':')")
                }
                return try body(call, cls)
            }
        }
        try builtin("createSubclass") { [unowned(unsafe) self] call, cls in
            let name = try self.stringArgument(call, 2, "name", of: "createSubclass")
            try call.frame.push(try self.scriptClass(named: name, superclass: cls).value)
            return 1
        }
        try builtin("extendClass") { call, cls in
            try call.frame.push(cls.value)
            return 1
        }
        for name in ["declareActionMethod", "publishActionMethod"] {
            try builtin(name) { [unowned(unsafe) self] call, cls in
                try self.willChange(cls)
                for spelled in try self.names(call, 2, "method", of: name) {
                    let method = try Selector(spelled).methodName
                    cls.actionMethods.insert(method)
                    self.recordDefinition(.actionMethod, method, on: cls)
                }
                return 0
            }
        }
        for name in ["declareProtocol", "publishObjcProtocols"] {
            try builtin(name) { [unowned(unsafe) self] call, cls in
                try self.willChange(cls)
                for protocolName in try self.names(call, 2, "protocol", of: name) {
                    if self.protocols[protocolName] == nil {
                        self.report(
                            .warning,
                            "\(cls.name):\(name): unknown protocol '\(protocolName)'"
                                + Suggestion.phrase(for: protocolName, among: self.protocols.keys))
                    }
                    cls.declaredProtocols.insert(protocolName)
                    self.recordDefinition(.protocolDeclaration, protocolName, on: cls)
                }
                return 0
            }
        }
        try builtin("declareSetters") { [unowned(unsafe) self] call, cls in
            try self.declareAccessors(call, cls, setters: true)
            return 0
        }
        try builtin("declareGetters") { [unowned(unsafe) self] call, cls in
            try self.declareAccessors(call, cls, setters: false)
            return 0
        }
        builtins["addMessageHandler"] = prelude.addMessageHandler
        builtins["removeMessageHandler"] = prelude.removeMessageHandler
    }

    private func stringArgument(_ call: BridgeCall, _ position: Int32, _ name: String, of method: String) throws
        -> String
    {
        guard call.frame.type(position) == .string else {
            throw BridgeError(
                "bad argument #\(position - 1) (\(name)) to '\(method)' (string expected, got \(call.describe(position)))"
            )
        }
        return try call.frame.string(position)
    }

    /// One name or a list of names.
    private func names(_ call: BridgeCall, _ position: Int32, _ what: String, of method: String) throws -> [String] {
        if call.frame.type(position) == .table {
            do {
                return try [String].read(from: call, at: position)
            } catch let error as ScriptValueError {
                throw BridgeError("bad argument #\(position - 1) (\(what)) to '\(method)' (\(error.problem))")
            }
        }
        return [try stringArgument(call, position, what, of: method)]
    }

    /// CodeFlow's `Class:declareSetters { prop = "methodName" | function }` (and getters).
    private func declareAccessors(_ call: BridgeCall, _ cls: ClassObject, setters: Bool) throws {
        let method = setters ? "declareSetters" : "declareGetters"
        guard call.frame.type(2) == .table else {
            throw BridgeError("bad argument #1 (accessors) to '\(method)' (table expected, got \(call.describe(2)))")
        }
        try willChange(cls)
        var accessors: [(String, LuaFunction)] = []
        try call.frame.forEachPair(2) { key, value in
            guard call.frame.type(key) == .string else {
                throw BridgeError("'\(method)': property names must be strings, got \(call.describe(key))")
            }
            let property = try call.frame.string(key)
            switch call.frame.type(value) {
            case .function:
                if case .function(let f) = try call.frame.value(value) { accessors.append((property, f)) }
            case .string:
                let caller = try prelude.namedMethodCaller.call(.string(try call.frame.string(value)))
                guard let function = caller.first?.functionValue else {
                    throw BridgeError("'\(method)': could not make the accessor of '\(property)'")
                }
                accessors.append((property, function))
            default:
                throw BridgeError(
                    "'\(method)': the accessor of '\(property)' must be a method name or a function, got \(call.describe(value))"
                )
            }
            return true
        }
        for (property, accessor) in accessors {
            try refuseReplacingNativeProperty(property, of: cls)
            let existing = try cls.tables.property(property).tableValue
            let defaults = try prelude.accessors(for: property)
            let getter = setters ? (try existing?.get(1).functionValue ?? defaults.getter) : accessor
            let setter = setters ? accessor : (try existing?.get(2).functionValue ?? defaults.setter)
            try cls.tables.setProperty(property, .table(try makeEntry(getter, setter)))
            cls.scriptProperties.insert(property)
            recordDefinition(.property, property, on: cls)
        }
    }

    // MARK: Globals

    func installGlobals() throws {
        let root = try rootClass()
        try root.tables.setMethod("addMessageHandler", .function(prelude.addMessageHandler))
        try root.tables.setMethod("removeMessageHandler", .function(prelude.removeMessageHandler))
        // Class properties of every class: `Class.superclass` (nil for a root) and `Class.className`.
        let classProperties: [(String, (ClassObject) -> LuaValue)] = [
            ("superclass", { $0.superclass?.value ?? .nil }), ("className", { .string($0.name) }),
        ]
        for (name, read) in classProperties {
            let getter = try function(named: "Class.\(name)") { call in
                try call.frame.push(read(try ClassObject.read(from: call, at: 1)))
                return 1
            }
            try root.tables.setClassMethod(name, .table(makeEntry(getter, nil)))
        }

        try state.setGlobal(
            "objc",
            .table(
                try lookupTable("objc") { [unowned(unsafe) self] name in
                    self.classes[name]
                }))
        let classTable = try lookupTable("class") { [unowned(unsafe) self] name in
            self.classes[name].flatMap { $0.isScriptClass ? $0 : nil }
        }
        try classTable.set(
            "createClass",
            .function(
                function(named: "class.createClass") { [unowned(unsafe) self] call in
                    let name = try self.stringArgument(call, 1, "name", of: "class.createClass")
                    var superclass: ClassObject?
                    if call.frame.type(2) != .nil, call.frame.type(2) != .none {
                        guard let parent = call.frame.object(2, as: ClassObject.self) else {
                            throw BridgeError(
                                "bad argument #2 (superclass) to 'class.createClass' (class expected, got \(call.describe(2)))"
                            )
                        }
                        superclass = parent
                    }
                    try call.frame.push(try self.scriptClass(named: name, superclass: superclass).value)
                    return 1
                }))
        try classTable.set(
            "extendClass",
            .function(
                function(named: "class.extendClass") { call in
                    guard let cls = call.frame.object(1, as: ClassObject.self) else {
                        throw BridgeError(
                            "bad argument #1 (class) to 'class.extendClass' (class expected, got \(call.describe(1)))")
                    }
                    try call.frame.push(cls.value)
                    return 1
                }))
        try state.setGlobal("class", .table(classTable))

        try installStructs()

        try state.setGlobal(
            "property",
            .function(
                function(named: "property") { [unowned(unsafe) self] call in
                    var getter: LuaFunction?
                    var setter: LuaFunction?
                    switch call.frame.type(1) {
                    case .none, .nil: break
                    case .table:
                        guard case .table(let options) = try call.frame.value(1) else { break }
                        for (key, value) in try options.pairs() {
                            switch (key.stringValue, value) {
                            case ("get", .function(let f)): getter = f
                            case ("set", .function(let f)): setter = f
                            default:
                                throw BridgeError(
                                    "bad argument #1 to 'property' (only 'get' and 'set' functions are allowed, got \(key.stringValue.map { "'\($0)'" } ?? key.typeName) = \(value.typeName))"
                                )
                            }
                        }
                    default:
                        throw BridgeError(
                            "bad argument #1 to 'property' (table { get = fn, set = fn } or nothing expected, got \(call.describe(1)))"
                        )
                    }
                    try call.frame.push(
                        object: PropertyMarker(getter: getter, setter: setter), type: self.propertyMarkerType)
                    return 1
                }))

        let message = try state.makeTable()
        try message.set("post", .function(prelude.post))
        try state.setGlobal("message", .table(message))

        try state.setMissingMemberDescriber(
            function(named: "describe missing member") { [unowned(unsafe) self] call in
                try self.describeMissingMember(call)
            })
        try state.setNewFieldChecker(
            function(named: "check new field") { [unowned(unsafe) self] call in
                self.reportLikelyMisspelling(call)
                return 0
            })
    }

    /// A script that sets a field whose name is nearly a property's of the object's class
    /// (`label.textColour`) most likely misspelled the property: a warning at the script's
    /// line says so, once per class and name. The value is kept as a field all the same, as
    /// CodeFlow keeps any field a script sets.
    private func reportLikelyMisspelling(_ call: BridgeCall) {
        guard call.frame.type(1) == .table, case .table(let metatable)? = try? call.frame.value(1),
            let name = try? metatable.get("__name").stringValue, let cls = classes[name],
            let key = try? call.frame.string(2),
            let meant = Suggestion.misspelled(key, among: cls.propertyNames),
            reportedMisspellings.insert("\(cls.name).\(key)").inserted
        else { return }
        let site = call.frame.callerLocation(level: 2).map { "\($0.source):\($0.line): " } ?? ""
        report(
            .warning,
            "\(site)\(cls.name) has no property '\(key)' (did you mean '\(meant)'?); the value is kept as a field"
                + " of the object")
    }

    /// A table whose `__index` finds a class by name or raises "no class 'X' (did you mean 'Y'?)".
    private func lookupTable(_ name: String, _ find: @escaping (String) -> ClassObject?) throws -> LuaTable {
        let table = try state.makeTable()
        let metatable = try state.makeTable()
        try metatable.set(
            "__index",
            .function(
                function(named: "\(name) index") { [unowned(unsafe) self] call in
                    let key = call.frame.type(2) == .string ? try call.frame.string(2) : call.describe(2)
                    if let cls = find(key) {
                        try call.frame.push(cls.value)
                        return 1
                    }
                    let candidates = self.classes.values.filter { find($0.name) != nil }.map(\.name)
                    throw BridgeError("\(name) has no class '\(key)'" + Suggestion.phrase(for: key, among: candidates))
                }))
        try table.setMetatable(metatable)
        return table
    }

    /// The message for "attempt to call a nil value (method 'k')": which class lacks `k`, and
    /// the closest name it has.
    private func describeMissingMember(_ call: BridgeCall) throws -> Int32 {
        let key = try call.frame.string(2)
        var cls: ClassObject?
        var isClassLevel = false
        if call.frame.type(1) == .table, case .table(let metatable) = try call.frame.value(1),
            let name = try metatable.get("__name").stringValue
        {
            cls = classes[name]
        } else if let miss = lastClassMiss, miss.key == key {
            cls = miss.cls
            isClassLevel = true
        }
        guard let cls else { return 0 }
        let candidates = isClassLevel ? cls.classMemberNames : cls.instanceMemberNames
        try call.frame.push(
            "\(isClassLevel ? "class " : "")\(cls.name) has no \(isClassLevel ? "class " : "")method '\(key)'"
                + Suggestion.phrase(for: key, among: candidates))
        return 1
    }
}
