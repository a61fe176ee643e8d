local report = ...
local bindings = setmetatable({}, { __mode = "k" })   -- owner -> { slot -> binding }
local unowned = {}   -- the owner of bindings to functions made without an object
local order = 0
local format, getinfo = string.format, debug.getinfo

-- One binding per owner, resource and property; one per owner, resource and function,
-- except that functions bound without an object are told apart by where they are written.
local function slot(owner, name, kind, target)
    local what = type(target) == "string" and target or "(function)"
    if owner == unowned then
        local info = getinfo(target, "S")
        what = info.short_src .. ":" .. info.linedefined
    end
    return name .. "\0" .. kind .. "\0" .. what
end

local function bind(owner, name, kind, target)
    local list = bindings[owner]
    if list == nil then
        list = {}
        bindings[owner] = list
    end
    order = order + 1
    list[slot(owner, name, kind, target)] = { order = order, name = name, kind = kind, target = target }
end

local function apply(owner, target, value)
    if owner == unowned then
        target(value)
    elseif type(target) == "string" then
        owner[target] = value
    else
        target(owner, value)
    end
end

-- Delivers to every binding of name and kind, in binding order; a failing setter is
-- reported and the others still get the value.
local function deliver(name, kind, value)
    local entries = {}
    for owner, list in pairs(bindings) do
        for _, binding in pairs(list) do
            if binding.name == name and binding.kind == kind then entries[#entries + 1] = { binding, owner } end
        end
    end
    table.sort(entries, function(a, b) return a[1].order < b[1].order end)
    for _, entry in ipairs(entries) do
        local binding, owner = entry[1], entry[2]
        local ok, err = xpcall(apply, debug.traceback, owner, binding.target, value)
        if not ok then
            local to = owner == unowned and "a function"
                or type(binding.target) == "string" and ("property '" .. binding.target .. "' of " .. tostring(owner))
                or tostring(owner)
            report(format("delivering the %s resource '%s' to %s", kind, name, to), tostring(err))
        end
    end
    return #entries
end

local api = { bind = bind, apply = apply, deliver = deliver, unowned = unowned }

-- CodeFlow's spellings: getResource(name, type) gives the value; getResource(name, type, fn)
-- also calls fn(value) now and at every change; getResource(name, type, object, "property" |
-- function) binds to the object.
function api.global(name, kind, object, target)
    if type(object) == "userdata" then return object:getResource(name, kind, target) end
    if object ~= nil and type(object) ~= "function" then
        error(format("bad argument #3 (object or function) to 'getResource' (object or function expected, got %s)",
                     type(object)), 2)
    end
    if target ~= nil then
        error("bad argument #4 to 'getResource' (a binding to a function has no property; pass an object first)", 2)
    end
    return api.getUnowned(name, kind, object)
end

-- NSArray's and NSDictionary's members on tables from JSON and property lists.
local arrayMembers = {
    objectAtIndex = function(array, index)
        if math.type(index) ~= "integer" or index < 0 or index >= #array then
            error(format("bad argument #1 (index) to 'objectAtIndex' (index %s beyond bounds [0 .. %d])",
                         tostring(index), #array - 1), 2)
        end
        return array[index + 1]
    end,
    containsObject = function(array, value)
        for _, element in ipairs(array) do if element == value then return true end end
        return false
    end,
}
api.arrayMetatable = { __index = function(array, key)
    if key == "count" then return #array end
    if key == "firstObject" then return array[1] end
    if key == "lastObject" then return array[#array] end
    return arrayMembers[key]
end }
local dictionaryMembers = {
    objectForKey = function(dictionary, key) return rawget(dictionary, key) end,
    allKeys = function(dictionary)
        local keys = setmetatable({}, api.arrayMetatable)
        for key in pairs(dictionary) do keys[#keys + 1] = key end
        table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
        return keys
    end,
}
api.dictionaryMetatable = { __index = function(dictionary, key)
    if key == "count" then
        local count = 0
        for _ in pairs(dictionary) do count = count + 1 end
        return count
    end
    return dictionaryMembers[key]
end }

return api
