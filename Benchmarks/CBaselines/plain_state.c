// A plain Lua state for the baselines: luaL_newstate's allocator, no hook, no budget and
// nothing of Rebound, so that a row's baseline is what Lua alone does.
#include "baselines.h"
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>

static int identity(lua_State *L) {
    lua_pushinteger(L, lua_tointegerx(L, 1, NULL));
    return 1;
}

const void *bench_identity_function(void) { return (const void *)identity; }

static int report(lua_State *L, int status) {
    if (status != LUA_OK) {
        fprintf(stderr, "baseline: %s\n", lua_tostring(L, -1));
        lua_settop(L, 1);
    }
    return status;
}

void *bench_lua_open(const char *chunk) {
    lua_State *L = luaL_newstate();
    if (L == NULL)
        return NULL;
    luaL_openlibs(L);
    if (report(L, luaL_loadstring(L, chunk)) != LUA_OK) {
        lua_close(L);
        return NULL;
    }
    return L;
}

int bench_lua_run(void *state, const void *function) {
    lua_State *L = state;
    lua_settop(L, 1);
    lua_pushvalue(L, 1);
    if (function != NULL)
        lua_pushcfunction(L, (lua_CFunction)function);
    int status = report(L, lua_pcall(L, function != NULL, 1, 0));
    lua_settop(L, 1);
    return status;
}

// The function is held by a registry reference and pushed from it for each call, as native
// code that keeps a Lua function holds it.
int bench_lua_pcalls(void *state, int count) {
    lua_State *L = state;
    if (lua_gettop(L) < 2) {
        lua_pushvalue(L, 1);
        if (report(L, lua_pcall(L, 0, 1, 0)) != LUA_OK)
            return -1;
        lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
    }
    int function = (int)lua_tointeger(L, 2);
    for (int index = 0; index < count; index++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, function);
        lua_pushnumber(L, index);
        if (report(L, lua_pcall(L, 1, 1, 0)) != LUA_OK)
            return -1;
        lua_pop(L, 1);
    }
    return LUA_OK;
}

void bench_lua_close(void *state) { lua_close(state); }
