local synthesizer = objc.RBTouchSynthesizer
local function options(o, name)
    if type(o) ~= "table" then error("simulate." .. name .. " expects a table of options", 3) end
    return o
end
local function point(o, field, name)
    local p = o[field]
    if type(p) ~= "table" then
        error("simulate." .. name .. ": '" .. field .. "' must be a point { x = ..., y = ... }", 3)
    end
    return p
end
simulate = {
    tap = function(o)
        o = options(o, "tap")
        return synthesizer:tapAt_taps(point(o, "at", "tap"), o.taps or 1)
    end,
    drag = function(o)
        o = options(o, "drag")
        if o.points ~= nil then
            return synthesizer:dragThrough(o.points)
        else
            return synthesizer:dragFrom_to_steps(point(o, "from", "drag"), point(o, "to", "drag"), o.steps or 10)
        end
    end,
    pinch = function(o)
        o = options(o, "pinch")
        return synthesizer:twoFingersAt_scale_angle_steps(point(o, "at", "pinch"), o.scale or 2, o.angle or 0, o.steps or 10)
    end,
    rotate = function(o)
        o = options(o, "rotate")
        return synthesizer:twoFingersAt_scale_angle_steps(point(o, "at", "rotate"), o.scale or 1, o.angle or math.pi / 4,
                                                   o.steps or 10)
    end,
    longPress = function(o)
        o = options(o, "longPress")
        return synthesizer:longPressAt_duration(point(o, "at", "longPress"), o.duration or 1)
    end,
    flick = function(o)
        o = options(o, "flick")
        return synthesizer:flickFrom_to_duration(point(o, "from", "flick"), point(o, "to", "flick"), o.duration or 0.1)
    end,
    advance = function(seconds)
        if type(seconds) ~= "number" then error("simulate.advance expects a number of seconds", 2) end
        return synthesizer:advance(seconds)
    end,
    deviceOrientation = function(name)
        if type(name) ~= "string" then
            error("simulate.deviceOrientation expects an orientation's name, such as 'landscapeLeft'", 2)
        end
        return synthesizer:turnDeviceTo(name)
    end,
    appearance = function(name)
        if name ~= "light" and name ~= "dark" then error("simulate.appearance expects 'light' or 'dark'", 2) end
        return synthesizer:setAppearance(name)
    end,
    contentSizeCategory = function(name)
        if type(name) ~= "string" then
            error("simulate.contentSizeCategory expects a category's name, such as 'AX1' or 'xLarge'", 2)
        end
        return synthesizer:setContentSizeCategory(name)
    end,
    frames = function(count)
        if math.type(count) ~= "integer" then error("simulate.frames expects a whole number of frames", 2) end
        return synthesizer:frames(count)
    end,
}
