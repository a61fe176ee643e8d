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

    static let source = #"""
        local report, methodOf = ...
        local handlers = {}              -- message name -> {object -> {order, handler}}, weak keys
        local weakKeys = { __mode = "k" }
        local order = 0
        local traceback, format = debug.traceback, string.format

        local function messageNames(messages, caller)
            if type(messages) == "string" then return { messages } end
            if type(messages) ~= "table" then
                error(format("bad argument #1 (message) to '%s' (message name or list of names expected, got %s)",
                             caller, type(messages)), 3)
            end
            for i, name in ipairs(messages) do
                if type(name) ~= "string" then
                    error(format("bad argument #1 (message) to '%s' (entry %d is a %s, not a message name)",
                                 caller, i, type(name)), 3)
                end
            end
            return messages
        end

        local function checkSelf(object, caller)
            if type(object) ~= "userdata" then
                error(format("'%s' needs an object or class as self, got %s (write obj:%s(...), with ':')",
                             caller, type(object), caller), 3)
            end
        end

        local function addMessageHandler(object, messages, handler)
            checkSelf(object, "addMessageHandler")
            if type(handler) ~= "string" and type(handler) ~= "function" then
                error(format("bad argument #2 (handler) to 'addMessageHandler' (method name or function expected, got %s)",
                             type(handler)), 2)
            end
            for _, name in ipairs(messageNames(messages, "addMessageHandler")) do
                local list = handlers[name]
                if list == nil then
                    list = setmetatable({}, weakKeys)
                    handlers[name] = list
                end
                order = order + 1
                list[object] = { order, handler }
            end
        end

        local function removeMessageHandler(object, messages)
            checkSelf(object, "removeMessageHandler")
            if messages == nil then
                for _, list in pairs(handlers) do list[object] = nil end
                return
            end
            for _, name in ipairs(messageNames(messages, "removeMessageHandler")) do
                local list = handlers[name]
                if list then list[object] = nil end
            end
        end

        -- As CodeFlow calls it: handler(object, messageName, ...), whether a method or a function.
        local function deliver(object, handler, name, ...)
            if type(handler) == "string" then
                local method = object[handler]
                if type(method) ~= "function" then
                    error(format("%s has no method '%s' to handle message '%s'", tostring(object), handler, name), 0)
                end
                return method(object, name, ...)
            end
            return handler(object, name, ...)
        end

        -- Delivers in registration order; a failing handler is reported and the others still run.
        local function post(name, ...)
            if type(name) ~= "string" then
                error(format("bad argument #1 (name) to 'message.post' (string expected, got %s)", type(name)), 2)
            end
            local list = handlers[name]
            if list == nil then return 0 end
            local entries = {}
            for object, entry in pairs(list) do entries[#entries + 1] = { entry, object } end
            table.sort(entries, function(a, b) return a[1][1] < b[1][1] end)
            local delivered = 0
            for _, item in ipairs(entries) do
                local entry, object = item[1], item[2]
                if list[object] == entry then
                    delivered = delivered + 1
                    local ok, err = xpcall(deliver, traceback, object, entry[2], name, ...)
                    if not ok then report(name, tostring(err)) end
                end
            end
            return delivered
        end

        local function handlerCount(name)
            local count = 0
            for _ in pairs(handlers[name] or {}) do count = count + 1 end
            return count
        end

        local function accessors(name)
            local field = "_" .. name
            local setterName = "set" .. name:sub(1, 1):upper() .. name:sub(2)
            local function get(self)
                local method = methodOf(self, name)
                if method then return method(self) end
                return self[field]
            end
            local function set(self, value)
                local method = methodOf(self, setterName)
                if method then return method(self, value) end
                self[field] = value
            end
            return get, set
        end

        -- declareSetters / declareGetters with a method name: call it on the object, found by name.
        local function namedMethodCaller(methodName)
            return function(self, ...)
                local method = self[methodName]
                if type(method) ~= "function" then
                    error(format("%s has no method '%s'", tostring(self), methodName), 2)
                end
                return method(self, ...)
            end
        end

        -- A dictionary from native code is a table (CodeFlow's `info.key` and `pairs`) that also
        -- answers NSDictionary's members; a key of the same name wins over a property.
        local function sortedKeys(t)
            local keys = {}
            for key in next, t do keys[#keys + 1] = key end
            table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
            return keys
        end
        local dictionaryMethods = {
            objectForKey = function(t, key) return rawget(t, key) end,
            valueForKey = function(t, key) return rawget(t, key) end,
        }
        local dictionaryProperties = {
            count = function(t)
                local count = 0
                for _ in next, t do count = count + 1 end
                return count
            end,
            allKeys = sortedKeys,
            allValues = function(t)
                local values = {}
                for index, key in ipairs(sortedKeys(t)) do values[index] = rawget(t, key) end
                return values
            end,
        }
        local dictionary = {
            __index = function(t, key)
                local method = dictionaryMethods[key]
                if method then return method end
                local property = dictionaryProperties[key]
                if property then return property(t) end
                return nil
            end,
        }

        return {
            addMessageHandler = addMessageHandler, removeMessageHandler = removeMessageHandler, post = post,
            handlerCount = handlerCount, accessors = accessors, namedMethodCaller = namedMethodCaller,
            dictionary = dictionary,
        }
        """#
}
