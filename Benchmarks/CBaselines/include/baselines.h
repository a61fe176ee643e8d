// Plain lua_CFunctions that do what a bridged call does, with nothing of the bridge: the
// baselines of `make bench`'s struct comparisons. Lua's headers stay out of this header, so
// that Swift sees only the functions' addresses (LuaRuntime pushes them as C functions).
#ifndef REBOUND_BENCH_BASELINES_H
#define REBOUND_BENCH_BASELINES_H

/// `offset(point, size)`: reads {x, y} and {width, height}, returns a new {x, y} table.
const void *bench_offset_point_function(void);
/// `rotate(t, angle, x, y, z)`: reads the 16 fields of a transform table, multiplies it by a
/// rotation matrix, returns a new 16-field table.
const void *bench_rotate_transform_function(void);

#endif
