// Objective-C's other spelling of properties: `obj:frame()` reads a property as its getter
// method would, and `obj:setFrame(r)` writes it as its setter method would. Both go through
// the same `__index` / `__newindex` as `obj.frame`, so script overrides apply to both.
//
// `obj:frame()` indexes the object (running the getter), then calls the value with the object.
// Values that are not functions get a `__call` that recognises that shape from the calling
// instruction (`lua_getinfo` "n" says "method 'frame'") and a receiver that has a property of
// that name, and returns the value; any other call of such a value raises Lua's own message.
#include "internal.h"
#include <string.h>

static const char rb_setters_key = 0;  // registry -> {property name -> setter method}

int rb_ispropertycall(lua_State *L) {
    lua_Debug ar;
    if (lua_gettop(L) != 2 || !lua_getstack(L, 0, &ar) || !lua_getinfo(L, "n", &ar))
        return 0;
    if (ar.name == NULL || ar.namewhat == NULL || strcmp(ar.namewhat, "method") != 0 || !lua_checkstack(L, 4))
        return 0;
    lua_pushstring(L, ar.name);
    int found = rb_hasproperty(L, 2, lua_gettop(L));
    lua_pop(L, 1);
    return found;
}

// The type name Lua's own call error uses: the metatable's __name when it is a string.
static const char *rb_callee_typename(lua_State *L, int index) {
    int type = luaL_getmetafield(L, index, "__name");
    if (type == LUA_TSTRING)
        return lua_tostring(L, -1);
    if (type != LUA_TNIL)
        lua_pop(L, 1);
    return luaL_typename(L, index);
}

// `__call` of values that are not functions.
int rb_value_call(lua_State *L) {
    if (rb_ispropertycall(L)) {
        lua_settop(L, 1);
        return 1;
    }
    lua_Debug ar;
    const char *type = rb_callee_typename(L, 1);
    if (lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar) && ar.name != NULL && ar.namewhat != NULL && *ar.namewhat)
        return luaL_error(L, "attempt to call a %s value (%s '%s')", type, ar.namewhat, ar.name);
    return luaL_error(L, "attempt to call a %s value", type);
}

// `obj:setName(value)`: `obj.name = value`, through the object's `__newindex`.
static int rb_setter_method(lua_State *L) {
    if (lua_type(L, 1) != LUA_TUSERDATA) {
        const char *name = lua_tostring(L, lua_upvalueindex(1));
        char first = name[0] >= 'a' && name[0] <= 'z' ? (char)(name[0] - 'a' + 'A') : name[0];
        return luaL_error(L, "set%c%s needs an object as self, got %s (write obj:set%c%s(value), with ':')", first,
                          name + 1, luaL_typename(L, 1), first, name + 1);
    }
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 2);
    lua_settable(L, 1);
    return 0;
}

// Pushes the setter method of property `name` (at `name`): one closure per name, shared by
// every class.
static void rb_push_setter(lua_State *L, int name) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_setters_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &rb_setters_key);
    }
    lua_pushvalue(L, name);
    if (lua_rawget(L, -2) != LUA_TFUNCTION) {
        lua_pop(L, 1);
        lua_pushvalue(L, name);
        lua_pushcclosure(L, rb_setter_method, 1);
        lua_pushvalue(L, name);
        lua_pushvalue(L, -2);
        lua_rawset(L, -4);
    }
    lua_remove(L, -2);
}

// Whether the entry of `name` in the property table at `properties` has a setter.
static int rb_writable(lua_State *L, int properties, int name) {
    lua_pushvalue(L, name);
    int writable = lua_gettable(L, properties) == LUA_TTABLE && lua_rawgeti(L, -1, 2) == LUA_TFUNCTION;
    lua_settop(L, name);
    return writable;
}

int rb_pushsettermethod(lua_State *L, int key, int properties) {
    size_t length;
    const char *setter = lua_type(L, key) == LUA_TSTRING ? lua_tolstring(L, key, &length) : NULL;
    if (setter == NULL || length < 4 || memcmp(setter, "set", 3) != 0 || setter[3] < 'A' || setter[3] > 'Z')
        return 0;
    properties = lua_absindex(L, properties);
    // `setTitle` sets `title`; `setURL` sets `URL` when there is no `uRL`.
    lua_pushlstring(L, setter + 3, length - 3);
    int name = lua_gettop(L);
    luaL_Buffer lowered;
    char *first = luaL_buffinitsize(L, &lowered, length - 3);
    memcpy(first, setter + 3, length - 3);
    first[0] = (char)(first[0] - 'A' + 'a');
    luaL_pushresultsize(&lowered, length - 3);
    if (rb_writable(L, properties, name + 1)) {
        rb_push_setter(L, name + 1);
    } else {
        lua_settop(L, name);
        if (!rb_writable(L, properties, name)) {
            lua_pop(L, 1);
            return 0;
        }
        rb_push_setter(L, name);
    }
    lua_replace(L, name);
    lua_settop(L, name);
    return 1;
}

static int rb_setvaluecall_k(lua_State *L) {
    lua_pushcfunction(L, rb_value_call);
    lua_setfield(L, 1, "__call");
    return 0;
}

int rb_setvaluecall(lua_State *L) { return rb_protect(L, rb_setvaluecall_k, 1, 0); }

// Values of every type that is not a function answer `obj:prop()`: nil, booleans and numbers
// through type-wide metatables (locked: `getmetatable(5)` is false), strings through theirs.
int rb_open_property_calls(lua_State *L) {
    lua_pushnil(L);
    lua_pushboolean(L, 0);
    lua_pushinteger(L, 0);
    for (int index = lua_gettop(L) - 2; index <= lua_gettop(L); index++) {
        lua_createtable(L, 0, 2);
        lua_pushcfunction(L, rb_value_call);
        lua_setfield(L, -2, "__call");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
        lua_setmetatable(L, index);
    }
    lua_pop(L, 3);
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
        lua_pushcfunction(L, rb_value_call);
        lua_setfield(L, -2, "__call");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return 0;
}
