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
