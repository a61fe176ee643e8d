local base, names, values, changed = ...
return setmetatable({}, {
    __index = function(_, key)
        if names[key] then return values[key] end
        return base[key]
    end,
    __newindex = function(_, key, value)
        if names[key] then values[key] = value; changed[key] = true else base[key] = value end
    end,
})
