// Scripts' pcall and xpcall: Lua's own, with a message handler that gives a call of a missing
// method the clear message a top-level error gets ("UIView has no method 'x' (did you mean
// 'y'?)", not "attempt to call a nil value") and shows the debugger each error they catch (a
// "caught" exception breakpoint) before handing it back.
#include "internal.h"

// The error at 1, a missing method's call described as the bridge describes it.
static void rb_clarify(lua_State *L) {
    if (lua_type(L, 1) != LUA_TSTRING)
        return;
    lua_pushvalue(L, 1);
    rb_describe_missing_method(L);
    lua_replace(L, 1);
}

static int rb_caught(lua_State *L) {
    lua_settop(L, 1);
    rb_clarify(L);
    rb_debug_exception(rb_runtime_of(L), L, 1);
    return 1;
}

// xpcall's handler: the debugger sees the error, then the script's own handler makes the result.
static int rb_caught_then_handled(lua_State *L) {
    rb_clarify(L);
    rb_debug_exception(rb_runtime_of(L), L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

// The results of a pcall whose first `extra` stack slots are not results (Lua's finishpcall).
static int rb_finish_pcall(lua_State *L, int status, lua_KContext extra) {
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

static int rb_script_pcall(lua_State *L) {
    luaL_checkany(L, 1);
    lua_pushcfunction(L, rb_caught);
    lua_pushboolean(L, 1);
    lua_rotate(L, 1, 2);  // handler, true, function, arguments
    int status = lua_pcallk(L, lua_gettop(L) - 3, LUA_MULTRET, 1, 1, rb_finish_pcall);
    return rb_finish_pcall(L, status, 1);
}

static int rb_script_xpcall(lua_State *L) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, rb_caught_then_handled, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);  // function, handler, true, function, arguments
    int status = lua_pcallk(L, lua_gettop(L) - 4, LUA_MULTRET, 2, 2, rb_finish_pcall);
    return rb_finish_pcall(L, status, 2);
}

void rb_open_pcall(lua_State *L) {
    lua_pushcfunction(L, rb_script_pcall);
    lua_setglobal(L, "pcall");
    lua_pushcfunction(L, rb_script_xpcall);
    lua_setglobal(L, "xpcall");
}
