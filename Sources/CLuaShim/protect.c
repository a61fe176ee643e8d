// Calls into Lua and the protected helpers: every raising API call Swift needs runs here,
// inside lua_pcall, and comes back as a status code.
#include "internal.h"
#include <string.h>

int rb_protect(lua_State *L, lua_CFunction f, int nargs, int nresults) {
    if (!lua_checkstack(L, 2))
        return RB_ESTACK;
    lua_pushcfunction(L, f);
    lua_insert(L, -(nargs + 1));
    return lua_pcall(L, nargs, nresults, 0);
}

// Like rb_protect, for helpers that may run Lua code (metamethods): traceback and time budget.
static int rb_protect_lua(lua_State *L, lua_CFunction f, int nargs, int nresults) {
    if (!lua_checkstack(L, 2))
        return RB_ESTACK;
    lua_pushcfunction(L, f);
    lua_insert(L, -(nargs + 1));
    return rb_pcall(L, nargs, nresults);
}

// The error a native function re-raises after a call it made into Lua failed:
// {message, traceback, source, line}. The traceback was made where the error happened, on
// the same stack, so it is complete; the handler of an outer call takes it over.
static const char rb_reraised_key = 0;

static int rb_raise_traced_k(lua_State *L) {
    lua_createtable(L, 4, 0);
    for (int i = 1; i <= 4; i++) {
        lua_pushvalue(L, i);
        lua_rawseti(L, -2, i);
    }
    lua_rawsetp(L, LUA_REGISTRYINDEX, &rb_reraised_key);
    lua_settop(L, 1);
    return 1;
}

int rb_raise_traced(lua_State *L, const char *message, size_t length, const char *traceback, const char *source,
                    int line) {
    if (!lua_checkstack(L, 6))
        return RB_ESTACK;
    lua_pushlstring(L, message, length);
    lua_pushstring(L, traceback);
    lua_pushstring(L, source);
    if (line > 0)
        lua_pushinteger(L, line);
    else
        lua_pushnil(L);
    return rb_protect(L, rb_raise_traced_k, 4, 1);
}

// Copies the traceback, source and line of a re-raised error whose message is the value at 1
// into the error table at 2; returns whether there was one. Forgets it either way.
static int rb_take_reraised(lua_State *L) {
    int found = lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_reraised_key) == LUA_TTABLE &&
        lua_rawgeti(L, -1, 1) != LUA_TNIL && lua_rawequal(L, -1, 1);
    if (found) {
        lua_pop(L, 1);
        for (int slot = RB_ERR_TRACEBACK; slot <= RB_ERR_LINE; slot++) {
            lua_rawgeti(L, -1, slot);
            lua_rawseti(L, 2, slot);
        }
    }
    lua_settop(L, 2);
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &rb_reraised_key);
    return found;
}

// Whether the error was raised by `__call` of a value that is not a function: the traceback
// starts at its caller, as for the same error raised by Lua itself.
static int rb_raised_by_value_call(lua_State *L) {
    lua_Debug ar;
    if (!lua_getstack(L, 1, &ar) || !lua_getinfo(L, "f", &ar))
        return 0;
    int found = lua_tocfunction(L, -1) == rb_value_call;
    lua_pop(L, 1);
    return found;
}

static int rb_callargs_k(lua_State *L);
static int rb_calleach_k(lua_State *L);

// Drops the last line of the traceback on top when the outermost frame is rb_callargs_k or
// rb_calleach_k, which made a call from Swift: the script's frames end where Lua's would.
static void rb_drop_argument_pusher(lua_State *L) {
    lua_Debug ar;
    int level = 0;
    while (lua_getstack(L, level + 1, &ar))
        level++;
    if (!lua_getstack(L, level, &ar) || !lua_getinfo(L, "f", &ar))
        return;
    lua_CFunction outermost = lua_tocfunction(L, -1);
    int pusher = outermost == rb_callargs_k || outermost == rb_calleach_k;
    lua_pop(L, 1);
    const char *traceback = lua_tostring(L, -1);
    const char *last = traceback ? strrchr(traceback, '\n') : NULL;
    if (pusher && last != NULL) {
        lua_pushlstring(L, traceback, (size_t)(last - traceback));
        lua_replace(L, -2);
    }
}

