// The time budget for calls into Lua (embedding rule 5).
//
// No hook is installed while a call is within its budget, so scripts run at full speed. A
// watchdog thread sleeps until the outermost call's deadline; if that call is still running it
// installs a count hook on the running thread (lua_sethook may be called from another thread).
// The hook re-checks the deadline itself, then raises on every tick until the outermost call
// returns, so a script's own pcall cannot swallow the error. coroutine.resume and
// coroutine.wrap are wrapped to keep `running` current and to hook coroutines resumed late.
#include "internal.h"
#include <stdio.h>
#include <time.h>

// When no call is active the watchdog looks again this often, so a call that starts while it
// sleeps is noticed at most this late.
static const long long idle_period_ns = 20 * 1000 * 1000;

long long rb_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void rb_budget_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    rb_runtime *rt = rb_runtime_of(L);
    if (!atomic_load(&rt->expired)) {
        if (!atomic_load(&rt->active) || rb_monotonic_ns() < atomic_load(&rt->deadline_ns)) {
            lua_sethook(L, NULL, 0, 0);  // armed for a call that has finished
            return;
        }
        atomic_store(&rt->expired, 1);
    }
    char seconds[32];  // lua_pushfstring has no %g
    snprintf(seconds, sizeof seconds, "%g", rt->budget);
    luaL_where(L, 0);  // in a hook, level 0 is the Lua function that was interrupted
    lua_pushfstring(L, "%stime budget of %s s exceeded", lua_tostring(L, -1), seconds);
    lua_error(L);
}

static void rb_arm(lua_State *L) {
    lua_sethook(L, rb_budget_hook, LUA_MASKCOUNT, 1);
}

void rb_budget_hook_thread(rb_runtime *rt, lua_State *co) {
    if (atomic_load(&rt->expired))
        rb_arm(co);
    else if (lua_gethook(co) == rb_budget_hook)
        lua_sethook(co, NULL, 0, 0);
}

static void deadline_timespec(long long ns, struct timespec *ts) {
    // pthread_cond_timedwait measures against CLOCK_REALTIME by default; convert.
    long long delta = ns - rb_monotonic_ns();
    clock_gettime(CLOCK_REALTIME, ts);
    long long target = (long long)ts->tv_sec * 1000000000LL + ts->tv_nsec + (delta > 0 ? delta : 0);
    ts->tv_sec = target / 1000000000LL;
    ts->tv_nsec = target % 1000000000LL;
}

static void *rb_watchdog_main(void *arg) {
    rb_runtime *rt = arg;
    pthread_mutex_lock(&rt->mutex);
    while (!rt->stopping) {
        long long now = rb_monotonic_ns();
        long long wake_at = now + idle_period_ns;
        if (atomic_load(&rt->active)) {
            long long deadline = atomic_load(&rt->deadline_ns);
            if (now >= deadline)
                rb_arm(atomic_load(&rt->running));  // again each period: `running` may change
            else if (deadline < wake_at)
                wake_at = deadline;
        }
        struct timespec ts;
        deadline_timespec(wake_at, &ts);
        int rc;
        do {
            rc = pthread_cond_timedwait(&rt->wake, &rt->mutex, &ts);
        } while (rc == 0 && !rt->stopping && rb_monotonic_ns() < wake_at);
    }
    pthread_mutex_unlock(&rt->mutex);
    return NULL;
}

void rb_set_time_budget(lua_State *L, double seconds) {
    rb_runtime *rt = rb_runtime_of(L);
    rt->budget = seconds > 0 ? seconds : 0;
    if (rt->budget > 0 && !rt->watchdog_running)
        rt->watchdog_running = pthread_create(&rt->watchdog, NULL, rb_watchdog_main, rt) == 0;
}

double rb_time_budget(lua_State *L) { return rb_runtime_of(L)->budget; }

void rb_watchdog_stop(rb_runtime *rt) {
    if (!rt->watchdog_running)
        return;
    pthread_mutex_lock(&rt->mutex);
    rt->stopping = 1;
    pthread_cond_signal(&rt->wake);
    pthread_mutex_unlock(&rt->mutex);
    pthread_join(rt->watchdog, NULL);
    rt->watchdog_running = 0;
}

void rb_budget_enter(rb_runtime *rt, lua_State *L) {
    if (rt->depth++ > 0)
        return;
    atomic_store(&rt->running, L);
    if (rt->budget > 0) {
        atomic_store(&rt->deadline_ns, rb_monotonic_ns() + (long long)(rt->budget * 1e9));
        atomic_store(&rt->active, 1);
    }
}

void rb_budget_leave(rb_runtime *rt) {
    if (--rt->depth > 0)
        return;
    atomic_store(&rt->active, 0);
    lua_State *last = atomic_exchange(&rt->running, rt->main);
    if (lua_gethook(last) == rb_budget_hook)
        lua_sethook(last, NULL, 0, 0);
    if (lua_gethook(rt->main) == rb_budget_hook)
        lua_sethook(rt->main, NULL, 0, 0);
    atomic_store(&rt->expired, 0);
}

// coroutine.resume(co, ...): the original, with `running` pointing at co while it runs.
static int rb_resume(lua_State *L) {
    rb_runtime *rt = rb_runtime_of(L);
    lua_State *co = lua_tothread(L, 1);
    lua_State *previous = atomic_load(&rt->running);
    if (co != NULL) {
        rb_budget_hook_thread(rt, co);
        atomic_store(&rt->running, co);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    atomic_store(&rt->running, previous);
    rb_budget_hook_thread(rt, L);
    if (status != LUA_OK)
        return lua_error(L);
    return lua_gettop(L);
}

// The function coroutine.wrap returns: resume through rb_resume and raise the coroutine's
// error in the caller, as the original does.
static int rb_wrapped(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int nargs = lua_gettop(L);
    luaL_checkstack(L, 2, "too many arguments to resume");
    lua_pushvalue(L, lua_upvalueindex(2));  // rb_resume
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_rotate(L, 1, 2);
    lua_call(L, nargs + 1, LUA_MULTRET);
    if (lua_toboolean(L, 1)) {
        lua_remove(L, 1);
        return lua_gettop(L);
    }
    int status = lua_status(co);
    if (status != LUA_OK && status != LUA_YIELD)
        lua_resetthread(co);  // close its to-be-closed variables
    if (status != LUA_ERRMEM && lua_type(L, 2) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_pushvalue(L, 2);
        lua_concat(L, 2);
    } else {
        lua_pushvalue(L, 2);
    }
    return lua_error(L);
}

// coroutine.wrap(f): a coroutine made by coroutine.create, resumed by rb_wrapped.
static int rb_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));  // coroutine.create
    lua_insert(L, 1);
    lua_call(L, 1, 1);
    lua_pushvalue(L, lua_upvalueindex(2));  // rb_resume
    lua_pushcclosure(L, rb_wrapped, 2);
    return 1;
}

int rb_install_coroutine_wrappers(lua_State *L) {
    lua_getglobal(L, "coroutine");
    lua_getfield(L, -1, "resume");
    lua_pushcclosure(L, rb_resume, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "resume");
    lua_getfield(L, -2, "create");
    lua_insert(L, -2);
    lua_pushcclosure(L, rb_wrap, 2);
    lua_setfield(L, -2, "wrap");
    lua_pop(L, 1);
    return 0;
}
