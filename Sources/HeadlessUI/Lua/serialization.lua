objc.toArray = function(value)
    if type(value) == "table" then return value end
    if type(value) ~= "userdata" or not value:isKindOfClass(objc.NSArray) then
        error("objc.toArray expects an NSArray or a table, got " .. type(value), 2)
    end
    local elements = {}
    for element in value do elements[#elements + 1] = element end
    return elements
end
objc.toDictionary = function(value)
    if type(value) == "table" then return value end
    if type(value) ~= "userdata" or not value:isKindOfClass(objc.NSDictionary) then
        error("objc.toDictionary expects an NSDictionary or a table, got " .. type(value), 2)
    end
    local entries = {}
    for key, element in pairs(value) do entries[key] = element end
    return entries
end
