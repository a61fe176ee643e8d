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
