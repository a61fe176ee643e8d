local require, moreResults = ...
local pack, unpack = table.pack, table.unpack
return function(name)
    local results = pack(require(name))
    local more = moreResults[name]
    if more ~= nil and rawequal(more[1], results[1]) then results = more end
    return unpack(results, 1, results.n)
end