// Records the error message, and where the error happened: the innermost Lua frame with a
// line, and the traceback.
static void rb_describe_error(lua_State *L) {
    if (lua_type(L, 1) == LUA_TSTRING) {
        lua_pushvalue(L, 1);
    } else if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
        // the metamethod's string is on the stack
    } else {
        lua_settop(L, 2);
        lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    rb_describe_missing_method(L);
    if (lua_type(L, 1) == LUA_TSTRING) {  // the value the debugger and a re-raise see says the same
        lua_pushvalue(L, -1);
        lua_replace(L, 1);
    }
    lua_rawseti(L, 2, RB_ERR_MESSAGE);

    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            lua_pushstring(L, ar.short_src);
            lua_rawseti(L, 2, RB_ERR_SOURCE);
            lua_pushinteger(L, ar.currentline);
            lua_rawseti(L, 2, RB_ERR_LINE);
            break;
        }
    }
    luaL_traceback(L, L, NULL, rb_raised_by_value_call(L) ? 2 : 1);
    rb_drop_argument_pusher(L);
    lua_rawseti(L, 2, RB_ERR_TRACEBACK);
}

// Builds the error table {message, traceback, source, line, value, stopped} for Swift.
int rb_msghandler(lua_State *L) {
    rb_runtime *rt = rb_runtime_of(L);
    lua_settop(L, 1);
    lua_createtable(L, 6, 0);
    if (rb_take_reraised(L)) {
        lua_pushvalue(L, 1);  // described where it happened
        lua_rawseti(L, 2, RB_ERR_MESSAGE);
    } else {
        rb_describe_error(L);
        rb_debug_exception(rt, L, 0);  // once, where it was raised: not again when re-raised
    }
    lua_pushvalue(L, 1);
    lua_rawseti(L, 2, RB_ERR_VALUE);
    lua_pushinteger(L, atomic_load(&rt->stop_reason));
    lua_rawseti(L, 2, RB_ERR_STOPPED);
    return 1;
}

void rb_pushmsghandler(lua_State *L) { lua_pushcfunction(L, rb_msghandler); }

int rb_pcallh(lua_State *L, int nargs, int nresults, int handler) {
    rb_runtime *rt = rb_runtime_of(L);
    rb_budget_enter(rt, L);
    int status = lua_pcall(L, nargs, nresults, handler);
    rb_budget_leave(rt);
    return status;
}

static int rb_pusharg(lua_State *L, const rb_arg *arg);

// Stack: the function, the arguments as light userdata, their count, then the userdata of
// each OBJECT argument in order (pushed by the caller, so that they stay alive while the other
// arguments allocate). Pushes the function and its arguments, calls it, returns its results.
static int rb_callargs_k(lua_State *L) {
    const rb_arg *args = lua_touserdata(L, 2);
    int nargs = (int)lua_tointeger(L, 3);
    int inputs = lua_gettop(L), object = 4;
    luaL_checkstack(L, nargs + 1 + 2 * RB_RECORD_DEPTH, "arguments");
    lua_pushvalue(L, 1);
    for (int i = 0; i < nargs; i++) {
        const rb_arg *arg = &args[i];
        switch (arg->kind) {
        case RB_ARG_VALUE: rb_newvalue(L, arg->ref, arg->bytes, arg->size); break;
        case RB_ARG_STRING: lua_pushlstring(L, arg->bytes, arg->size); break;
        case RB_ARG_RECORD: rb_newrecord(L, arg->bytes, arg->leaves); break;
        case RB_ARG_OBJECT: lua_pushvalue(L, object++); break;
        default: rb_pusharg(L, arg);
        }
    }
    lua_call(L, nargs, LUA_MULTRET);
    return lua_gettop(L) - inputs;
}

// Pushes an argument that cannot raise (not one that allocates); returns whether it could.
static int rb_pusharg(lua_State *L, const rb_arg *arg) {
    switch (arg->kind) {
    case RB_ARG_REF: lua_rawgeti(L, LUA_REGISTRYINDEX, arg->ref); return 1;
    case RB_ARG_OBJECT: return rb_pushcached(L, (void *)arg->bytes, (int)arg->size);
    case RB_ARG_NUMBER: lua_pushnumber(L, arg->number); return 1;
    case RB_ARG_INTEGER: lua_pushinteger(L, arg->integer); return 1;
    default: return 0;
    }
}

