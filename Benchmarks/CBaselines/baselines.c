#include "baselines.h"
#include <lauxlib.h>
#include <lua.h>
#include <math.h>

static lua_Number field(lua_State *L, int table, const char *name) {
    lua_getfield(L, table, name);
    lua_Number value = luaL_checknumber(L, -1);
    lua_pop(L, 1);
    return value;
}

static int offset_point(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Number x = field(L, 1, "x") + field(L, 2, "width");
    lua_Number y = field(L, 1, "y") + field(L, 2, "height");
    lua_createtable(L, 0, 2);
    lua_pushnumber(L, x);
    lua_setfield(L, -2, "x");
    lua_pushnumber(L, y);
    lua_setfield(L, -2, "y");
    return 1;
}

static const char *const names[16] = {"m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24",
                                      "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44"};

// CATransform3DRotate: the rotation about the normalized axis, applied before t.
static int rotate_transform(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    double t[16], r[16] = {0}, result[16];
    for (int i = 0; i < 16; i++)
        t[i] = field(L, 1, names[i]);
    double angle = luaL_checknumber(L, 2), x = luaL_checknumber(L, 3), y = luaL_checknumber(L, 4),
           z = luaL_checknumber(L, 5);
    double length = sqrt(x * x + y * y + z * z);
    double u = x / length, v = y / length, w = z / length, c = cos(angle), s = sin(angle), k = 1 - c;
    double rotation[16] = {k * u * u + c,
                           k * u * v + w * s,
                           k * u * w - v * s,
                           0,
                           k * u * v - w * s,
                           k * v * v + c,
                           k * v * w + u * s,
                           0,
                           k * u * w + v * s,
                           k * v * w - u * s,
                           k * w * w + c,
                           0,
                           0,
                           0,
                           0,
                           1};
    for (int i = 0; i < 16; i++)
        r[i] = rotation[i];
    for (int row = 0; row < 4; row++)
        for (int column = 0; column < 4; column++) {
            double sum = 0;
            for (int k2 = 0; k2 < 4; k2++)
                sum += r[row * 4 + k2] * t[k2 * 4 + column];
            result[row * 4 + column] = sum;
        }
    lua_createtable(L, 0, 16);
    for (int i = 0; i < 16; i++) {
        lua_pushnumber(L, result[i]);
        lua_setfield(L, -2, names[i]);
    }
    return 1;
}

const void *bench_offset_point_function(void) { return (const void *)offset_point; }
const void *bench_rotate_transform_function(void) { return (const void *)rotate_transform; }
