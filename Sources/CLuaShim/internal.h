// State shared by the shim's files; Swift never sees it.
#ifndef REBOUND_INTERNAL_H
#define REBOUND_INTERNAL_H

#include "rebound_lua.h"
#include <pthread.h>
#include <stdatomic.h>

/// How many chunks the debugger's cache of source addresses holds (debugger.c).
enum { RB_DEBUG_CACHE_SIZE = 64 };

struct rb_runtime {
    // Allocator (only touched by the thread that owns the state).
    size_t used;
    size_t limit;
    unsigned long allocations;
    unsigned long fail_at;
    int fail_persistent;

    // Calls into Lua. `depth` counts nested calls from Swift; the outermost one sets the
    // deadline and marks the state active. `running` is the thread Lua code runs on now.
    lua_State *main;
    _Atomic(lua_State *) running;
    int depth;
    double budget;
    _Atomic long long deadline_ns;
    // What was left of the budget when the debugger took hold of the program.
    long long held_left_ns;
    // RB_ACTIVE while a call from Swift runs, RB_INTERRUPT once an interrupt was asked for
    // (it stops the running call, or the next one): one word, so that a call starting and
    // an interrupt arriving at once always see each other.
    atomic_int call_state;
    // Why the running call is being stopped (RB_STOP_*), sticky until the outermost call
    // returns.
    atomic_int stop_reason;
    // Set while another thread installs the hook on `running`: the owning thread waits for it
    // to clear after switching threads, so the hook is never installed on a thread that may
    // have been freed since.
    atomic_int arming;

    // Watchdog thread, started when a budget is first set. `mutex` also serializes the
    // threads that install hooks (the watchdog and rb_interrupt).
    pthread_t watchdog;
    pthread_mutex_t mutex;
    pthread_cond_t wake;
    int watchdog_running;
    int stopping;

    // The debugger (debugger.c): Swift's stop function, the breakpoints by chunk, the cache of
    // chunks seen by their source string's address, and the step in progress. `debug_mask` is
    // the hook mask every thread needs for it (0 while nothing is to be stopped at); other
    // threads read it when they arm the count hook.
    rb_debug_fn debug_stop;
    void *debug_context;
    struct rb_debug_file *debug_files;
    int debug_file_count;
    struct rb_debug_cached {
        const char *source;
        int file;
    } debug_cache[RB_DEBUG_CACHE_SIZE];
    int debug_cached;
    int debug_anchor_ref;
    int debug_exceptions;
    int debug_step;
    int debug_step_reason;
    lua_State *debug_step_thread;
    int debug_step_depth;
    lua_State *debug_stop_thread;
    int debug_stop_depth;
    int debug_stopped;
    atomic_int debug_mask;
    atomic_int pause_requested;

    // Registry references to the shim's own tables.
    int object_cache_ref;
    int callback_metatable_ref;

    long live_objects;
    // Slots: each object userdata sits at an integer key of the identity cache; Swift keeps
    // the object's slot and finds the userdata with two array reads.
    int next_slot;
    int *free_slots;
    int free_count;
    int free_capacity;
    long live_refs;

    rb_release_fn release;
    rb_warning_fn warn;
    void *warn_context;
    char warning[1024];
    size_t warning_length;
};

/// The runtime of any thread of the state: kept in the extra space that every thread copies
/// from the main thread when it is created.
static inline rb_runtime *rb_runtime_of(lua_State *L) { return *(rb_runtime **)lua_getextraspace(L); }

/// Why a call is stopped (rb_runtime.stop_reason).
enum { RB_STOP_NONE = 0, RB_STOP_BUDGET = 1, RB_STOP_INTERRUPT = 2 };
/// The bits of rb_runtime.call_state.
enum { RB_ACTIVE = 1, RB_INTERRUPT = 2 };

