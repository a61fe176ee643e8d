// Lua's one hook per thread, which the runtime owns: the time budget's count hook that stops a
// call (budget.c) and the debugger's call, return and line events (debugger.c) go through the
// same function, with the masks of both. Scripts cannot reach debug.sethook (sandbox.c), so
// nothing else ever replaces it.
#include "internal.h"

static void rb_runtime_hook(lua_State *L, lua_Debug *ar) {
    rb_runtime *rt = rb_runtime_of(L);
    if (ar->event == LUA_HOOKCOUNT) {
        rb_budget_check(rt, L);  // raises when the call is being stopped
        if (!atomic_load(&rt->pause_requested)) {
            // Armed for a call that has finished or was not stopped after all: back to the
            // debugger's own mask.
            rb_apply_hook(rt, L);
            return;
        }
    }
    rb_debug_event(rt, L, ar);
}

void rb_apply_hook(rb_runtime *rt, lua_State *L) {
    int mask = atomic_load(&rt->debug_mask);
    int count = 0;
    if (rb_stopping(rt) || atomic_load(&rt->pause_requested)) {
        mask |= LUA_MASKCOUNT;
        count = 1;
    }
    lua_Debug ar;
    if ((mask & LUA_MASKCALL) && !(mask & LUA_MASKLINE) && lua_getstack(L, 0, &ar) &&
        rb_debug_wants_lines(rt, L, &ar, 0))
        mask |= LUA_MASKLINE | LUA_MASKRET;
    if (mask != 0)
        lua_sethook(L, rb_runtime_hook, mask, count);
    else if (lua_gethook(L) != NULL)
        lua_sethook(L, NULL, 0, 0);
}

void rb_arm_hook(rb_runtime *rt, lua_State *L) {
    lua_sethook(L, rb_runtime_hook, atomic_load(&rt->debug_mask) | LUA_MASKCOUNT, 1);
}
