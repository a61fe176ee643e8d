/// The Lua side of `rebound test`: busted driven for one spec file, and the vocabulary specs
/// drive the program with.
public enum SpecScripts {
    /// Runs one spec file with busted's own core, filters and loader, reporting to Swift
    /// through `report(kind, fields)`: `start` (a test's full name), `end` (name, status,
    /// message, file, line) and `error` (an error outside any test: a file that does not load,
    /// a failing `describe` or hook). `restartBudget()` gives each test the whole time budget.
    static let runner = #"""
        local file, displayPath, options, report, restartBudget = ...
        -- busted loads the file with loadfile; its chunk is named as the project names it.
        local loadfileAsGiven = loadfile
        loadfile = function(path, ...)
          if path ~= file then return loadfileAsGiven(path, ...) end
          local handle, problem = io.open(path, 'rb')
          if not handle then return nil, problem end
          local source = handle:read('a')
          handle:close()
          return load(source, '@' .. displayPath, 't')
        end
        local busted = require 'busted.core'()
        local filterLoader = require 'busted.modules.filter_loader'()
        require 'busted'(busted)

        local function fullName(element)
          local names, context = {}, element
          while context and context.descriptor ~= 'file' and context.name do
            table.insert(names, 1, context.name)
            context = busted.context.parent(context)
          end
          return table.concat(names, ' ')
        end

        -- Where a problem is: the spec file's innermost line in the traceback (an error raised
        -- in Rebound's own Lua, such as `simulate`, or in native code is the spec's doing),
        -- else the frame busted found; and the traceback's frames in the project's files.
        local function location(trace)
          if type(trace) ~= 'table' then return nil, nil, nil end
          local traceback = type(trace.traceback) == 'string' and trace.traceback or ''
          local frames, specLine = {}, nil
          for frame in traceback:gmatch('[^\n]+') do
            local source, line = frame:match('^%s*([^:%[%(/%s][^:]*):(%d+):')
            if source then
              frames[#frames + 1] = (frame:gsub('^%s*', '  '))
              if source == displayPath and not specLine then specLine = tonumber(line) end
            end
          end
          local shown = #frames > 0 and ('stack traceback:\n' .. table.concat(frames, '\n')) or nil
          if specLine then return displayPath, specLine, shown end
          return trace.short_src, trace.currentline, shown
        end

        local function text(message)
          if type(message) == 'string' then return message end
          if message == nil then return nil end
          local ok, shown = pcall(tostring, message)
          return ok and shown or '(an error value that cannot be shown)'
        end

        local problems = {}
        for _, status in ipairs { 'failure', 'error' } do
          busted.subscribe({ status }, function(element, parent, message, trace)
            local short, line, traceback = location(trace)
            if element.descriptor == 'it' then
              problems[element] = { message = text(message), file = short, line = line, traceback = traceback }
            else
              -- A file that does not load, a describe body or a hook (named after its block).
              local name = '(loading ' .. displayPath .. ')'
              if element.descriptor ~= 'file' then
                name = fullName(element)
                if name == '' then name = fullName(parent) .. ' (' .. element.descriptor .. ')' end
              end
              report('error', { name = name, message = text(message), file = short, line = line,
                                traceback = traceback })
            end
            return nil, true
          end)
        end
        busted.subscribe({ 'test', 'start' }, function(element)
          restartBudget()
          report('start', { name = fullName(element) })
          return nil, true
        end)
        busted.subscribe({ 'test', 'end' }, function(element, parent, status)
          local problem = problems[element] or {}
          local short, line = location(element.trace)
          report('end', { name = fullName(element), status = status, message = problem.message,
                          file = problem.file or short, line = problem.line or line, traceback = problem.traceback })
          return nil, true
        end)

        busted.randomize = options.shuffle
        busted.randomseed = options.seed
        filterLoader(busted, {
          tags = options.tags, excludeTags = options.excludeTags, filter = options.filter, filterOut = {},
          list = false, nokeepgoing = false, suppressPending = false,
        })
        require 'busted.modules.test_file_loader'(busted, { 'lua' })({ file }, { '' }, { excludes = {}, verbose = false })
        require 'busted.execute'(busted)(1, { seed = options.seed, shuffle = false, sort = false })
        busted.publish({ 'exit' })
        """#

    /// `host` (`find`, `findAll`, `tap`, `type`, `alert`, `window`, `rootViewController`) and
    /// the gestures in RubyMotion's words, over `simulate`: what specs and `render --after`
    /// scripts drive a program with.
    public static let gestures = #"""
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
        """#

    /// What only specs have: `host.start`, `displayPass`, `layout`, `edit` (the host's functions
    /// in `native`), and the snapshot assertions, `host.snapshot` and `host.layoutSnapshot`.
    static let specAssertions = #"""
        local native = ...
        -- assert.screen_matches(name, options) and assert.layout_matches(name): luassert
        -- failures (not errors) carrying what differs.
        local say, luassert = require 'say', require 'luassert'
        local function snapshotAssertion(check)
          return function(state, arguments)
            local matched, problem = check(arguments[1], arguments[2])
            if not matched then rawset(state, 'failure_message', problem) end
            return matched
          end
        end
        say:set('assertion.screen_matches.positive', 'Expected the screen to match snapshot %s')
        say:set('assertion.screen_matches.negative', 'Expected the screen not to match snapshot %s')
        say:set('assertion.layout_matches.positive', 'Expected the layout to match snapshot %s')
        say:set('assertion.layout_matches.negative', 'Expected the layout not to match snapshot %s')
        luassert:register('assertion', 'screen_matches', snapshotAssertion(native.snapshot),
          'assertion.screen_matches.positive', 'assertion.screen_matches.negative')
        luassert:register('assertion', 'layout_matches', snapshotAssertion(native.layoutSnapshot),
          'assertion.layout_matches.positive', 'assertion.layout_matches.negative')

        host.start = native.start
        host.displayPass = native.displayPass
        host.layout = native.layout
        host.edit = native.edit
        -- Tail calls: a failure names the spec's line, not this one.
        host.snapshot = function(name, options) return luassert.screen_matches(name, options) end
        host.layoutSnapshot = function(name) return luassert.layout_matches(name) end
        """#
}
