// State creation, the counting allocator, warnings and closing.
#include "internal.h"
#include <stdlib.h>
#include <string.h>

// Lua assumes that shrinking never fails, so only growth is counted and refused.
static void *rb_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    rb_runtime *rt = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        rt->used -= old;
        return NULL;
    }
    if (nsize > old) {
        rt->allocations++;
        if (rt->fail_at != 0 &&
            (rt->allocations == rt->fail_at || (rt->fail_persistent && rt->allocations > rt->fail_at)))
            return NULL;
        if (rt->limit != 0 && rt->used - old + nsize > rt->limit)
            return NULL;
    }
    void *block = realloc(ptr, nsize);
    if (block == NULL)
        return nsize <= old ? ptr : NULL;
    rt->used = rt->used - old + nsize;
    return block;
}

// Zero for a parameter keeps its value (Lua's default in a new state). The two modes take
// different numbers of parameters.
void rb_setcollector(lua_State *L, int generational) {
    if (generational)
        lua_gc(L, LUA_GCGEN, 0, 0);
    else
        lua_gc(L, LUA_GCINC, 0, 0, 0);
}

// Lua hands warnings over in pieces; a piece with `tocont` set is followed by more.
static void rb_warnf(void *ud, const char *message, int tocont) {
    rb_runtime *rt = ud;
    if (rt->warning_length == 0 && !tocont && message[0] == '@')
        return;  // control messages such as "@on"; Rebound always reports warnings
    size_t room = sizeof rt->warning - 1 - rt->warning_length;
    size_t n = strlen(message);
    if (n > room)
        n = room;
    memcpy(rt->warning + rt->warning_length, message, n);
    rt->warning_length += n;
    rt->warning[rt->warning_length] = '\0';
    if (!tocont) {
        if (rt->warn)
            rt->warn(rt->warn_context, rt->warning);
        rt->warning_length = 0;
    }
}

lua_State *rb_newstate(size_t memory_limit, unsigned long fail_at, int persistent, rb_release_fn release,
                       rb_warning_fn warn, void *warn_context) {
    rb_runtime *rt = calloc(1, sizeof *rt);
    if (rt == NULL)
        return NULL;
    rt->limit = memory_limit;
    rt->fail_at = fail_at;
    rt->fail_persistent = persistent;
    rt->release = release;
    rt->warn = warn;
    rt->warn_context = warn_context;
    rt->object_cache_ref = LUA_NOREF;
    rt->callback_metatable_ref = LUA_NOREF;
    rt->debug_anchor_ref = LUA_NOREF;
    pthread_mutex_init(&rt->mutex, NULL);
    pthread_cond_init(&rt->wake, NULL);
    lua_State *L = lua_newstate(rb_alloc, rt);
    if (L == NULL) {
        pthread_cond_destroy(&rt->wake);
        pthread_mutex_destroy(&rt->mutex);
        free(rt);
        return NULL;
    }
    *(rb_runtime **)lua_getextraspace(L) = rt;
    rt->main = L;
    atomic_store(&rt->running, L);
    lua_setwarnf(L, rb_warnf, rt);
    return L;
}

// The trampoline block at `index` when it is one whose context Lua owns (the value its
// metatable's __gc is given); NULL for anything else.
static rb_native *rb_context_block(lua_State *L, int index) {
    if (lua_type(L, index) != LUA_TUSERDATA || lua_rawlen(L, index) != sizeof(rb_native) || !lua_getmetatable(L, index))
        return NULL;
    lua_rawgeti(L, LUA_REGISTRYINDEX, rb_runtime_of(L)->callback_metatable_ref);
    int matches = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return matches ? lua_touserdata(L, index) : NULL;
}

static int rb_callback_gc(lua_State *L) {
    rb_native *native = rb_context_block(L, 1);
    if (native == NULL || native->context == NULL)
        return 0;
    void *object = native->context;
    native->context = NULL;
    rb_runtime *rt = rb_runtime_of(L);
    rt->live_objects--;
    rt->release(object);
    return 0;
}

static int rb_openlibs_k(lua_State *L) {
    rb_runtime *rt = rb_runtime_of(L);
    const char *native_paths = lua_touserdata(L, 1);
    luaL_openlibs(L);
    rb_open_sandbox(L, native_paths);
    rb_open_coroutines(L);
    rb_open_finalizers(L);
    rb_open_property_calls(L);

    // The identity cache: slot number -> userdata, with weak values (docs/error-safety.md, rule 4). Swift
    // keeps each object's slot, so no lookup hashes an address.
    lua_newtable(L);
    lua_newtable(L);
    lua_pushliteral(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    rt->object_cache_ref = luaL_ref(L, LUA_REGISTRYINDEX);

    lua_newtable(L);
    lua_pushcfunction(L, rb_callback_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "native function context");
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "__name");
    lua_setfield(L, -2, "__metatable");
    rt->callback_metatable_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
}

int rb_openlibs(lua_State *L, const char *native_paths) {
    if (!lua_checkstack(L, 3))
        return RB_ESTACK;
    lua_pushlightuserdata(L, (void *)native_paths);
    return rb_protect(L, rb_openlibs_k, 1, 0);
}

rb_runtime *rb_runtime_handle(lua_State *L) { return rb_runtime_of(L); }

// The watchdog keeps running while the state closes: finalizers run under the budget.
void rb_close(lua_State *L) {
    rb_runtime *rt = rb_runtime_of(L);
    lua_close(L);
    rb_watchdog_stop(rt);
}

void rb_free_runtime(rb_runtime *rt) {
    rb_free_slots(rt);
    rb_debug_free(rt);
    pthread_cond_destroy(&rt->wake);
    pthread_mutex_destroy(&rt->mutex);
    free(rt);
}

void rb_set_memory_limit(lua_State *L, size_t limit) { rb_runtime_of(L)->limit = limit; }
size_t rb_memory_limit(lua_State *L) { return rb_runtime_of(L)->limit; }
size_t rb_memory_used(lua_State *L) { return rb_runtime_of(L)->used; }
unsigned long rb_allocation_count(lua_State *L) { return rb_runtime_of(L)->allocations; }
long rb_live_objects(lua_State *L) { return rb_runtime_of(L)->live_objects; }
long rb_live_refs(lua_State *L) { return rb_runtime_of(L)->live_refs; }
lua_State *rb_current(lua_State *L) { return atomic_load(&rb_runtime_of(L)->running); }
