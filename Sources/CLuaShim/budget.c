// Stopping calls into Lua: the time budget (docs/error-safety.md, rule 5) and interrupts (Ctrl-C).
//
// The budget installs no hook while a call runs normally, so scripts run at full speed. To stop
// a call, the count hook (hook.c) is installed on the thread that runs Lua code right now (`running`):
// by the watchdog thread when the outermost call's deadline passes, or by rb_interrupt. The
// hook raises on every tick until the outermost call returns, so a script's own pcall cannot
// swallow the error. Every thread switch goes through rb_switch, which hooks the thread
// switched to when the call is being stopped, so coroutines resumed later are stopped too.
//
// Another thread installs the hook inside an "arming" section; the owning thread waits for
// that section to end after each switch, so a hook is never installed on a thread that may
// have been freed since it stopped running.
#include "internal.h"
#include <limits.h>
#include <sched.h>
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

// The deadline of a call that starts now. Every call from Swift starts one, so it reads the
// coarse clock (a few nanoseconds, against some twenty-five for the precise one) and adds one
// tick of it, which keeps the deadline from coming early: a call always gets its whole budget,
// and at most a tick (a few milliseconds) more.
static long long rb_deadline_after(double budget) {
    static _Atomic long long tick = -1;  // states on several threads may start at once
    struct timespec ts;
    long long tick_ns = atomic_load_explicit(&tick, memory_order_relaxed);
    if (tick_ns < 0) {
        clock_getres(CLOCK_MONOTONIC_COARSE, &ts);
        tick_ns = (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
        atomic_store_explicit(&tick, tick_ns, memory_order_relaxed);
    }
    clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec + tick_ns + (long long)(budget * 1e9);
}

// Why the active call must stop now (RB_STOP_NONE when it need not), kept once decided.
static int rb_stop_reason(rb_runtime *rt) {
    int reason = atomic_load(&rt->stop_reason);
    if (reason != RB_STOP_NONE)
        return reason;
    int state = atomic_load(&rt->call_state);
    if (!(state & RB_ACTIVE))
        return RB_STOP_NONE;
    if (state & RB_INTERRUPT)
        reason = RB_STOP_INTERRUPT;
    else if (rt->budget > 0 && rb_monotonic_ns() >= atomic_load(&rt->deadline_ns))
        reason = RB_STOP_BUDGET;
    else
        return RB_STOP_NONE;
    atomic_store(&rt->stop_reason, reason);
    return reason;
}

static void rb_raise_stop(rb_runtime *rt, lua_State *L, int reason) {
    luaL_where(L, 0);  // in a hook, level 0 is the Lua function that was interrupted
    if (reason == RB_STOP_INTERRUPT) {
        lua_pushfstring(L, "%sinterrupted", lua_tostring(L, -1));
    } else {
        char seconds[32];  // lua_pushfstring has no %g
        snprintf(seconds, sizeof seconds, "%g", rt->budget);
        lua_pushfstring(L, "%stime budget of %s s exceeded", lua_tostring(L, -1), seconds);
    }
    lua_error(L);
}

void rb_budget_check(rb_runtime *rt, lua_State *L) {
    int reason = rb_stop_reason(rt);
    if (reason != RB_STOP_NONE)
        rb_raise_stop(rt, L, reason);
}

void rb_budget_check_native(rb_runtime *rt, lua_State *L) {
    int reason = rb_stop_reason(rt);
    if (reason == RB_STOP_NONE)
        return;
    rb_arm_hook(rt, L);  // this thread runs the call: hooking it here needs no arming section
    rb_raise_stop(rt, L, reason);
}

// Hooks the running thread of an active call, from any thread; the caller holds rt->mutex.
static void rb_arm_running(rb_runtime *rt) {
    atomic_store(&rt->arming, 1);
    if (atomic_load(&rt->call_state) & RB_ACTIVE)
        rb_arm_hook(rt, atomic_load(&rt->running));
    atomic_store(&rt->arming, 0);
}

// The owning thread, after changing `running` or ending the call: waits out an arming
// section that may have read the old values.
static void rb_await_arming(rb_runtime *rt) {
    while (atomic_load(&rt->arming))
        sched_yield();
}

int rb_stopping(rb_runtime *rt) {
    return atomic_load(&rt->stop_reason) != RB_STOP_NONE || (atomic_load(&rt->call_state) & RB_INTERRUPT);
}

lua_State *rb_switch(rb_runtime *rt, lua_State *to) {
    lua_State *previous = atomic_exchange(&rt->running, to);
    rb_await_arming(rt);
    rb_apply_hook(rt, to);
    return previous;
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
        if (atomic_load(&rt->call_state) & RB_ACTIVE) {
            long long deadline = atomic_load(&rt->deadline_ns);
            if (now >= deadline)
                rb_arm_running(rt);  // again each period: `running` may change
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

void rb_interrupt(rb_runtime *rt) {
    pthread_mutex_lock(&rt->mutex);
    atomic_fetch_or(&rt->call_state, RB_INTERRUPT);
    rb_arm_running(rt);
    pthread_mutex_unlock(&rt->mutex);
}

void rb_debug_pause(rb_runtime *rt) {
    pthread_mutex_lock(&rt->mutex);
    atomic_store(&rt->pause_requested, 1);
    rb_arm_running(rt);
    pthread_mutex_unlock(&rt->mutex);
}

// The deadline moves on by the time the program was held: the watchdog sees no deadline while
// it is held (it reads the deadline again on each wake).
void rb_budget_hold(rb_runtime *rt) {
    rt->held_left_ns = atomic_load(&rt->deadline_ns) - rb_monotonic_ns();
    atomic_store(&rt->deadline_ns, LLONG_MAX);
}

void rb_budget_release(rb_runtime *rt) {
    atomic_store(&rt->deadline_ns, rb_monotonic_ns() + (rt->held_left_ns > 0 ? rt->held_left_ns : 0));
}

// The outermost call starts and ends with one read-modify-write of call_state each; the
// other stores are the owning thread's own (the watchdog reads the deadline only after it
// has seen RB_ACTIVE, which the read-modify-write publishes).
void rb_budget_enter(rb_runtime *rt, lua_State *L) {
    if (rt->depth++ > 0)
        return;
    if (rt->budget > 0)
        atomic_store_explicit(&rt->deadline_ns, rb_deadline_after(rt->budget), memory_order_relaxed);
    atomic_store_explicit(&rt->running, L, memory_order_relaxed);
    // An interrupt that came while no call ran stops this one. RB_ACTIVE is clear here, so
    // adding it sets it, in one instruction where fetch-or would be a compare-and-swap loop.
    if ((atomic_fetch_add(&rt->call_state, RB_ACTIVE) & RB_INTERRUPT) || atomic_load(&rt->pause_requested))
        rb_arm_hook(rt, L);
}

void rb_budget_restart(rb_runtime *rt) {
    // The watchdog reads the deadline again when it wakes, so a later one simply holds.
    if (rt->depth > 0 && rt->budget > 0)
        atomic_store_explicit(&rt->deadline_ns, rb_deadline_after(rt->budget), memory_order_relaxed);
}

void rb_budget_leave(rb_runtime *rt) {
    if (--rt->depth > 0)
        return;
    lua_State *last = atomic_load_explicit(&rt->running, memory_order_relaxed);
    atomic_store_explicit(&rt->running, rt->main, memory_order_relaxed);
    atomic_fetch_and(&rt->call_state, ~(RB_ACTIVE | RB_INTERRUPT));
    rb_await_arming(rt);
    if (atomic_load_explicit(&rt->stop_reason, memory_order_relaxed) != RB_STOP_NONE)
        atomic_store_explicit(&rt->stop_reason, RB_STOP_NONE, memory_order_relaxed);
    // Most calls end with no hook to change: none installed, and neither the debugger nor a
    // pause to install one for. (An interrupt that comes from now on is armed by the next
    // call's rb_budget_enter.) Only then is applying the hook left out.
    if (atomic_load(&rt->debug_mask) != 0 || atomic_load(&rt->pause_requested) || lua_gethook(last) != NULL ||
        lua_gethook(rt->main) != NULL) {
        rb_apply_hook(rt, last);
        if (last != rt->main)
            rb_apply_hook(rt, rt->main);
    }
}

int rb_resume_thread(lua_State *L, lua_State *co, int nargs, int *nresults) {
    rb_runtime *rt = rb_runtime_of(L);
    lua_State *previous = rb_switch(rt, co);
    int status = lua_resume(co, L, nargs, nresults);
    rb_switch(rt, previous);
    return status;
}

int rb_reset_thread(lua_State *L, lua_State *co) {
    rb_runtime *rt = rb_runtime_of(L);
    lua_State *previous = rb_switch(rt, co);
    int status = lua_resetthread(co);
    rb_switch(rt, previous);
    return status;
}
