local globals, keyWindow, restart = ...
local host = setmetatable({}, {
    __index = function(_, key)
        if key == "window" then return keyWindow() end
        if key == "rootViewController" then return keyWindow().rootViewController end
        if key == "restart" then return restart end
    end,
    __newindex = function(_, key) error("host." .. tostring(key) .. " cannot be set", 2) end,
})
return setmetatable({host = keyWindow ~= nil and host or nil}, {__index = globals, __newindex = globals})
