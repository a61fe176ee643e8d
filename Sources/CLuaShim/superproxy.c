// Super proxies: `obj[Super]:method(...)` and `obj[Super].property`, a userdata whose user
// values are the object and the superclass's methods, properties and name (RB_SUPER_*), so
// that scripts cannot change them. classes.c finds the superclass; this file makes the proxy
// and answers its lookups.

#include "internal.h"

static const char rb_superproxy_key = 0;  // registry -> metatable of `obj[Super]` proxies

// Raises unless the value at `index` is a super proxy: its metamethods check what they are
// given, although scripts cannot reach them (the metatable is locked).
static void rb_check_super(lua_State *L, int index) {
    int matches = lua_type(L, index) == LUA_TUSERDATA && lua_getmetatable(L, index);
    if (matches) {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_superproxy_key);
        matches = lua_rawequal(L, -1, -2);
        lua_pop(L, 2);
    }
    if (!matches)
        luaL_error(L, "super proxy (obj[Class]) expected, got %s", luaL_typename(L, index));
}

// Raises "Class has no <what> 'key'" with the proxy at 1 and the key at 2.
static int rb_super_missing(lua_State *L, const char *what) {
    lua_getiuservalue(L, 1, RB_SUPER_NAME);
    return luaL_error(L, "%s has no %s '%s'", lua_tostring(L, -1), what,
                      lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : luaL_typename(L, 2));
}

static int rb_super_call(lua_State *L) {
    if (!lua_rawequal(L, 1, lua_upvalueindex(3)))
        return luaL_error(L, "call super methods with ':' (obj[Class]:method(...))");
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_replace(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

// __index of super proxies: a property of the superclass (through its getter), else a
// method, called on the object with `:`.
static int rb_super_index(lua_State *L) {
    rb_check_super(L, 1);
    lua_settop(L, 2);
    lua_getiuservalue(L, 1, RB_SUPER_PROPERTIES);
    lua_pushvalue(L, 2);
    if (lua_gettable(L, 3) == LUA_TTABLE) {
        lua_getiuservalue(L, 1, RB_SUPER_OBJECT);
        lua_insert(L, 4);
        rb_call_getter(L, 4);
        return 1;
    }
    lua_settop(L, 2);
    lua_getiuservalue(L, 1, RB_SUPER_METHODS);
    lua_pushvalue(L, 2);
    if (lua_gettable(L, 3) == LUA_TFUNCTION) {
        lua_getiuservalue(L, 1, RB_SUPER_OBJECT);
        lua_pushvalue(L, 1);
        lua_pushcclosure(L, rb_super_call, 3);
        return 1;
    }
    return rb_super_missing(L, "method or property");
}

// __newindex of super proxies: the superclass's setter of a property.
static int rb_super_newindex(lua_State *L) {
    rb_check_super(L, 1);
    lua_settop(L, 3);
    lua_getiuservalue(L, 1, RB_SUPER_PROPERTIES);
    lua_pushvalue(L, 2);
    if (lua_gettable(L, 4) == LUA_TTABLE && lua_rawgeti(L, -1, 2) == LUA_TFUNCTION) {
        lua_getiuservalue(L, 1, RB_SUPER_OBJECT);
        lua_pushvalue(L, 3);
        lua_call(L, 2, 0);
        return 0;
    }
    return rb_super_missing(L, "writable property");
}

void rb_new_superproxy(lua_State *L, int object, int info) {
    lua_newuserdatauv(L, 0, 4);
    lua_pushvalue(L, object);
    lua_setiuservalue(L, -2, RB_SUPER_OBJECT);
    lua_rawgeti(L, info, RB_INFO_METHODS);
    lua_setiuservalue(L, -2, RB_SUPER_METHODS);
    lua_rawgeti(L, info, RB_INFO_PROPERTIES);
    lua_setiuservalue(L, -2, RB_SUPER_PROPERTIES);
    lua_rawgeti(L, info, RB_INFO_NAME);
    lua_setiuservalue(L, -2, RB_SUPER_NAME);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_superproxy_key);
    lua_setmetatable(L, -2);
}

int rb_is_superproxy_metatable(lua_State *L, int metatable) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_superproxy_key);
    int is = lua_rawequal(L, -1, metatable);
    lua_pop(L, 1);
    return is;
}

void rb_ensure_superproxy_metatable(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_superproxy_key) == LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    lua_createtable(L, 0, 4);
    lua_pushcfunction(L, rb_super_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, rb_super_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "super");
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "__name");
    lua_setfield(L, -2, "__metatable");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &rb_superproxy_key);
}
