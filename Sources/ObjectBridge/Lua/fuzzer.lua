local members, rounds, seed, collectEvery = ...
local state = seed
local function random(n)  -- a small LCG: the same sequence on every machine
    state = (state * 1103515245 + 12345) % 2147483648
    return state % n + 1
end
local cyclic = {}; cyclic[1] = cyclic; cyclic.origin = cyclic; cyclic.x = cyclic
local deep = {}; local d = deep; for _ = 1, 200 do d.next = {}; d = d.next end
local objects = {}
for _, m in ipairs(members) do
    -- a class makes each constructor's function when first asked: ask for all of them
    -- now, so the live-object count of the first round includes every one
    local constructor = m.kind == "new" and m.class[m.name]
    if constructor and m.arity == 0 then
        local ok, o = pcall(constructor, m.class)
        if ok then objects[#objects + 1] = o end
    end
end
local hostile = {
    function() return nil end, function() return true end, function() return 0 end,
    function() return -1 end, function() return 1e308 end, function() return -1e308 end,
    function() return 0 / 0 end, function() return math.huge end, function() return math.mininteger end,
    function() return math.maxinteger end, function() return 2.5 end, function() return "" end,
    function() return string.rep("x", 10000) end, function() return {} end, function() return cyclic end,
    function() return deep end, function() return { x = 1, y = "a" } end, function() return { 1, 2, "x" } end,
    function() return { x = 1, y = 2 } end, function() return { width = 3, height = 4 } end,
    function() return { origin = { x = 0, y = 0 }, size = { width = 10, height = 10 } } end,
    function() return { location = 1, length = 2 } end, function() return setmetatable({}, { __index = function() error("trap") end }) end,
    function() return function() error("block fails") end end, function() return function(...) return ... end end,
    function() return coroutine.create(function() end) end, function() return objects[random(#objects)] end,
    function() return members[random(#members)].class end, function() return "handleTap" end,
}
local function value() return hostile[random(#hostile)]() end
local calls, failures, badFailures = 0, 0, 0
local function check(ok, err)
    calls = calls + 1
    if collectEvery > 0 and calls % collectEvery == 0 then collectgarbage() end
    if not ok then
        failures = failures + 1
        if type(err) ~= "string" or #err == 0 then badFailures = badFailures + 1 end
    end
end
for _ = 1, rounds do
    local m = members[random(#members)]
    local receiver = random(4) == 1 and value() or (m.kind:find("class") or m.kind == "new") and m.class
        or objects[random(#objects)]
    local args = {}
    for i = 1, m.arity + random(3) - 2 do args[i] = value() end
    if m.kind == "property" then
        if random(2) == 1 then
            check(pcall(function() return receiver[m.name] end))
        else
            check(pcall(function()
                receiver[m.name] = value()
                -- a class keeps what is stored on it: clear it, so the counts can return
                if tostring(receiver):sub(1, 6) == "class " then receiver[m.name] = nil end
            end))
        end
    elseif m.kind == "classProperty" then
        check(pcall(function() return m.class[m.name] end))
    else
        local ok, f = pcall(function() return m.class[m.name] end)
        if ok and type(f) == "function" then
            check(pcall(f, receiver, table.unpack(args, 1, m.arity + 1)))
        else
            check(ok, f)
        end
    end
end
return calls, failures, badFailures
