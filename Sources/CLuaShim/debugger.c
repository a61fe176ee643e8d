// The debugger's half of the runtime's hook (hook.c): breakpoints by chunk and line, function
// breakpoints, steps, pauses and errors, each ending in a stop that Swift handles
// (rb_debug_fn) while the program is held inside the hook.
//
// The debugger costs nothing until it has something to stop at: with no breakpoint and no
// step, no thread has a hook for it. With breakpoints, only call events run until a function
// whose lines hold a breakpoint is entered; then line and return events run too, until no
// frame on the stack holds one (lua-debug keeps return events on throughout). A function's
// chunk is recognized by the address of its source string; the cache of those addresses
// anchors one function of every chunk it holds, so an address in it cannot be reused by
// another chunk.
#include "internal.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef struct rb_debug_file {
    char *source;
    int *lines;  // sorted; the entries follow the lines in the same block
    int line_count;
    int *entries;
    int entry_count;
} rb_debug_file;

enum { RB_CACHE_FULL = RB_DEBUG_CACHE_SIZE * 3 / 4 };

static void rb_update_mask(rb_runtime *rt) {
    int mask = 0;
    if (rt->debug_stop != NULL && (rt->debug_file_count > 0 || rt->debug_step != RB_STEP_NONE))
        mask = LUA_MASKCALL;
    if (rt->debug_stop != NULL && rt->debug_step != RB_STEP_NONE)
        mask |= LUA_MASKLINE | LUA_MASKRET;
    atomic_store(&rt->debug_mask, mask);
}

static void rb_clear_cache(rb_runtime *rt, lua_State *L) {
    memset(rt->debug_cache, 0, sizeof rt->debug_cache);
    rt->debug_cached = 0;
    luaL_unref(L, LUA_REGISTRYINDEX, rt->debug_anchor_ref);
    rt->debug_anchor_ref = LUA_NOREF;
}

// The breakpoints of the chunk whose function is at `ar` (filled with "S"), or NULL. In a hook
// event (`in_hook`), a chunk seen for the first time is remembered and one of its functions
// anchored; that allocates, and may raise only there, under the running script's call.
// Elsewhere (the runtime's own calls from Swift) the chunk is only looked up by name.
static rb_debug_file *rb_file_of(rb_runtime *rt, lua_State *L, lua_Debug *ar, int in_hook) {
    size_t slot = ((size_t)ar->source >> 4) % RB_DEBUG_CACHE_SIZE;
    while (rt->debug_cache[slot].source != NULL) {
        if (rt->debug_cache[slot].source == ar->source) {
            int file = rt->debug_cache[slot].file;
            return file >= 0 ? &rt->debug_files[file] : NULL;
        }
        slot = (slot + 1) % RB_DEBUG_CACHE_SIZE;
    }
    int file = -1;
    for (int i = 0; i < rt->debug_file_count && file < 0; i++)
        if (strcmp(rt->debug_files[i].source, ar->source) == 0)
            file = i;
    // Once the cache is full, chunks are looked up each time until the next reset.
    if (in_hook && rt->debug_cached < RB_CACHE_FULL && lua_checkstack(L, 3)) {
        if (rt->debug_anchor_ref == LUA_NOREF) {
            lua_newtable(L);
            rt->debug_anchor_ref = luaL_ref(L, LUA_REGISTRYINDEX);
        }
        rb_pushref(L, rt->debug_anchor_ref);
        lua_getinfo(L, "f", ar);
        lua_pushboolean(L, 1);
        lua_rawset(L, -3);
        lua_pop(L, 1);
        rt->debug_cache[slot].source = ar->source;
        rt->debug_cache[slot].file = file;
        rt->debug_cached++;
    }
    return file >= 0 ? &rt->debug_files[file] : NULL;
}

// The breakpoints of the Lua function at `ar`, or NULL (a native function, a chunk with none).
static rb_debug_file *rb_breakpoints_of(rb_runtime *rt, lua_State *L, lua_Debug *ar, int in_hook) {
    if (rt->debug_file_count == 0 || !lua_getinfo(L, "S", ar) || ar->what[0] == 'C')
        return NULL;
    return rb_file_of(rt, L, ar, in_hook);
}

// The first index of `values` (sorted) holding a value >= `at`.
static int rb_lower_bound(const int *values, int count, int at) {
    int low = 0, high = count;
    while (low < high) {
        int middle = (low + high) / 2;
        if (values[middle] < at)
            low = middle + 1;
        else
            high = middle;
    }
    return low;
}

static int rb_contains(const int *values, int count, int value) {
    int index = rb_lower_bound(values, count, value);
    return index < count && values[index] == value;
}

