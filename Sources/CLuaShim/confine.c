// The confinement of a program the user did not write (a package run without --trust, or
// `rebound run --sandbox`): what it may do to the machine beyond its own files.
//
//  - os.execute, io.popen, os.remove, os.rename, os.exit, os.tmpname, os.getenv and
//    io.tmpfile (a file outside the roots) are gone.
//  - Files open for reading only under the read roots, and for writing (or appending, or
//    updating) only under the write roots: io.open, io.lines, io.input and io.output with a
//    name, loadfile, dofile, require's Lua searcher and package.searchpath. Paths are made
//    absolute, their `.` and `..` removed and their symlinks resolved before they are
//    compared, and a path that is refused is refused the same way whether or not it exists: a
//    search never looks outside the roots for a file.
//  - There is no standard input: reading it would hold the host's thread with no budget to
//    stop it. io.stdin is gone, the default input is a closed file, and io.read and io.lines
//    with no file say so.
//  - Native modules do not load (they are machine code, which no rule can confine).
//  - Pattern matching counts its steps under the time budget (patterns.c), and the strings'
//    metatable is locked.
//
// The roots live in the registry (RB_CONFINEMENT); with none there, nothing is confined.
#include "internal.h"
#include <errno.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char RB_CONFINEMENT[] = "rebound.confinement";

// `path` made absolute (from the working folder) with its `.` and `..` removed, into `out`.
static int rb_lexical_path(const char *path, char *out, size_t size) {
    char joined[PATH_MAX * 2];
    if (path[0] == '/') {
        if (strlen(path) >= sizeof joined)
            return 0;
        strcpy(joined, path);
    } else {
        char here[PATH_MAX];
        if (getcwd(here, sizeof here) == NULL)
            return 0;
        if ((size_t)snprintf(joined, sizeof joined, "%s/%s", here, path) >= sizeof joined)
            return 0;
    }
    size_t length = 0;
    out[0] = '\0';
    char *rest = NULL;
    for (char *part = strtok_r(joined, "/", &rest); part != NULL; part = strtok_r(NULL, "/", &rest)) {
        if (strcmp(part, ".") == 0)
            continue;
        if (strcmp(part, "..") == 0) {
            while (length > 0 && out[length - 1] != '/')
                length--;
            if (length > 0)
                length--;
            out[length] = '\0';
            continue;
        }
        size_t part_length = strlen(part);
        if (length + 1 + part_length + 1 > size)
            return 0;
        out[length++] = '/';
        memcpy(out + length, part, part_length + 1);
        length += part_length;
    }
    if (length == 0)
        strcpy(out, "/");
    return 1;
}

// Where `path` really leads: its symlinks resolved when it exists; else its folder's
// resolved, and its last part; else its lexical form.
static void rb_real_path(const char *lexical, char *out) {
    if (realpath(lexical, out) != NULL)
        return;
    char folder[PATH_MAX];
    strcpy(folder, lexical);
    char *slash = strrchr(folder, '/');
    if (slash != NULL && slash != folder) {
        *slash = '\0';
        char resolved[PATH_MAX];
        if (realpath(folder, resolved) != NULL &&
            (size_t)snprintf(out, PATH_MAX, "%s/%s", strcmp(resolved, "/") == 0 ? "" : resolved, slash + 1) < PATH_MAX)
            return;
    }
    strcpy(out, lexical);
}

// Whether `path` is one of the `;`-separated roots in the confinement's field `which`, or
// under one. Expects the confinement table on the top of the stack.
static int rb_under_roots(lua_State *L, const char *which, const char *path) {
    lua_getfield(L, -1, which);
    const char *roots = lua_tostring(L, -1);
    int found = 0;
    size_t path_length = strlen(path);
    while (roots != NULL && *roots != '\0' && !found) {
        const char *end = strchr(roots, ';');
        size_t length = end != NULL ? (size_t)(end - roots) : strlen(roots);
        found = length > 0 && path_length >= length && strncmp(path, roots, length) == 0 &&
            (path_length == length || path[length] == '/' || (length == 1 && roots[0] == '/'));
        roots = end != NULL ? end + 1 : NULL;
    }
    lua_pop(L, 1);
    return found;
}

