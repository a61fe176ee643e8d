-- The example `make run` evaluates until the live host exists: a little Lua that exercises
-- the runtime's standard libraries and returns a few values for `rebound eval` to print.
local words = {}
for word in ("save a file and the running app re-executes the module"):gmatch("%a+") do
    words[#words + 1] = word
end
table.sort(words, function(a, b) return #a > #b or (#a == #b and a < b) end)

local co = coroutine.wrap(function()
    for i = 1, 3 do coroutine.yield(i * i) end
end)

return string.format("%d words, longest %q", #words, words[1]), co() + co() + co(), _VERSION
