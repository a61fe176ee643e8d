-- luacheck's settings for Rebound's own Lua (Sources/*/Lua): the preludes that define the
-- globals every script sees (`.luacheckrc` is for scripts, which only read them), the spec
-- runner, and the annotation stubs that declare them for editors.
std = "lua54"
max_line_length = false
unused_args = false
globals = {
  "objc", "class", "struct", "property", "message", "getResource", "rebound", "simulate", "host",
  "tap", "longPress", "flick", "drag", "pinchOpen", "pinchClose", "rotate",
  "dispatch_after", "dispatch_async", "dispatch_sync", "dispatch_time", "dispatch_get_main_queue",
  "dispatch_get_global_queue", "DISPATCH_TIME_NOW", "DISPATCH_TIME_FOREVER", "NSEC_PER_SEC",
  "NSEC_PER_MSEC", "NSEC_PER_USEC",
}
-- The stubs declare what they do not use, and NSObject's methods on a table editors know.
files["Sources/Annotations/Lua/globals.lua"] = { allow_defined_top = true, ignore = { "131", "112/NSObject" } }
-- busted finds spec files with loadfile; the runner names their chunks as the project does.
files["Sources/Specs/Lua/runner.lua"] = { ignore = { "121/loadfile" } }
