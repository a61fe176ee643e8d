// The one way Lua reaches Swift (docs/error-safety.md, rule 1).
#include "internal.h"
#include <string.h>

// Pushes "source:line: " for the Lua code that called the native function running on L, as
// luaL_where(L, 1) does, but past C functions (a class's __index that hands a name on to its
// fallback) and Rebound's own Lua code (chunks named "=(rebound ..."), so an error from a
// native function that a Rebound wrapper called names the user's line.
static void rb_where(lua_State *L) {
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar) && lua_getinfo(L, "Sl", &ar); level++) {
        if (ar.what[0] == 'C' || strncmp(ar.source, "=(rebound ", 10) == 0)
            continue;
        if (ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
        break;
    }
    lua_pushliteral(L, "");
}

// Raises what a native function left for its failure (code n, below 0). Out of line: its
// lua_Debug would otherwise give every native call a large stack frame to set up.
static __attribute__((noinline)) int rb_raise_native(lua_State *L, int n) {
    if (n == RB_RAISE_WHERE && lua_type(L, -1) == LUA_TSTRING) {
        rb_where(L);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

int rb_call_native(lua_State *L, rb_native_fn fn, void *context) {
    rb_runtime *rt = rb_runtime_of(L);
    lua_State *previous = atomic_load_explicit(&rt->running, memory_order_relaxed);
    int n;
    // Lua code runs on `running` (rb_resume_thread switches it), so it is L already unless
    // Lua calls in on a thread the runtime has not switched to.
    if (previous == L) {
        n = fn(L, context);
    } else {
        atomic_store_explicit(&rt->running, L, memory_order_relaxed);
        n = fn(L, context);
        atomic_store_explicit(&rt->running, previous, memory_order_relaxed);
    }
    return n >= 0 ? n : rb_raise_native(L, n);
}

// Upvalue 1: the function's rb_native block.
static int rb_trampoline(lua_State *L) {
    rb_native *native = lua_touserdata(L, lua_upvalueindex(1));
    return rb_call_native(L, native->fn, native->context);
}

rb_native *rb_native_block(lua_State *L, int index) {
    index = lua_absindex(L, index);
    if (lua_tocfunction(L, index) != rb_trampoline || !lua_checkstack(L, 1))
        return NULL;
    lua_getupvalue(L, index, 1);
    rb_native *native = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return native;
}

static int rb_pushnative_k(lua_State *L) {
    rb_runtime *rt = rb_runtime_of(L);
    int *owned = lua_touserdata(L, 3);
    rb_native *native = lua_newuserdatauv(L, sizeof(rb_native), 0);
    native->context = lua_touserdata(L, 2);
    native->fn = (rb_native_fn)lua_touserdata(L, 1);
    if (native->context != NULL) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, rt->callback_metatable_ref);
        lua_setmetatable(L, -2);
        *owned = 1;  // from here the block's __gc releases the context
        rt->live_objects++;
    }
    lua_pushcclosure(L, rb_trampoline, 1);
    return 1;
}

int rb_pushnative(lua_State *L, rb_native_fn fn, void *context, int *owned) {
    *owned = 0;
    if (!lua_checkstack(L, 4))
        return RB_ESTACK;
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushlightuserdata(L, context);
    lua_pushlightuserdata(L, owned);
    return rb_protect(L, rb_pushnative_k, 3, 1);
}
