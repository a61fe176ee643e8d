// Records: structs as Lua tables with their field names (CGRect's {origin = {x, y}, size =
// {width, height}}), built from a shape in one protected call, read with raw reads, and made
// by the structs' constructors (`struct.CGSize(w, h)`) without leaving C.
#include "internal.h"
#include <string.h>

/// The most numbers a struct the constructors build holds (CATransform3D's sixteen).
enum { RB_MAX_LEAVES = 16 };

// A whole number of an integer leaf is pushed as an integer; anything else as it is.
static void rb_pushleaf(lua_State *L, int leaf, double value) {
    lua_Integer whole;
    if (leaf == RB_LEAF_INTEGER && lua_numbertointeger(value, &whole) && (double)whole == value)
        lua_pushinteger(L, whole);
    else
        lua_pushnumber(L, value);
}

// Builds the record `shape` describes, advancing *shape past it. Leaves come from *values,
// or when it is NULL from the stack from position *next on.
static void rb_buildrecord(lua_State *L, const int **shape, const double **values, int *next) {
    int metatable = *(*shape)++;
    int n = *(*shape)++;
    lua_createtable(L, 0, n);
    if (metatable != LUA_NOREF) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, metatable);
        lua_setmetatable(L, -2);
    }
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, *(*shape)++);
        int leaf = **shape;
        if (leaf != RB_LEAF_NUMBER && leaf != RB_LEAF_INTEGER) {
            rb_buildrecord(L, shape, values, next);
        } else {
            (*shape)++;
            if (*values == NULL)
                lua_pushvalue(L, (*next)++);
            else
                rb_pushleaf(L, leaf, *(*values)++);
        }
        lua_rawset(L, -3);
    }
}

void rb_newrecord(lua_State *L, const int *shape, const double *values) {
    int unused = 0;
    rb_buildrecord(L, &shape, &values, &unused);
}

// Stack: shape, values, then the leaf values when `values` is NULL.
static int rb_pushrecord_k(lua_State *L) {
    const int *shape = lua_touserdata(L, 1);
    const double *values = lua_touserdata(L, 2);
    int next = 3;
    rb_buildrecord(L, &shape, &values, &next);
    return 1;
}

int rb_pushrecord(lua_State *L, const int *shape, const double *values, int leaves) {
    if (!lua_checkstack(L, 2 * RB_RECORD_DEPTH + 4))
        return RB_ESTACK;
    lua_pushlightuserdata(L, (void *)shape);
    lua_pushlightuserdata(L, (void *)values);
    int nargs = 2;
    if (values == NULL) {
        lua_rotate(L, -(leaves + 2), 2);
        nargs += leaves;
    }
    return rb_protect(L, rb_pushrecord_k, nargs, 1);
}

int rb_readnumbers(lua_State *L, int table, int n, const int *keyrefs, double *values) {
    table = lua_absindex(L, table);
    if (lua_type(L, table) != LUA_TTABLE || !lua_checkstack(L, 2))
        return 0;
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, keyrefs[i]);
        int type = lua_rawget(L, table);
        values[i] = lua_tonumberx(L, -1, NULL);
        lua_pop(L, 1);
        if (type != LUA_TNUMBER)
            return i;
    }
    return n;
}

// What a struct's constructor keeps (its first upvalue): the numbers it takes, their
// defaults, and the shape of the record it builds.
typedef struct rb_structinfo {
    int leaves;
    double defaults[RB_MAX_LEAVES];
    int program[];
} rb_structinfo;

// `struct.Name(numbers...)`, with the type table at 1: numbers (nil for a field's default)
// build the record here; the table form and every error are the Swift constructor's
// (upvalue 2), which names what is wrong.
static int rb_construct(lua_State *L) {
    const rb_structinfo *info = lua_touserdata(L, lua_upvalueindex(1));
    int given = lua_gettop(L) - 1;
    if (given <= info->leaves && !(given == 1 && lua_type(L, 2) == LUA_TTABLE)) {
        double values[RB_MAX_LEAVES];
        int i = 0;
        for (; i < info->leaves; i++) {
            int type = lua_type(L, i + 2);
            if (type == LUA_TNUMBER)
                values[i] = lua_tonumber(L, i + 2);
            else if (type <= LUA_TNIL)
                values[i] = info->defaults[i];
            else
                break;
        }
        if (i == info->leaves) {
            luaL_checkstack(L, 2 * RB_RECORD_DEPTH + 4, "struct constructor");
            const int *shape = info->program;
            const double *leaves = values;
            int unused = 0;
            rb_buildrecord(L, &shape, &leaves, &unused);
            return 1;
        }
    }
    return rb_call_upvalue(L, 2);
}

// Stack: program, its length, defaults, leaves (light userdata and integers), fallback.
static int rb_newstructconstructor_k(lua_State *L) {
    const int *program = lua_touserdata(L, 1);
    size_t length = (size_t)lua_tointeger(L, 2);
    const double *defaults = lua_touserdata(L, 3);
    int leaves = (int)lua_tointeger(L, 4);
    rb_structinfo *info = lua_newuserdatauv(L, sizeof(rb_structinfo) + length * sizeof(int), 0);
    info->leaves = leaves;
    memcpy(info->defaults, defaults, (size_t)leaves * sizeof(double));
    memcpy(info->program, program, length * sizeof(int));
    lua_pushvalue(L, 5);
    lua_pushcclosure(L, rb_construct, 2);
    return 1;
}

int rb_newstructconstructor(lua_State *L, const int *program, int length, const double *defaults, int leaves) {
    if (leaves < 0 || leaves > RB_MAX_LEAVES || length < 2 || !lua_checkstack(L, 6))
        return RB_ESTACK;
    lua_pushlightuserdata(L, (void *)program);
    lua_pushinteger(L, length);
    lua_pushlightuserdata(L, (void *)defaults);
    lua_pushinteger(L, leaves);
    lua_rotate(L, -5, 4);
    return rb_protect(L, rb_newstructconstructor_k, 5, 1);
}
