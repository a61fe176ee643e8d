// What scripts may reach of Lua's standard library.
//
//  - Every way of compiling a chunk accepts text only: precompiled chunks can be crafted to
//    crash the interpreter. load, loadfile, dofile and require's file searcher call the
//    loader themselves, so Lua's originals (which accept binary chunks) are never on a stack
//    a script can inspect.
//  - Native libraries load only through require, from fixed system folders (Debian's Lua
//    modules); package.loadlib is gone, and package.cpath does not widen the search.
//  - The debug library keeps only traceback and getinfo, and getinfo does not hand out
//    native functions found on the stack (the interpreter's own loaders, the runtime's
//    metamethods): the rest of the library would let a script remove the watchdog's hook,
//    reach the registry, or swap the metatables and upvalues the runtime relies on.
//  - os.exit never closes the state from inside a call.
#include "internal.h"
#include <stdlib.h>

// The stack slot where the reader of load(function) keeps the piece it returned last.
enum { RB_READER_SLOT = 5 };

static const char *rb_reader(lua_State *L, void *ud, size_t *size) {
    (void)ud;
    luaL_checkstack(L, 2, "too many nested functions");
    lua_pushvalue(L, 1);
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        *size = 0;
        return NULL;
    }
    if (!lua_isstring(L, -1))
        luaL_error(L, "reader function must return a string");
    lua_replace(L, RB_READER_SLOT);
    return lua_tolstring(L, RB_READER_SLOT, size);
}

// What load and loadfile return: the function with its _ENV set to the value at `env`
// (when not 0), or fail and the message.
static int rb_loaded(lua_State *L, int status, int env) {
    if (status != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (env != 0) {
        lua_pushvalue(L, env);
        if (!lua_setupvalue(L, -2, 1))
            lua_pop(L, 1);
    }
    return 1;
}

// load(chunk [, chunkname [, mode [, env]]]): `mode` is checked but text is always required.
static int rb_load(lua_State *L) {
    size_t length;
    const char *text = lua_tolstring(L, 1, &length);
    luaL_optstring(L, 3, "bt");
    int env = lua_isnone(L, 4) ? 0 : 4;
    int status;
    if (text != NULL) {
        const char *name = luaL_optstring(L, 2, text);
        status = luaL_loadbufferx(L, text, length, name, "t");
    } else {
        const char *name = luaL_optstring(L, 2, "=(load)");
        luaL_checktype(L, 1, LUA_TFUNCTION);
        lua_settop(L, RB_READER_SLOT);
        status = lua_load(L, rb_reader, NULL, name, "t");
    }
    return rb_loaded(L, status, env);
}

// loadfile([filename [, mode [, env]]]), text only.
static int rb_loadfile(lua_State *L) {
    const char *name = luaL_optstring(L, 1, NULL);
    if (name != NULL && rb_confined(L)) {
        rb_confine_path(L, "loadfile", name, 0);
        lua_replace(L, 1);
        name = lua_tostring(L, 1);
    }
    luaL_optstring(L, 2, "bt");
    int env = lua_isnone(L, 3) ? 0 : 3;
    return rb_loaded(L, luaL_loadfilex(L, name, "t"), env);
}

static int rb_dofile(lua_State *L) {
    const char *name = luaL_optstring(L, 1, NULL);
    lua_settop(L, 1);
    if (name != NULL && rb_confined(L)) {
        rb_confine_path(L, "dofile", name, 0);
        lua_replace(L, 1);
        name = lua_tostring(L, 1);
    }
    if (luaL_loadfilex(L, name, "t") != LUA_OK)
        return lua_error(L);
    lua_call(L, 0, LUA_MULTRET);
    return lua_gettop(L) - 1;
}

// package.searchers[2]: Lua modules on package.path, text only. Upvalues: the package
// table and Lua's package.searchpath.
static int rb_search_lua(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    lua_settop(L, 1);
    lua_getfield(L, lua_upvalueindex(1), "path");
    if (lua_type(L, 2) != LUA_TSTRING)
        return luaL_error(L, "'package.path' must be a string");
    // Confined, the search itself stays within the roots (confine.c).
    if (rb_confined(L))
        lua_pushcfunction(L, rb_confined_searchpath);
    else
        lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_call(L, 2, 2);
    if (lua_isnil(L, -2))
        return 1;  // searchpath's message: where it looked
    lua_pop(L, 1);
    const char *filename = lua_tostring(L, -1);
    if (rb_confined(L))
        filename = rb_confine_path(L, "require", filename, 0);
    if (luaL_loadfilex(L, filename, "t") != LUA_OK)
        return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", name, filename, lua_tostring(L, -1));
    lua_pushstring(L, filename);
    return 2;
}

// package.searchers[3] and [4]: Lua's native searchers, run with package.cpath set to the
// fixed system folders. Upvalues: the package table, the original searcher, the folders.
// No script code runs inside the original searcher (it returns the module's opener, which
// require calls), so a script never sees the original or the changed path.
static int rb_search_native(lua_State *L) {
    luaL_checkstring(L, 1);
    if (rb_confined(L)) {
        lua_pushliteral(L, "\n\tno native module: the program runs sandboxed (rebound run --trust lifts the sandbox)");
        return 1;
    }
    lua_settop(L, 1);
    lua_getfield(L, lua_upvalueindex(1), "cpath");
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_setfield(L, lua_upvalueindex(1), "cpath");
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, 1);
    int status = lua_pcall(L, 1, 2, 0);
    lua_pushvalue(L, 2);
    lua_setfield(L, lua_upvalueindex(1), "cpath");
    if (status != LUA_OK)
        return lua_error(L);
    return 2;
}