int rb_confined(lua_State *L) {
    int confined = lua_getfield(L, LUA_REGISTRYINDEX, RB_CONFINEMENT) == LUA_TTABLE;
    lua_pop(L, 1);
    return confined;
}

// Whether `path` may be read (or written), with the path it really leads to in `real`.
// Expects the confinement table on the top of the stack.
static int rb_allows(lua_State *L, const char *path, int writing, char *real) {
    char lexical[PATH_MAX];
    if (!rb_lexical_path(path, lexical, sizeof lexical))
        return 0;
    rb_real_path(lexical, real);
    return rb_under_roots(L, "write", real) || (!writing && rb_under_roots(L, "read", real));
}

const char *rb_confine_path(lua_State *L, const char *function, const char *path, int writing) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, RB_CONFINEMENT) != LUA_TTABLE) {
        lua_pop(L, 1);
        return path;
    }
    char real[PATH_MAX];
    int allowed = rb_allows(L, path, writing, real);
    lua_pop(L, 1);
    if (!allowed)
        luaL_error(L,
                   "%s: '%s' is outside what this program may %s: it runs sandboxed (rebound run --trust lifts "
                   "the sandbox)",
                   function, path, writing ? "write" : "read");
    return lua_pushstring(L, real);
}

// io.open(filename [, mode]): confined, then Lua's own (upvalue 1) with the resolved path.
static int rb_confined_open(lua_State *L) {
    const char *path = luaL_checkstring(L, 1);
    const char *mode = luaL_optstring(L, 2, "r");
    int writing = strpbrk(mode, "wa+") != NULL;
    rb_confine_path(L, "io.open", path, writing);
    lua_replace(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

// io.lines, io.input and io.output: a file name is confined (for reading, or writing for
// io.output), then Lua's own (upvalue 1) runs; a file handle or no argument passes.
static int rb_confined_file_argument(lua_State *L) {
    if (lua_type(L, 1) == LUA_TSTRING) {
        int writing = (int)lua_tointeger(L, lua_upvalueindex(2));
        rb_confine_path(L, lua_tostring(L, lua_upvalueindex(3)), lua_tostring(L, 1), writing);
        lua_replace(L, 1);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

// package.searchpath(name, path [, sep [, rep]]) for a confined program: Lua's search, which
// opens only candidates under the roots; the others are listed as not found without a look,
// so the answer is the same whether or not they exist.
int rb_confined_searchpath(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    const char *path = luaL_checkstring(L, 2);
    const char *separator = luaL_optstring(L, 3, ".");
    const char *replacement = luaL_optstring(L, 4, LUA_DIRSEP);
    if (*separator != '\0' && strchr(name, *separator) != NULL)
        name = luaL_gsub(L, name, separator, replacement);
    const char *candidates = luaL_gsub(L, path, LUA_PATH_MARK, name);
    lua_getfield(L, LUA_REGISTRYINDEX, RB_CONFINEMENT);
    int confinement = lua_gettop(L);
    luaL_Buffer missing;
    luaL_buffinit(L, &missing);
    for (const char *start = candidates; *start != '\0';) {
        const char *end = strchr(start, *LUA_PATH_SEP);
        size_t length = end != NULL ? (size_t)(end - start) : strlen(start);
        if (length > 0 && length < PATH_MAX) {
            char candidate[PATH_MAX], real[PATH_MAX];
            memcpy(candidate, start, length);
            candidate[length] = '\0';
            lua_pushvalue(L, confinement);
            int allowed = rb_allows(L, candidate, 0, real);
            lua_pop(L, 1);
            FILE *file = allowed ? fopen(real, "r") : NULL;
            if (file != NULL) {
                fclose(file);
                lua_pushstring(L, candidate);
                return 1;
            }
            luaL_addstring(&missing, luaL_bufflen(&missing) == 0 ? "no file '" : "\n\tno file '");
            luaL_addlstring(&missing, start, length);
            luaL_addstring(&missing, allowed ? "'" : "' (outside what this program may read: it runs sandboxed)");
        }
        start = end != NULL ? end + 1 : start + length;
    }
    luaL_pushresult(&missing);
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
}

static int rb_refuse_standard_input(lua_State *L, const char *function) {
    return luaL_error(L, "%s: a sandboxed program has no standard input (open a file of its own with io.open)",
                      function);
}

// io.read for a confined program (upvalue 1: its name).
static int rb_no_standard_input(lua_State *L) {
    return rb_refuse_standard_input(L, lua_tostring(L, lua_upvalueindex(1)));
}

// io.lines without a file name reads standard input, which a confined program does not have.
static int rb_confined_lines(lua_State *L) {
    if (lua_isnoneornil(L, 1))
        return rb_refuse_standard_input(L, "io.lines");
    return rb_confined_file_argument(L);
}

static void rb_wrap_io(lua_State *L, int io, const char *name, int writing) {
    lua_getfield(L, io, name);
    lua_pushinteger(L, writing);
    lua_pushfstring(L, "io.%s", name);
    lua_pushcclosure(L, rb_confined_file_argument, 3);
    lua_setfield(L, io, name);
}

static int rb_confine_k(lua_State *L) {
    lua_createtable(L, 0, 2);
    lua_pushstring(L, lua_touserdata(L, 1));
    lua_setfield(L, -2, "read");
    lua_pushstring(L, lua_touserdata(L, 2));
    lua_setfield(L, -2, "write");
    lua_setfield(L, LUA_REGISTRYINDEX, RB_CONFINEMENT);

    lua_getglobal(L, "os");
    static const char *const removed_os[] = {"execute", "remove", "rename", "exit", "tmpname", "getenv"};
    for (size_t i = 0; i < sizeof removed_os / sizeof removed_os[0]; i++) {
        lua_pushnil(L);
        lua_setfield(L, -2, removed_os[i]);
    }
    lua_pop(L, 1);

    lua_getglobal(L, "io");
    int io = lua_gettop(L);
    lua_pushnil(L);
    lua_setfield(L, io, "popen");
    lua_getfield(L, io, "open");
    lua_pushcclosure(L, rb_confined_open, 1);
    lua_setfield(L, io, "open");
    rb_wrap_io(L, io, "lines", 0);
    rb_wrap_io(L, io, "input", 0);
    rb_wrap_io(L, io, "output", 1);
    // io.lines() with no file: the wrapper above, behind a check for the missing standard input.
    lua_getfield(L, io, "lines");
    lua_getupvalue(L, -1, 1);
    lua_pushinteger(L, 0);
    lua_pushliteral(L, "io.lines");
    lua_pushcclosure(L, rb_confined_lines, 3);
    lua_setfield(L, io, "lines");
    lua_pop(L, 1);
    lua_pushliteral(L, "io.read");
    lua_pushcclosure(L, rb_no_standard_input, 1);
    lua_setfield(L, io, "read");
    lua_pushnil(L);
    lua_setfield(L, io, "stdin");
    lua_pushnil(L);
    lua_setfield(L, io, "tmpfile");
    // The default input: a closed file (what liolib makes of a stream with no close function).
    luaL_Stream *closed = lua_newuserdatauv(L, sizeof(luaL_Stream), 0);
    closed->f = NULL;
    closed->closef = NULL;
    luaL_setmetatable(L, LUA_FILEHANDLE);
    lua_setfield(L, LUA_REGISTRYINDEX, "_IO_input");
    lua_pop(L, 1);

    lua_getglobal(L, "package");
    lua_pushcfunction(L, rb_confined_searchpath);
    lua_setfield(L, -2, "searchpath");
    lua_pop(L, 1);

    rb_open_budgeted_patterns(L);
    // The strings' metatable (their methods, and the host's __call) stays the host's.
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
    return 0;
}

int rb_confine(lua_State *L, const char *read_roots, const char *write_roots) {
    if (!lua_checkstack(L, 4))
        return RB_ESTACK;
    lua_pushlightuserdata(L, (void *)read_roots);
    lua_pushlightuserdata(L, (void *)write_roots);
    return rb_protect(L, rb_confine_k, 2, 0);
}