int rb_pcallargs(lua_State *L, int function_ref, const rb_arg *args, int nargs, int *nresults) {
    if (!lua_checkstack(L, nargs + 6))
        return RB_ESTACK;
    int base = lua_gettop(L), allocates = 0;
    for (int i = 0; i < nargs; i++)
        allocates |= args[i].kind == RB_ARG_VALUE || args[i].kind == RB_ARG_STRING || args[i].kind == RB_ARG_RECORD;
    rb_pushmsghandler(L);
    int status;
    if (!allocates) {
        // Nothing to push can raise: the function is called directly.
        lua_rawgeti(L, LUA_REGISTRYINDEX, function_ref);
        for (int i = 0; i < nargs; i++) {
            if (!rb_pusharg(L, &args[i])) {
                lua_settop(L, base);
                return RB_ENOUSERDATA;
            }
        }
        status = rb_pcallh(L, nargs, LUA_MULTRET, base + 1);
    } else {
        lua_pushcfunction(L, rb_callargs_k);
        lua_rawgeti(L, LUA_REGISTRYINDEX, function_ref);
        lua_pushlightuserdata(L, (void *)args);
        lua_pushinteger(L, nargs);
        int objects = 0;
        for (int i = 0; i < nargs; i++) {
            if (args[i].kind != RB_ARG_OBJECT)
                continue;
            if (!rb_pushcached(L, (void *)args[i].bytes, (int)args[i].size)) {
                lua_settop(L, base);
                return RB_ENOUSERDATA;
            }
            objects++;
        }
        status = rb_pcallh(L, 3 + objects, LUA_MULTRET, base + 1);
    }
    *nresults = lua_gettop(L) - base - 1;
    return status;
}

// Stack: the rb_eachcall (light userdata). Makes its calls until one result is not a record
// of numbers, and returns that result (nil when there is none).
static int rb_calleach_k(lua_State *L) {
    rb_eachcall *each = lua_touserdata(L, 1);
    luaL_checkstack(L, each->nleading + 4, "arguments");
    char bytes[64];
    if (each->value_size > sizeof bytes || each->field_offset + sizeof(lua_Integer) > each->value_size)
        return luaL_error(L, "a value argument of %d bytes cannot vary", (int)each->value_size);
    memcpy(bytes, each->value_bytes, each->value_size);
    for (each->done = 0; each->done < each->count; each->done++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, each->function_ref);
        for (int i = 0; i < each->nleading; i++)
            if (!rb_pusharg(L, &each->leading[i]))
                return luaL_error(L, "an argument has no Lua value");
        lua_Integer field = (lua_Integer)(each->first + each->done);
        memcpy(bytes + each->field_offset, &field, sizeof field);
        rb_newvalue(L, each->value_type, bytes, each->value_size);
        lua_call(L, each->nleading + 1, 1);
        double *out = each->out + (size_t)each->done * (size_t)each->nfields;
        if (rb_readnumbers(L, -1, each->nfields, each->keyrefs, out) != each->nfields)
            return 1;
        lua_pop(L, 1);
    }
    lua_pushnil(L);
    return 1;
}

int rb_pcalleach(lua_State *L, rb_eachcall *each) {
    if (!lua_checkstack(L, 3))
        return RB_ESTACK;
    int base = lua_gettop(L);
    rb_pushmsghandler(L);
    lua_pushcfunction(L, rb_calleach_k);
    lua_pushlightuserdata(L, each);
    int status = rb_pcallh(L, 1, 1, base + 1);
    lua_remove(L, base + 1);
    return status;
}

int rb_pcall(lua_State *L, int nargs, int nresults) {
    if (!lua_checkstack(L, 1))
        return RB_ESTACK;
    int handler = lua_gettop(L) - nargs;
    rb_pushmsghandler(L);
    lua_insert(L, handler);
    int status = rb_pcallh(L, nargs, nresults, handler);
    lua_remove(L, handler);
    return status;
}

static int rb_pushlstring_k(lua_State *L) {
    lua_pushlstring(L, lua_touserdata(L, 1), (size_t)lua_tointeger(L, 2));
    return 1;
}

int rb_pushlstring(lua_State *L, const char *s, size_t len) {
    if (!lua_checkstack(L, 3))
        return RB_ESTACK;
    lua_pushlightuserdata(L, (void *)s);
    lua_pushinteger(L, (lua_Integer)len);
    return rb_protect(L, rb_pushlstring_k, 2, 1);
}

static int rb_newtable_k(lua_State *L) {
    lua_createtable(L, (int)lua_tointeger(L, 1), (int)lua_tointeger(L, 2));
    return 1;
}

