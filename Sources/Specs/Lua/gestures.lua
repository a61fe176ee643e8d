local function window() return objc.UIApplication.sharedApplication.keyWindow end

local function matches(view, query)
  if query.class ~= nil then
    local ok, class = pcall(function() return objc[query.class] end)
    if not ok or class == nil then error("host.find: there is no class named '" .. tostring(query.class) .. "'", 4) end
    if not view:isKindOfClass(class) then return false end
  end
  if query.text ~= nil then
    local ok, shown = pcall(function() return view.text end)
    if not ok or shown ~= query.text then
      local okTitle, title = pcall(function() return view.currentTitle end)
      if not okTitle or title ~= query.text then return false end
    end
  end
  if query.tag ~= nil and view.tag ~= query.tag then return false end
  if query.accessibilityIdentifier ~= nil and view.accessibilityIdentifier ~= query.accessibilityIdentifier then
    return false
  end
  if query.accessibilityLabel ~= nil and view.accessibilityLabel ~= query.accessibilityLabel then return false end
  return true
end

local function search(query, all)
  if type(query) ~= 'table' then error("host.find expects a table such as { class = 'UILabel', text = 'Hi' }", 3) end
  local found, pending = {}, { window() }
  while #pending > 0 do
    local view = table.remove(pending, 1)
    if matches(view, query) then
      if not all then return view end
      found[#found + 1] = view
    end
    for _, subview in ipairs(view.subviews) do pending[#pending + 1] = subview end
  end
  if all then return found end
  return nil
end

host = setmetatable({
  find = function(query) return search(query, false) end,
  findAll = function(query) return search(query, true) end,
  -- host.type(text) types into the first responder; host.type(view, text) taps the view first.
  type = function(target, text)
    if text == nil then target, text = nil, target end
    if target ~= nil then tap(target) end
    simulate.type(text)
  end,
  tap = function(target, options) tap(target, options) end,
  -- The alert or action sheet on screen (with this title, when given), or nil.
  alert = function(title)
    local controller = window().rootViewController
    while controller ~= nil do
      if controller:isKindOfClass(objc.UIAlertController) and (title == nil or controller.title == title) then
        return controller
      end
      controller = controller.presentedViewController
    end
    return nil
  end,
}, {
  __index = function(_, key)
    if key == 'window' then return window() end
    if key == 'rootViewController' then return window().rootViewController end
  end,
})

local function center(target, what)
  if type(target) == 'table' and type(target.x) == 'number' and type(target.y) == 'number' then
    return { x = target.x, y = target.y }
  end
  local ok, point = pcall(function()
    local bounds = target.bounds
    return target:convertPoint_toView({ x = bounds.origin.x + bounds.size.width / 2,
                                        y = bounds.origin.y + bounds.size.height / 2 }, nil)
  end)
  if not ok then error(what .. " expects a view or a point { x = ..., y = ... }", 3) end
  return point
end

function tap(target, options)
  options = options or {}
  if type(target) == 'string' then
    local shown = search({ text = target }, false)
    if shown == nil then error("tap: no view on screen shows the text '" .. target .. "'", 2) end
    target = shown
  end
  if options.touches ~= nil and options.touches ~= 1 then
    error("tap: taps with " .. tostring(options.touches) .. " fingers are not simulated; one finger is", 2)
  end
  simulate.tap { at = center(target, 'tap'), taps = options.taps or 1 }
end

function longPress(target, options)
  simulate.longPress { at = center(target, 'longPress'), duration = (options or {}).duration }
end

function flick(target, options)
  options = options or {}
  local from = center(target, 'flick')
  simulate.flick { from = from, to = options.to or { x = from.x, y = from.y - 200 }, duration = options.duration }
end

function drag(target, options)
  options = options or {}
  if options.points ~= nil then
    simulate.drag { points = options.points }
  else
    local from = center(target, 'drag')
    simulate.drag { from = from, to = options.to or { x = from.x, y = from.y - 100 }, steps = options.steps }
  end
end

function pinchOpen(target, options)
  simulate.pinch { at = center(target, 'pinchOpen'), scale = (options or {}).scale or 2 }
end

function pinchClose(target, options)
  simulate.pinch { at = center(target, 'pinchClose'), scale = (options or {}).scale or 0.5 }
end

function rotate(target, options)
  simulate.rotate { at = center(target, 'rotate'), angle = (options or {}).angle or math.pi / 4 }
end