long long rb_monotonic_ns(void);
/// Whether the running call is being stopped (the budget ran out, or an interrupt came).
int rb_stopping(rb_runtime *rt);
/// Raises the error that stops the running call (from the hook): "time budget exceeded" or
/// "interrupted". Returns only when the call is not being stopped.
void rb_budget_check(rb_runtime *rt, lua_State *L);
/// For native work that runs long inside one C call on the running thread (patterns.c): stops
/// the call as the hook would, and hooks the thread, so that a script's pcall around the work
/// cannot keep the call going.
void rb_budget_check_native(rb_runtime *rt, lua_State *L);
/// The time budget stands still while the debugger holds the program, and goes on after.
void rb_budget_hold(rb_runtime *rt);
void rb_budget_release(rb_runtime *rt);
/// Gives `L` the hook it needs now: the debugger's events for the function it runs, and the
/// count hook while the call is being stopped or a pause is asked for. Owning thread only.
void rb_apply_hook(rb_runtime *rt, lua_State *L);
/// The userdata in the identity cache at `slot` when it stands for `object`, pushed (returns
/// 1); otherwise pushes nothing. Raw reads neither allocate nor raise. Needs two stack slots.
int rb_pushcached(lua_State *L, void *object, int slot);
/// The userdata Lua has for the native object at `target` (whose Int32 identity-cache slot is
/// at byte `slot_offset`), or nil, pushed (returns 1); 0, pushing nothing, when it has none
/// yet. Raises nothing.
int rb_pushreferenced(lua_State *L, const char *target, lua_Integer slot_offset);
/// Adds the count hook to `L`'s, from any thread (the watchdog, an interrupt, a pause).
void rb_arm_hook(rb_runtime *rt, lua_State *L);
/// The debugger's part of the hook (debugger.c): call, return and line events, and the
/// count event of a pause.
void rb_debug_event(rb_runtime *rt, lua_State *L, lua_Debug *ar);
/// Whether the function at `ar` (from lua_getstack) needs line events; `in_hook` when called
/// from a hook event, the only place where it may allocate (and so raise). Owning thread only.
int rb_debug_wants_lines(rb_runtime *rt, lua_State *L, lua_Debug *ar, int in_hook);
/// How many frames `L`'s stack has (levels 0 to depth - 1).
int rb_debug_depth(lua_State *L);
/// Tells the debugger that an error is being raised (from a message handler whose error value
/// is at index 1); `caught` when a script's own pcall will catch it.
void rb_debug_exception(rb_runtime *rt, lua_State *L, int caught);
/// Frees the debugger's tables (rb_free_runtime).
void rb_debug_free(rb_runtime *rt);
void rb_budget_enter(rb_runtime *rt, lua_State *L);
void rb_budget_leave(rb_runtime *rt);
/// Makes `to` the running thread and returns the one that ran before; `to` is hooked if the
/// call is being stopped and unhooked otherwise. Owning thread only.
lua_State *rb_switch(rb_runtime *rt, lua_State *to);
/// lua_resume of `co` (from `L`), with `co` as the running thread while it runs.
int rb_resume_thread(lua_State *L, lua_State *co, int nargs, int *nresults);
/// lua_resetthread of `co` (running its pending `__close` handlers), with `co` running.
int rb_reset_thread(lua_State *L, lua_State *co);
void rb_watchdog_stop(rb_runtime *rt);
/// The scripts' coroutine library: resume, wrap and close run their coroutines through
/// rb_resume_thread / rb_reset_thread.
int rb_open_coroutines(lua_State *L);
/// The sandbox (sandbox.c): text-only loading, `require`'s searchers, the debug library.
int rb_open_sandbox(lua_State *L, const char *native_paths);
/// Whether the state is confined (confine.c).
int rb_confined(lua_State *L);
/// Checks that `path` may be read (or written) under the state's confinement, raising an
/// error that names `function` when not; pushes and returns the path with its symlinks
/// resolved. Without a confinement, returns `path` and pushes nothing.
const char *rb_confine_path(lua_State *L, const char *function, const char *path, int writing);
/// package.searchpath for a confined state: it looks for no file outside the roots (confine.c).
int rb_confined_searchpath(lua_State *L);
/// string.find, match, gmatch and gsub whose matching runs under the time budget (patternlib.c).
void rb_open_budgeted_patterns(lua_State *L);
/// Replaces pcall and xpcall with ones whose errors the debugger sees (pcall.c).
void rb_open_pcall(lua_State *L);
/// `setmetatable` whose `__gc` finalizers run under the time budget (finalizers.c).
int rb_open_finalizers(lua_State *L);
int rb_object_gc(lua_State *L);
void rb_free_slots(rb_runtime *rt);
int rb_msghandler(lua_State *L);
/// What a trampoline closure calls: a Swift function and its context object. The block is the
/// closure's userdata; its __gc releases the context (which therefore comes first).
typedef struct rb_native {
    void *context;
    rb_native_fn fn;
} rb_native;