// Whether a line breakpoint of `file` lies in the function at `ar` (a main chunk: anywhere).
static int rb_lines_within(rb_debug_file *file, lua_Debug *ar) {
    int first = ar->what[0] == 'm' ? 0 : ar->linedefined;
    int last = ar->what[0] == 'm' ? INT_MAX : ar->lastlinedefined;
    int index = rb_lower_bound(file->lines, file->line_count, first);
    return index < file->line_count && file->lines[index] <= last;
}

int rb_debug_wants_lines(rb_runtime *rt, lua_State *L, lua_Debug *ar, int in_hook) {
    if (rt->debug_step != RB_STEP_NONE)
        return 1;
    rb_debug_file *file = rb_breakpoints_of(rt, L, ar, in_hook);
    return file != NULL && rb_lines_within(file, ar);
}

// Line events, and the return events that tell when they are no longer needed.
static void rb_set_lines(lua_State *L, int wanted) {
    int mask = lua_gethookmask(L);
    int next = wanted ? mask | LUA_MASKLINE | LUA_MASKRET : mask & ~(LUA_MASKLINE | LUA_MASKRET);
    if (next != mask)
        lua_sethook(L, lua_gethook(L), next, lua_gethookcount(L));
}

int rb_debug_depth(lua_State *L) {
    lua_Debug ar;
    int depth = 0;
    while (lua_getstack(L, depth, &ar))
        depth++;
    return depth;
}

// Hands the program to Swift; returns whether Swift held it. While it is held, the debugger
// ignores events (code Swift runs meanwhile, such as an evaluation, is not stopped) and the
// time budget stands still.
static int rb_stop(rb_runtime *rt, lua_State *L, int reason, int level) {
    int step = rt->debug_step;
    rt->debug_step = RB_STEP_NONE;
    rt->debug_stopped = 1;
    rt->debug_stop_thread = L;
    rt->debug_stop_depth = rb_debug_depth(L) - level;
    rb_budget_hold(rt);
    int held = rt->debug_stop(rt->debug_context, L, reason, level);
    rb_budget_release(rt);
    rt->debug_stopped = 0;
    if (!held)
        rt->debug_step = step;
    rb_update_mask(rt);
    rb_apply_hook(rt, L);
    return held;
}

static int rb_step_done(rb_runtime *rt, lua_State *L) {
    switch (rt->debug_step) {
    case RB_STEP_IN: return 1;
    case RB_STEP_OVER: return L == rt->debug_step_thread && rb_debug_depth(L) <= rt->debug_step_depth;
    case RB_STEP_OUT: return L == rt->debug_step_thread && rb_debug_depth(L) < rt->debug_step_depth;
    default: return 0;
    }
}

static void rb_debug_line(rb_runtime *rt, lua_State *L, lua_Debug *ar) {
    rb_debug_file *file = rb_breakpoints_of(rt, L, ar, 1);
    if (file != NULL && rb_contains(file->lines, file->line_count, ar->currentline) &&
        rb_stop(rt, L, RB_DEBUG_BREAKPOINT, 0))
        return;
    if (rb_step_done(rt, L))
        rb_stop(rt, L, rt->debug_step_reason, 0);
}

// A callee of a function with breakpoints keeps line events on: it returns there.
static void rb_debug_call(rb_runtime *rt, lua_State *L, lua_Debug *ar) {
    if (rt->debug_step != RB_STEP_NONE) {
        rb_set_lines(L, 1);
        return;
    }
    rb_debug_file *file = rb_breakpoints_of(rt, L, ar, 1);
    if (file == NULL)
        return;
    if (rb_contains(file->entries, file->entry_count, ar->linedefined)) {
        // A function breakpoint: stop at the function's first line.
        rt->debug_step = RB_STEP_IN;
        rt->debug_step_reason = RB_DEBUG_FUNCTION;
        rb_update_mask(rt);
        rb_set_lines(L, 1);
    } else if (rb_lines_within(file, ar)) {
        rb_set_lines(L, 1);
    }
}

static void rb_debug_return(rb_runtime *rt, lua_State *L) {
    lua_Debug frame;
    int has_caller = lua_getstack(L, 1, &frame);
    // A step over or out that leaves the function it started in for native code (a callback
    // returning to Swift) stops at the next Lua line that runs, wherever it is.
    if ((rt->debug_step == RB_STEP_OVER || rt->debug_step == RB_STEP_OUT) && L == rt->debug_step_thread &&
        rb_debug_depth(L) <= rt->debug_step_depth &&
        (!has_caller || (lua_getinfo(L, "S", &frame) && frame.what[0] == 'C')))
        rt->debug_step = RB_STEP_IN;
    if (rt->debug_step != RB_STEP_NONE)
        return;  // a step keeps every event
    int keep = 0;
    for (int level = 1; !keep && lua_getstack(L, level, &frame); level++)
        keep = rb_debug_wants_lines(rt, L, &frame, 1);
    rb_set_lines(L, keep);
}

