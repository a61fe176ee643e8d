local clock = require("QuartzCore.CABase")
local mainQueue = setmetatable({}, { __name = "dispatch_queue_t", __tostring = function() return "com.apple.main-thread" end })
local globalQueue = setmetatable({}, { __name = "dispatch_queue_t", __tostring = function() return "com.apple.root.default-qos" end })
local function queued(queue, what)
    if queue ~= mainQueue and queue ~= globalQueue then
        error(what .. " expects a queue (dispatch_get_main_queue() or dispatch_get_global_queue(...))", 3)
    end
end
local function later(seconds, fn, what)
    if type(fn) ~= "function" then error(what .. " expects a function to run", 3) end
    objc.NSTimer:scheduledTimerWithTimeInterval_repeats_block(seconds, false, function() fn() end)
end
DISPATCH_TIME_NOW = 0
DISPATCH_TIME_FOREVER = math.huge
NSEC_PER_SEC, NSEC_PER_MSEC, NSEC_PER_USEC = 1000000000, 1000000, 1000
function dispatch_get_main_queue() return mainQueue end
function dispatch_get_global_queue(identifier, flags) return globalQueue end
-- A dispatch time: nanoseconds on the virtual clock.
function dispatch_time(when, delta)
    if type(when) ~= "number" or type(delta) ~= "number" then
        error("dispatch_time expects a time (DISPATCH_TIME_NOW) and a number of nanoseconds", 2)
    end
    if when == DISPATCH_TIME_FOREVER then return when end
    if when == DISPATCH_TIME_NOW then when = clock.CACurrentMediaTime() * NSEC_PER_SEC end
    return when + delta
end
function dispatch_async(queue, fn)
    queued(queue, "dispatch_async")
    later(0, fn, "dispatch_async")
end
function dispatch_sync(queue, fn)
    queued(queue, "dispatch_sync")
    if queue == mainQueue then error("dispatch_sync to the main queue from the main thread never returns", 2) end
    if type(fn) ~= "function" then error("dispatch_sync expects a function to run", 2) end
    fn()
end
-- dispatch_after(when, queue, fn), or dispatch_after(seconds, fn).
function dispatch_after(when, queue, fn)
    if fn == nil then
        if type(when) ~= "number" or type(queue) ~= "function" then
            error("dispatch_after expects a number of seconds and a function", 2)
        end
        return later(when, queue, "dispatch_after")
    end
    queued(queue, "dispatch_after")
    if type(when) ~= "number" then error("dispatch_after expects a dispatch_time", 2) end
    if when == DISPATCH_TIME_FOREVER then return end
    later(math.max(0, when / NSEC_PER_SEC - clock.CACurrentMediaTime()), fn, "dispatch_after")
end
