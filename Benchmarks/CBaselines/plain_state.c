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

// What every closure a host makes costs at least: the C function finds its context in its
// upvalue and calls through it, as Rebound's trampoline does, before any Swift runs.
typedef struct {
    lua_Integer (*call)(void *context, lua_Integer value);
    void *context;
} native_block;

static lua_Integer same(void *context, lua_Integer value) {
    (void)context;
    return value;
}

static int identity_through_upvalue(lua_State *L) {
    native_block *block = lua_touserdata(L, lua_upvalueindex(1));
    lua_pushinteger(L, block->call(block->context, lua_tointegerx(L, 1, NULL)));
    return 1;
}

static int push_identity_closure(lua_State *L) {
    native_block *block = lua_newuserdatauv(L, sizeof(native_block), 0);
    block->call = same;
    block->context = NULL;
    lua_pushcclosure(L, identity_through_upvalue, 1);
    return 1;
}

const void *bench_identity_closure_maker(void) { return (const void *)push_identity_closure; }

// A CGRect's record, {origin = {x, y}, size = {width, height}}, made from four numbers in C:
// what a getter of a rect written against Lua's API does, with the keys interned as a
// record's are.
static void set_number(lua_State *L, const char *key, lua_Number value) {
    lua_pushnumber(L, value);
    lua_setfield(L, -2, key);
}

static int rect_record(lua_State *L) {
    (void)lua_tointegerx(L, 1, NULL);
    lua_createtable(L, 0, 2);
    lua_createtable(L, 0, 2);
    set_number(L, "x", 10);
    set_number(L, "y", 20);
    lua_setfield(L, -2, "origin");
    lua_createtable(L, 0, 2);
    set_number(L, "width", 300);
    set_number(L, "height", 200);
    lua_setfield(L, -2, "size");
    return 1;
}

const void *bench_rect_record_function(void) { return (const void *)rect_record; }

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

int bench_lua_run_made(void *state, const void *maker) {
    lua_State *L = state;
    if (lua_gettop(L) < 2) {  // the function `maker` makes, kept at 2 for the next runs
        lua_settop(L, 1);
        lua_pushcfunction(L, (lua_CFunction)maker);
        if (report(L, lua_pcall(L, 0, 1, 0)) != LUA_OK)
            return -1;
    }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    int status = report(L, lua_pcall(L, 1, 1, 0));
    lua_settop(L, 2);
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