void rb_debug_event(rb_runtime *rt, lua_State *L, lua_Debug *ar) {
    if (rt->debug_stop == NULL || rt->debug_stopped) {
        if (ar->event == LUA_HOOKCOUNT) {
            if (rt->debug_stop == NULL)
                atomic_store(&rt->pause_requested, 0);  // no debugger to hand a pause to
            rb_apply_hook(rt, L);
        }
        return;
    }
    switch (ar->event) {
    case LUA_HOOKCALL:
    case LUA_HOOKTAILCALL: rb_debug_call(rt, L, ar); break;
    case LUA_HOOKRET: rb_debug_return(rt, L); break;
    case LUA_HOOKLINE: rb_debug_line(rt, L, ar); break;
    case LUA_HOOKCOUNT:
        if (atomic_exchange(&rt->pause_requested, 0))
            rb_stop(rt, L, RB_DEBUG_PAUSE, 0);
        rb_apply_hook(rt, L);
        break;
    }
}

void rb_debug_exception(rb_runtime *rt, lua_State *L, int caught) {
    int wanted = caught ? RB_EXCEPTIONS_CAUGHT : RB_EXCEPTIONS_UNCAUGHT;
    if (rt->debug_stop == NULL || rt->debug_stopped || !(rt->debug_exceptions & wanted) || rb_stopping(rt))
        return;
    rb_stop(rt, L, RB_DEBUG_EXCEPTION, 1);  // level 0 is the message handler
}

void rb_debug_free(rb_runtime *rt) {
    for (int i = 0; i < rt->debug_file_count; i++) {
        free(rt->debug_files[i].source);
        free(rt->debug_files[i].lines);
    }
    free(rt->debug_files);
    rt->debug_files = NULL;
    rt->debug_file_count = 0;
}

void rb_debug_attach(lua_State *L, rb_debug_fn stop, void *context) {
    rb_runtime *rt = rb_runtime_of(L);
    rt->debug_stop = stop;
    rt->debug_context = context;
    rt->debug_step = RB_STEP_NONE;
    rt->debug_exceptions = 0;
    atomic_store(&rt->pause_requested, 0);
    rb_debug_free(rt);
    rb_clear_cache(rt, L);
    rb_update_mask(rt);
    rb_apply_hook(rt, atomic_load(&rt->running));
}

int rb_debug_set_breakpoints(lua_State *L, const char *source, const int *lines, int line_count, const int *entries,
                             int entry_count) {
    rb_runtime *rt = rb_runtime_of(L);
    int index = 0;
    while (index < rt->debug_file_count && strcmp(rt->debug_files[index].source, source) != 0)
        index++;
    if (index < rt->debug_file_count) {  // replaced: the last file takes its place
        rb_debug_file gone = rt->debug_files[index];
        free(gone.source);
        free(gone.lines);
        rt->debug_files[index] = rt->debug_files[--rt->debug_file_count];
    }
    int ok = 1;
    if (line_count + entry_count > 0) {
        rb_debug_file *files = realloc(rt->debug_files, sizeof *files * (size_t)(rt->debug_file_count + 1));
        int *numbers = malloc(sizeof(int) * (size_t)(line_count + entry_count));
        char *name = strdup(source);
        if (files != NULL)
            rt->debug_files = files;
        if (files == NULL || numbers == NULL || name == NULL) {
            free(numbers);
            free(name);
            ok = 0;
        } else {
            memcpy(numbers, lines, sizeof(int) * (size_t)line_count);
            memcpy(numbers + line_count, entries, sizeof(int) * (size_t)entry_count);
            files[rt->debug_file_count++] =
                (rb_debug_file){name, numbers, line_count, numbers + line_count, entry_count};
        }
    }
    rb_clear_cache(rt, L);  // file indices moved
    rb_update_mask(rt);
    rb_apply_hook(rt, atomic_load(&rt->running));
    return ok;
}

void rb_debug_exceptions(lua_State *L, int which) { rb_runtime_of(L)->debug_exceptions = which; }

void rb_debug_step(lua_State *L, int mode) {
    rb_runtime *rt = rb_runtime_of(L);
    rt->debug_step = mode;
    rt->debug_step_reason = RB_DEBUG_STEP;
    rt->debug_step_thread = rt->debug_stop_thread;
    rt->debug_step_depth = rt->debug_stop_depth;
}
