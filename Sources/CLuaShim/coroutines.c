// The coroutine functions that run a coroutine: resume, wrap and close. They behave as Lua's
// own (lcorolib.c), but run the coroutine through rb_resume_thread / rb_reset_thread, so the
// runtime always knows which thread runs and can stop it. They call the interpreter
// directly: Lua's original functions are never on a stack where a script could reach them.
#include "internal.h"

static lua_State *rb_checkco(lua_State *L, int index) {
    lua_State *co = lua_tothread(L, index);
    luaL_argexpected(L, co != NULL, index, "coroutine");
    return co;
}

// Moves `narg` arguments to `co` and resumes it; returns the number of results moved back, or
// -1 with the error value on L's stack.
static int rb_auxresume(lua_State *L, lua_State *co, int narg) {
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    lua_xmove(L, co, narg);
    int nres;
    int status = rb_resume_thread(L, co, narg, &nres);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            lua_pushliteral(L, "too many results to resume");
            return -1;
        }
        lua_xmove(co, L, nres);
        return nres;
    }
    lua_xmove(co, L, 1);
    return -1;
}

static int rb_coresume(lua_State *L) {
    lua_State *co = rb_checkco(L, 1);
    int r = rb_auxresume(L, co, lua_gettop(L) - 1);
    if (r < 0) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(r + 1));
    return r + 1;
}

// The function coroutine.wrap returns: resumes its coroutine and raises its error in the
// caller, after closing the dead coroutine's to-be-closed variables.
static int rb_auxwrap(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int r = rb_auxresume(L, co, lua_gettop(L));
    if (r >= 0)
        return r;
    int status = lua_status(co);
    if (status != LUA_OK && status != LUA_YIELD) {
        status = rb_reset_thread(L, co);
        lua_xmove(co, L, 1);
    }
    if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static int rb_cowrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, rb_auxwrap, 1);
    return 1;
}

enum { RB_CO_RUNNING, RB_CO_SUSPENDED, RB_CO_NORMAL, RB_CO_DEAD };

static int rb_costatus(lua_State *L, lua_State *co) {
    if (L == co)
        return RB_CO_RUNNING;
    switch (lua_status(co)) {
    case LUA_YIELD: return RB_CO_SUSPENDED;
    case LUA_OK: {
        lua_Debug ar;
        if (lua_getstack(co, 0, &ar))
            return RB_CO_NORMAL;  // it resumed another coroutine
        return lua_gettop(co) == 0 ? RB_CO_DEAD : RB_CO_SUSPENDED;
    }
    default: return RB_CO_DEAD;  // it died with an error
    }
}

static int rb_coclose(lua_State *L) {
    static const char *const names[] = {"running", "suspended", "normal", "dead"};
    lua_State *co = rb_checkco(L, 1);
    int status = rb_costatus(L, co);
    if (status != RB_CO_DEAD && status != RB_CO_SUSPENDED)
        return luaL_error(L, "cannot close a %s coroutine", names[status]);
    if (rb_reset_thread(L, co) == LUA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_xmove(co, L, 1);
    return 2;
}

int rb_open_coroutines(lua_State *L) {
    lua_getglobal(L, "coroutine");
    lua_pushcfunction(L, rb_coresume);
    lua_setfield(L, -2, "resume");
    lua_pushcfunction(L, rb_cowrap);
    lua_setfield(L, -2, "wrap");
    lua_pushcfunction(L, rb_coclose);
    lua_setfield(L, -2, "close");
    lua_pop(L, 1);
    return 0;
}
