// Script finalizers (`__gc`) under the time budget.
//
// Lua turns hooks off while it runs a finalizer, so an endless loop in `__gc` could never be
// stopped. Scripts therefore get a `setmetatable` that keeps Lua from marking the table for
// finalization and marks it here instead: a sentinel userdata with a `__gc` of ours,
// reachable only through an ephemeron entry `table -> sentinel`, so it becomes garbage
// together with the table. When it is finalized, the sentinel calls the table's current
// `__gc` in a fresh coroutine, which hooks reach, under the budget. What scripts see is
// Lua's own rule: a table is finalized if its metatable had `__gc` when it was set, with
// the `__gc` it has at collection time, in reverse order of marking, once.
#include "internal.h"

static const char rb_sentinels_key = 0;  // registry: {table -> sentinel}, weak keys
static const char rb_sentinel_metatable_key = 0;

// Runs the `__gc` of the table in the sentinel's user value (the sentinel's own `__gc`).
static int rb_run_finalizer(lua_State *L) {
    if (lua_type(L, 1) != LUA_TUSERDATA || lua_getiuservalue(L, 1, 1) != LUA_TTABLE)
        return 0;
    // Finalized once: a later setmetatable with `__gc` marks the table anew, as in Lua.
    lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_sentinels_key);
    lua_pushvalue(L, 2);
    lua_pushnil(L);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    if (!lua_getmetatable(L, 2))
        return 0;
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, -2) == LUA_TNIL)
        return 0;
    lua_State *co = lua_newthread(L);
    lua_rotate(L, -2, 1);  // the thread stays anchored below the finalizer
    lua_pushvalue(L, 2);
    lua_xmove(L, co, 2);
    rb_runtime *rt = rb_runtime_of(L);
    rb_budget_enter(rt, L);  // outside any call, the finalizer gets a budget of its own
    int nresults;
    int status = rb_resume_thread(L, co, 1, &nresults);
    rb_budget_leave(rt);
    if (status == LUA_YIELD) {
        lua_warning(L, "a __gc metamethod yielded; the rest of it does not run", 0);
    } else if (status != LUA_OK) {
        const char *message = lua_type(co, -1) == LUA_TSTRING ? lua_tostring(co, -1) : "error object is not a string";
        lua_warning(L, "error in __gc metamethod (", 1);
        lua_warning(L, message, 1);
        lua_warning(L, ")", 0);
    }
    return 0;
}

// Marks the table at `index` for finalization through a sentinel, unless it has one.
static void rb_watch_finalizer(lua_State *L, int index) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_sentinels_key);
    lua_pushvalue(L, index);
    if (lua_rawget(L, -2) != LUA_TNIL) {
        lua_pop(L, 2);
        return;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, index);
    lua_newuserdatauv(L, 0, 1);
    lua_pushvalue(L, index);
    lua_setiuservalue(L, -2, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_sentinel_metatable_key);
    lua_setmetatable(L, -2);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

// setmetatable(table, metatable | nil), as Lua's, with finalizers marked through sentinels.
static int rb_setmetatable(lua_State *L) {
    int type = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_pushliteral(L, "__gc");
    if (type == LUA_TTABLE && lua_rawget(L, 2) != LUA_TNIL) {
        // Hidden while the metatable is set, so Lua does not mark the table itself. Setting
        // an existing key never allocates, so neither assignment can fail.
        lua_pushliteral(L, "__gc");
        lua_pushnil(L);
        lua_rawset(L, 2);
        lua_pushvalue(L, 2);
        lua_setmetatable(L, 1);
        lua_pushliteral(L, "__gc");
        lua_pushvalue(L, 3);
        lua_rawset(L, 2);
        rb_watch_finalizer(L, 1);
    } else {
        lua_pushvalue(L, 2);
        lua_setmetatable(L, 1);
    }
    lua_settop(L, 1);
    return 1;
}

int rb_open_finalizers(lua_State *L) {
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &rb_sentinels_key);

    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, rb_run_finalizer);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "finalizer");
    lua_setfield(L, -2, "__metatable");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &rb_sentinel_metatable_key);

    lua_pushcfunction(L, rb_setmetatable);
    lua_setglobal(L, "setmetatable");
    return 0;
}
