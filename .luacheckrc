-- luacheck's settings for Rebound's Lua (https://luacheck.readthedocs.io): Lua 5.4 and the
-- globals Rebound gives every script, read-only; spec files also see busted's API and the spec
-- runner's host and gestures. `rebound new` writes the same file, and `rebound check --lint`
-- uses it when a project has none.
std = "lua54"
unused_args = false      -- delegate and data source methods take every argument UIKit passes
self = false             -- a method need not use self
max_line_length = false
read_globals = { "objc", "class", "struct", "property", "message", "getResource", "rebound", "simulate", "dispatch_after",
                "dispatch_async", "dispatch_sync", "dispatch_time", "dispatch_get_main_queue",
                "dispatch_get_global_queue", "DISPATCH_TIME_NOW", "DISPATCH_TIME_FOREVER", "NSEC_PER_SEC",
                "NSEC_PER_MSEC", "NSEC_PER_USEC" }
-- Setting a property through a global (objc.UIApplication.sharedApplication.keyWindow.rootViewController = vc)
-- is no write to the global itself, which stays read-only.
ignore = { "122/objc", "122/class", "122/host" }
files["**/spec/**/*_spec.lua"] = {
  std = "+busted",
  read_globals = { "host", "tap", "longPress", "flick", "drag", "pinchOpen", "pinchClose", "rotate" },
}
