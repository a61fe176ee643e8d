// Lua 5.1's getfenv and setfenv over 5.4's _ENV upvalue, for the tools that still use them
// (busted, in `rebound test`): without them they would need debug.getupvalue and
// debug.setupvalue, which scripts are not given. They touch only a Lua function's upvalue
// named _ENV: native functions have none, so nothing the host relies on can be swapped.
#include "internal.h"

#include <string.h>

// The function a getfenv/setfenv argument names: a function, or a stack level (1 is the caller).
static void rb_fenv_function(lua_State *L) {
    if (lua_type(L, 1) == LUA_TFUNCTION) {
        lua_pushvalue(L, 1);
        return;
    }
    lua_Integer level = luaL_optinteger(L, 1, 1);
    lua_Debug ar;
    if (level < 1 || !lua_getstack(L, (int)level, &ar))
        luaL_argerror(L, 1, "invalid level");
    lua_getinfo(L, "f", &ar);
}

// The index of the function's _ENV upvalue (on top of the stack), or 0.
static int rb_fenv_upvalue(lua_State *L) {
    if (lua_iscfunction(L, -1))
        return 0;
    for (int index = 1;; index++) {
        const char *name = lua_getupvalue(L, -1, index);
        if (name == NULL)
            return 0;
        lua_pop(L, 1);
        if (strcmp(name, "_ENV") == 0)
            return index;
    }
}

static int rb_getfenv(lua_State *L) {
    rb_fenv_function(L);
    int index = rb_fenv_upvalue(L);
    if (index == 0)
        lua_pushglobaltable(L);
    else
        lua_getupvalue(L, -1, index);
    return 1;
}

// A fresh upvalue for the function's _ENV first (joined to one of a new closure), so that
// other functions sharing the old _ENV keep theirs.
static int rb_setfenv(lua_State *L) {
    luaL_checktype(L, 2, LUA_TTABLE);
    rb_fenv_function(L);
    int function = lua_gettop(L);
    int index = rb_fenv_upvalue(L);
    if (index > 0) {
        if (luaL_loadstring(L, "local e; return function() return e end") != LUA_OK)
            return lua_error(L);
        lua_call(L, 0, 1);
        lua_upvaluejoin(L, function, index, -1, 1);
        lua_pop(L, 1);
        lua_pushvalue(L, 2);
        lua_setupvalue(L, function, index);
    }
    return 1;
}

static int rb_open_function_environments_k(lua_State *L) {
    lua_pushcfunction(L, rb_getfenv);
    lua_setglobal(L, "getfenv");
    lua_pushcfunction(L, rb_setfenv);
    lua_setglobal(L, "setfenv");
    return 0;
}

int rb_open_function_environments(lua_State *L) { return rb_protect(L, rb_open_function_environments_k, 0, 0); }