int rb_newtable(lua_State *L, int narr, int nrec) {
    if (!lua_checkstack(L, 3))
        return RB_ESTACK;
    lua_pushinteger(L, narr);
    lua_pushinteger(L, nrec);
    return rb_protect(L, rb_newtable_k, 2, 1);
}

static int rb_ref_k(lua_State *L) {
    int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushinteger(L, ref);
    return 1;
}

int rb_ref(lua_State *L, int *ref) {
    int status = rb_protect(L, rb_ref_k, 1, 1);
    if (status != LUA_OK)
        return status;
    *ref = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (*ref != LUA_REFNIL)
        rb_runtime_of(L)->live_refs++;
    return LUA_OK;
}

// luaL_unref only reads and overwrites existing registry slots, so it cannot raise; it needs
// two stack slots, which the running thread may not have under memory pressure.
int rb_unref(lua_State *L, int ref) {
    if (ref == LUA_REFNIL || ref == LUA_NOREF)
        return 1;
    lua_State *T = rb_current(L);
    if (!lua_checkstack(T, 2))
        return 0;
    luaL_unref(T, LUA_REGISTRYINDEX, ref);
    rb_runtime_of(L)->live_refs--;
    return 1;
}

static int rb_rawset_k(lua_State *L) {
    lua_rawset(L, 1);
    return 0;
}

static int rb_settable_k(lua_State *L) {
    lua_settable(L, 1);
    return 0;
}

static int rb_gettable_k(lua_State *L) {
    lua_gettable(L, 1);
    return 1;
}

// Copies the table to the top and moves the key (and value) above it, as the _k functions expect.
static int rb_with_table(lua_State *L, int index, int nkeys, lua_CFunction f, int nresults, int runs_lua) {
    index = lua_absindex(L, index);
    if (!lua_checkstack(L, 3))
        return RB_ESTACK;
    lua_pushvalue(L, index);
    lua_insert(L, -(nkeys + 1));
    return runs_lua ? rb_protect_lua(L, f, nkeys + 1, nresults) : rb_protect(L, f, nkeys + 1, nresults);
}

int rb_rawset(lua_State *L, int index) { return rb_with_table(L, index, 2, rb_rawset_k, 0, 0); }
int rb_settable(lua_State *L, int index) { return rb_with_table(L, index, 2, rb_settable_k, 0, 1); }
int rb_gettable(lua_State *L, int index) { return rb_with_table(L, index, 1, rb_gettable_k, 1, 1); }

static int rb_next_k(lua_State *L) {
    if (lua_next(L, 1))
        return 2;
    lua_pushnil(L);
    return 1;
}

int rb_next(lua_State *L, int index, int *more) {
    int top = lua_gettop(L) - 1;  // below the key
    int status = rb_with_table(L, index, 1, rb_next_k, LUA_MULTRET, 0);
    if (status != LUA_OK)
        return status;
    *more = lua_gettop(L) - top == 2;
    if (!*more)
        lua_pop(L, 1);
    return LUA_OK;
}

static int rb_tostring_k(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

int rb_tostring(lua_State *L, int index) {
    index = lua_absindex(L, index);
    if (!lua_checkstack(L, 3))
        return RB_ESTACK;
    lua_pushvalue(L, index);
    return rb_protect_lua(L, rb_tostring_k, 1, 1);
}

static int rb_addpath_k(lua_State *L) {
    const char *field = lua_touserdata(L, 1);
    const char *path = lua_touserdata(L, 2);
    lua_getglobal(L, "package");
    lua_getfield(L, -1, field);
    const char *current = lua_tostring(L, -1);
    if (current == NULL) {
        lua_pushstring(L, path);
    } else {
        // Compare whole ';'-separated entries, so "/a/?.lua" does not match "/a/?.lua.bak".
        lua_pushfstring(L, ";%s;", current);
        lua_pushfstring(L, ";%s;", path);
        int present = strstr(lua_tostring(L, -2), lua_tostring(L, -1)) != NULL;
        lua_pop(L, 2);
        if (present)
            return 0;
        lua_pushfstring(L, "%s;%s", current, path);
    }
    lua_setfield(L, -3, field);
    return 0;
}

int rb_addpath(lua_State *L, const char *field, const char *path) {
    if (!lua_checkstack(L, 3))
        return RB_ESTACK;
    lua_pushlightuserdata(L, (void *)field);
    lua_pushlightuserdata(L, (void *)path);
    return rb_protect(L, rb_addpath_k, 2, 0);
}
