import LuaRuntime

/// The parts of the class model written in Lua: message handlers (kept in tables with weak
/// keys, so that a handler, even one whose closure holds its object, goes away with the object),
/// the default property accessors, and the metatable of dictionaries from native code.
struct Prelude {
    let addMessageHandler: LuaFunction
    let removeMessageHandler: LuaFunction
    let post: LuaFunction
    let handlerCount: LuaFunction
    let namedMethodCaller: LuaFunction
    private let accessorFactory: LuaFunction
    /// Given to the tables native dictionaries become: besides their keys, they answer
    /// NSDictionary's `objectForKey`, `valueForKey`, `count`, `allKeys` and `allValues`.
    let dictionaryMetatable: LuaTable

    init(bridge: ObjectBridge) throws {
        let state = bridge.state
        let report = try state.makeFunction(named: "report") { [unowned(unsafe) bridge] frame in
            bridge.report(
                LuaError(traced: try frame.string(2)), during: "a handler of message '\(try frame.string(1))'",
                inHandler: true)
            return 0
        }
        let methodOf = try bridge.function(named: "methodOf") { call in
            guard let object = call.frame.object(1, as: BridgeObject.self), call.frame.type(2) == .string,
                let cls = try? call.bridge.classObject(for: object)
            else { return 0 }
            let name = try call.frame.string(2)
            guard let method = cls.lineage.lazy.compactMap({ $0.scriptMethods[name] }).first else { return 0 }
            try call.frame.push(.function(method))
            return 1
        }
        let chunk = try state.load(Self.source, chunkName: "=(rebound prelude)")
        guard case .table(let api) = try chunk.call(.function(report), .function(methodOf)).first else {
            throw BridgeError("the prelude did not return its table")
        }
        func function(_ name: String) throws -> LuaFunction {
            guard case .function(let f) = try api.get(name) else { throw BridgeError("prelude lacks \(name)") }
            return f
        }
        addMessageHandler = try function("addMessageHandler")
        removeMessageHandler = try function("removeMessageHandler")
        post = try function("post")
        handlerCount = try function("handlerCount")
        namedMethodCaller = try function("namedMethodCaller")
        accessorFactory = try function("accessors")
        guard case .table(let dictionary) = try api.get("dictionary") else {
            throw BridgeError("prelude lacks the dictionary metatable")
        }
        dictionaryMetatable = dictionary
    }

    /// The default getter and setter of script property `name`: the methods `name` and
    /// `setName` when the class defines them, else the field `_name`.
    func accessors(for name: String) throws -> (getter: LuaFunction, setter: LuaFunction) {
        let results = try accessorFactory.call(.string(name))
        guard results.count == 2, case .function(let getter) = results[0], case .function(let setter) = results[1]
        else {
            throw BridgeError("the prelude made no accessors for \(name)")
        }
        return (getter, setter)
    }

    static let source = String(decoding: PackageResources.prelude_lua, as: UTF8.self)
}
