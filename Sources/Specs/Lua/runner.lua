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