/// The trampoline's body: runs `fn` with the stack as its frame and raises what it returns.
int rb_call_native(lua_State *L, rb_native_fn fn, void *context);
/// The block of the trampoline closure at `index`, or NULL for any other value.
rb_native *rb_native_block(lua_State *L, int index);
/// Pushes a new value userdata of `type` holding a copy of `size` bytes (raises on memory
/// errors: call it protected).
void rb_newvalue(lua_State *L, int type, const void *bytes, size_t size);
/// Builds the record `shape` describes from `values` (records.c); raises on memory errors and
/// needs 2 * RB_RECORD_DEPTH free stack slots.
void rb_newrecord(lua_State *L, const int *shape, const double *values);
/// The bytes of the value userdata (an NSIndexPath) at `index` and their count, or NULL for
/// any other value.
const void *rb_value_payload(lua_State *L, int index, size_t *size);
/// Pushes user value `slot` of the userdata at `object`, creating it as a table if needed
/// (slot 1: script fields; slot 2: ownership edges).
void rb_push_uservalue_table(lua_State *L, int object, int slot);
/// Pushes a new metatable for native objects: __gc, __name, __metatable and the object marker.
void rb_push_object_metatable(lua_State *L, const char *name, int finalized);
/// Replaces the message on top of the stack with a clearer one when it reports a call of a
/// missing method whose lookup the class dispatch recorded (see classes.c).
void rb_describe_missing_method(lua_State *L);
/// The slots of a class's info table (registry -> {class userdata -> info}) (classes.c).
enum { RB_INFO_METHODS = 1, RB_INFO_PROPERTIES, RB_INFO_NAME, RB_INFO_CLASSMETHODS, RB_INFO_FIELDS };
/// The user values of a super proxy `obj[Super]` (superproxy.c).
enum { RB_SUPER_OBJECT = 1, RB_SUPER_METHODS, RB_SUPER_PROPERTIES, RB_SUPER_NAME };
/// Calls the getter of the property entry on top with the object at `object`; leaves the
/// value (classes.c).
void rb_call_getter(lua_State *L, int object);
/// Remembers that looking `key` up on the object at `object` found nothing (misses.c).
void rb_note_miss(lua_State *L, int object, int key);
/// Hands the key at 2, which names no member, to the field checker. Stack: object, key, value
/// (misses.c).
void rb_check_field_name(lua_State *L);
/// Pushes a super proxy for the object at `object` over the class info table at `info`
/// (superproxy.c).
void rb_new_superproxy(lua_State *L, int object, int info);
/// Whether the table at `metatable` is super proxies' metatable; pushes nothing (superproxy.c).
int rb_is_superproxy_metatable(lua_State *L, int metatable);
/// Makes super proxies' metatable once (superproxy.c).
void rb_ensure_superproxy_metatable(lua_State *L);
/// Whether `key` names a property of the instance, class (a class property) or super proxy at
/// `receiver` (classes.c).
int rb_hasproperty(lua_State *L, int receiver, int key);
/// Pushes the setter method `obj:setName(v)` when `key` is "setName" and the property table at
/// `properties` has a writable `name`; returns whether it did (propertycalls.c).
int rb_pushsettermethod(lua_State *L, int key, int properties);
/// `__call` of values that are not functions: `obj:prop()` gives the value (propertycalls.c).
int rb_value_call(lua_State *L);
/// Gives nil, booleans, numbers and strings that `__call`.
int rb_open_property_calls(lua_State *L);
/// Calls the function in upvalue `upvalue` with this call's arguments and returns its one
/// result: how a C fast path hands everything else to the implementation it stands in for.
static inline int rb_call_upvalue(lua_State *L, int upvalue) {
    lua_pushvalue(L, lua_upvalueindex(upvalue));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}
/// Runs `f` with the top `nargs` values as arguments under lua_pcall, without a message handler.
int rb_protect(lua_State *L, lua_CFunction f, int nargs, int nresults);

#endif