static void rb_open_searchers(lua_State *L, const char *native_paths) {
    lua_getglobal(L, "package");
    int package = lua_gettop(L);
    lua_getfield(L, package, "searchers");
    int searchers = lua_gettop(L);

    lua_pushvalue(L, package);
    lua_getfield(L, package, "searchpath");
    lua_pushcclosure(L, rb_search_lua, 2);
    lua_rawseti(L, searchers, 2);
    for (int i = 3; i <= 4; i++) {
        lua_pushvalue(L, package);
        lua_rawgeti(L, searchers, i);
        lua_pushstring(L, native_paths);
        lua_pushcclosure(L, rb_search_native, 3);
        lua_rawseti(L, searchers, i);
    }
    lua_pushnil(L);
    lua_setfield(L, package, "loadlib");
    lua_pushstring(L, native_paths);
    lua_setfield(L, package, "cpath");
    lua_settop(L, package - 1);
}

// debug.getinfo([thread,] f [, what]), without the native functions of the frames it
// describes. A level on the running thread counts one more, for this function's own frame.
static int rb_getinfo(lua_State *L) {
    int n = lua_gettop(L);
    int thread = lua_type(L, 1) == LUA_TTHREAD;
    if ((!thread || lua_tothread(L, 1) == L) && lua_isinteger(L, 1 + thread)) {
        lua_Integer level = lua_tointeger(L, 1 + thread);
        lua_pushinteger(L, level >= 0 && level < LUA_MAXINTEGER ? level + 1 : level);
        lua_replace(L, 1 + thread);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, 1);
    if (lua_type(L, -1) == LUA_TTABLE) {
        if (lua_getfield(L, -1, "func") == LUA_TFUNCTION && lua_iscfunction(L, -1)) {
            lua_pushnil(L);
            lua_setfield(L, -3, "func");
        }
        lua_pop(L, 1);
    }
    return 1;
}

static void rb_open_debug(lua_State *L) {
    lua_getglobal(L, "debug");
    lua_createtable(L, 0, 3);
    // getmetatable's answer (which honours __metatable), not the metatable itself: a script that
    // held the host's locked metatables could change them.
    lua_getglobal(L, "getmetatable");
    lua_setfield(L, -2, "getmetatable");
    lua_getfield(L, -2, "traceback");
    lua_setfield(L, -2, "traceback");
    lua_getfield(L, -2, "getinfo");
    lua_pushcclosure(L, rb_getinfo, 1);
    lua_setfield(L, -2, "getinfo");
    lua_pushvalue(L, -1);
    lua_setglobal(L, "debug");
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_insert(L, -2);
    lua_setfield(L, -2, "debug");
    lua_pop(L, 2);
}

// os.exit([code]): exits at once; the state is not closed under the running call.
static int rb_exit(lua_State *L) {
    int status = lua_isboolean(L, 1) ? (lua_toboolean(L, 1) ? EXIT_SUCCESS : EXIT_FAILURE)
                                     : (int)luaL_optinteger(L, 1, EXIT_SUCCESS);
    exit(status);
}

int rb_open_sandbox(lua_State *L, const char *native_paths) {
    lua_pushcfunction(L, rb_load);
    lua_setglobal(L, "load");
    lua_pushcfunction(L, rb_loadfile);
    lua_setglobal(L, "loadfile");
    lua_pushcfunction(L, rb_dofile);
    lua_setglobal(L, "dofile");
    rb_open_searchers(L, native_paths);
    rb_open_debug(L);
    rb_open_pcall(L);
    lua_getglobal(L, "os");
    lua_pushcfunction(L, rb_exit);
    lua_setfield(L, -2, "exit");
    lua_pop(L, 1);
    return 0;
}
