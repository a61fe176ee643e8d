// The baselines of `make bench`'s bridge rows, in C against Lua's API alone: plain
// lua_CFunctions that do what a bridged call does, and a plain Lua state to run them in. Lua's
// headers stay out of this header, so that Swift sees only addresses and opaque states.
#ifndef REBOUND_BENCH_BASELINES_H
#define REBOUND_BENCH_BASELINES_H

/// `offset(point, size)`: reads {x, y} and {width, height}, returns a new {x, y} table.
const void *bench_offset_point_function(void);
/// `rotate(t, angle, x, y, z)`: reads the 16 fields of a transform table, multiplies it by a
/// rotation matrix, returns a new 16-field table.
const void *bench_rotate_transform_function(void);

/// `identity(i)`: returns its integer argument, the plain C function a native call is measured
/// against.
const void *bench_identity_function(void);
/// A C function that makes a closure doing what `identity` does through its upvalue: it reads
/// a block of a function pointer and a context, and calls through it. No closure a host makes
/// can cost less.
const void *bench_identity_closure_maker(void);
/// `rect(i)`: a new CGRect record, {origin = {x, y}, size = {width, height}}, built in C.
const void *bench_rect_record_function(void);

/// A plain Lua state (Lua's own allocator, no hook, no budget) holding `chunk`; NULL, with the
/// message on standard error, when the chunk does not compile.
void *bench_lua_open(const char *chunk);
/// Calls the chunk with the C function at `function` as its argument (none when NULL);
/// 0 when it ran.
int bench_lua_run(void *state, const void *function);
/// Calls the chunk with the value the C function at `maker` returns (made once, by the first
/// run); 0 when it ran.
int bench_lua_run_made(void *state, const void *maker);
/// `count` raw `lua_pcall`s, each with a number argument, of the function the chunk returns,
/// pushed from a registry reference
/// (no message handler, no conversion of the result); 0 when every call ran.
int bench_lua_pcalls(void *state, int count);
void bench_lua_close(void *state);

#endif
