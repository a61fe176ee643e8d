// Class dispatch for native and script objects: the hot path of every `obj.prop` and
// `obj:method()`, so it runs in C without entering Swift unless a native member is reached.
//
// Every class has three tables, each chained to its superclass's by a metatable
// `{__index = super}`: methods (name -> function), properties (name -> {getter, setter}) and
// class methods. An instance's metatable holds __index / __newindex closures over its class's
// tables; lookups therefore follow the inheritance chain with plain table reads.
#include "internal.h"
#include <stdint.h>
#include <string.h>

// The slots of a property entry after {getter, setter}. DIRECT is what `__index` reads the
// property with: the code of a stored field of the native object (an integer, see
// rb_newpropentry), read without a call at all; or a native getter's rb_native block (a light
// userdata; entry[1] keeps it alive), so that reading the property costs one C call, not two.
// FIELD is the byte offset of an integer field of a value's bytes (NSIndexPath's `item`).
// EXTRA is a stored record's shape program or a stored reference's slot offset (see
// rb_newpropentry).
enum { RB_ENTRY_DIRECT = 3, RB_ENTRY_FIELD = 4, RB_ENTRY_EXTRA = 5 };

static const char rb_methods_key = 0;     // instance metatable -> its class's methods table
static const char rb_properties_key = 0;  // instance metatable -> its class's properties table
static const char rb_caches_key = 0;      // registry -> {member cache -> true}, weak keys
static const char rb_classinfo_key = 0;   // registry -> {class userdata -> info (RB_INFO_*)}, weak keys

void rb_call_getter(lua_State *L, int object) {
    lua_rawgeti(L, -1, 1);
    lua_pushvalue(L, object);
    lua_call(L, 1, 1);
}

// `obj[Class]` with the object at 1 and a class userdata at 2: a proxy that looks members up
// from Class, which must be the object's class or one of its superclasses.
static int rb_push_super(lua_State *L) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_classinfo_key);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, -2) != LUA_TTABLE) {
        lua_pushnil(L);
        return 1;
    }
    int info = lua_gettop(L);
    lua_rawgeti(L, info, RB_INFO_METHODS);
    int wanted = lua_gettop(L);
    lua_getmetatable(L, 1);
    lua_rawgetp(L, -1, &rb_methods_key);
    while (lua_type(L, -1) == LUA_TTABLE && !lua_rawequal(L, -1, wanted)) {
        luaL_checkstack(L, 3, "class chain too deep");
        if (!lua_getmetatable(L, -1)) {
            lua_pushnil(L);
            break;
        }
        lua_getfield(L, -1, "__index");
    }
    if (!lua_rawequal(L, -1, wanted)) {
        lua_rawgeti(L, info, RB_INFO_NAME);
        luaL_getmetafield(L, 1, "__name");
        return luaL_error(L, "%s is not a superclass of %s (in obj[%s]:method(...))", lua_tostring(L, -2),
                          lua_tostring(L, -1), lua_tostring(L, -2));
    }
    rb_new_superproxy(L, 1, info);
    return 1;
}

// Whether the entry of `key` in the table at `table`, or in the tables its metatables'
// `__index` chain to, is a table (a property entry). Raw reads only: runs no Lua code.
static int rb_chain_has_entry(lua_State *L, int table, int key) {
    int top = lua_gettop(L);
    lua_pushvalue(L, table);
    int found = 0;
    while (lua_type(L, -1) == LUA_TTABLE && lua_checkstack(L, 3)) {
        lua_pushvalue(L, key);
        int type = lua_rawget(L, -2);
        if (type != LUA_TNIL) {
            found = type == LUA_TTABLE;
            break;
        }
        lua_pop(L, 1);
        if (!lua_getmetatable(L, -1))
            break;
        lua_pushliteral(L, "__index");
        lua_rawget(L, -2);
    }
    lua_settop(L, top);
    return found;
}

int rb_hasproperty(lua_State *L, int receiver, int key) {
    receiver = lua_absindex(L, receiver);
    key = lua_absindex(L, key);
    int type = lua_type(L, receiver);
    if ((type != LUA_TUSERDATA && type != LUA_TSTRING) || !lua_checkstack(L, 4) || !lua_getmetatable(L, receiver))
        return 0;
    int metatable = lua_gettop(L);
    int found = 0;
    if (lua_rawgetp(L, metatable, &rb_properties_key) == LUA_TTABLE) {
        found = rb_chain_has_entry(L, lua_gettop(L), key);
    } else if (rb_is_superproxy_metatable(L, metatable)) {
        lua_getiuservalue(L, receiver, RB_SUPER_PROPERTIES);
        found = rb_chain_has_entry(L, lua_gettop(L), key);
    } else if (lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_classinfo_key) == LUA_TTABLE) {
        lua_pushvalue(L, receiver);
        if (lua_rawget(L, -2) == LUA_TTABLE && lua_rawgeti(L, -1, RB_INFO_CLASSMETHODS) == LUA_TTABLE)
            found = rb_chain_has_entry(L, lua_gettop(L), key);
    }
    lua_settop(L, metatable - 1);
    return found;
}

// Upvalues of instances' __index and __newindex.
enum { RB_UP_PROPERTIES = 1, RB_UP_METHODS, RB_UP_CACHE, RB_UP_NAME, RB_UP_COUNT = RB_UP_NAME };

// A class's member cache: name -> property entry (a table), method (a function) or false, so
// that a lookup is one raw read instead of a walk up the class chain. rb_flushdispatch empties
// every cache when any class table changes. `false` entries stand for fields; a cache that
// outgrows RB_CACHE_LIMIT names (objects used as dictionaries) starts over.
enum { RB_CACHE_LIMIT = 1024 };
static const char rb_cachecount_key = 0;  // member cache -> how many names it holds

static void rb_clear(lua_State *L, int table) {
    lua_pushnil(L);
    while (lua_next(L, table)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, table);
    }
}

static void rb_cache_member(lua_State *L, int key) {
    int cache = lua_upvalueindex(RB_UP_CACHE);
    lua_rawgetp(L, cache, &rb_cachecount_key);
    lua_Integer count = lua_tointeger(L, -1) + 1;
    lua_pop(L, 1);
    if (count > RB_CACHE_LIMIT) {
        rb_clear(L, cache);
        count = 1;
    }
    lua_pushinteger(L, count);
    lua_rawsetp(L, cache, &rb_cachecount_key);
    lua_pushvalue(L, key);
    lua_pushvalue(L, -2);
    lua_rawset(L, cache);
}

// Pushes what `key` names on instances, false for nothing, and returns its type. Only string
// keys are cached.
static int rb_member(lua_State *L, int key) {
    lua_pushvalue(L, key);
    int type = lua_rawget(L, lua_upvalueindex(RB_UP_CACHE));
    if (type != LUA_TNIL)
        return type;
    lua_pop(L, 1);
    lua_pushvalue(L, key);
    if (lua_gettable(L, lua_upvalueindex(RB_UP_PROPERTIES)) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_pushvalue(L, key);
        if (lua_gettable(L, lua_upvalueindex(RB_UP_METHODS)) == LUA_TNIL) {
            lua_pop(L, 1);
            if (!rb_pushsettermethod(L, key, lua_upvalueindex(RB_UP_PROPERTIES)))
                lua_pushboolean(L, 0);
        }
    }
    if (lua_type(L, key) == LUA_TSTRING)
        rb_cache_member(L, key);
    return lua_type(L, -1);
}

// Pushes the stored field `code` describes (see rb_newpropentry) of the native object at
// `index`, with `extra` for a record or a reference; 0, pushing nothing, when the object is
// gone (a finalized object's userdata) or Lua has no userdata for the one referenced yet, for
// the getter to answer.
static int rb_pushstored(lua_State *L, int index, lua_Integer code, lua_Integer extra) {
    const char *object = rb_toobject(L, index);
    if (object == NULL)
        return 0;
    const char *field = object + code / 8;
    switch (code % 8) {
    case RB_STORED_DOUBLE: {
        double value;
        memcpy(&value, field, sizeof value);
        lua_pushnumber(L, value);
        return 1;
    }
    case RB_STORED_BOOL: lua_pushboolean(L, *field != 0); return 1;
    case RB_STORED_INTEGER: {
        lua_Integer value;
        memcpy(&value, field, sizeof value);
        lua_pushinteger(L, value);
        return 1;
    }
    case RB_STORED_RECORD:
        // Swift Doubles in the shape's order (checked when the property was described).
        luaL_checkstack(L, 2 * RB_RECORD_DEPTH + 4, "a stored record");
        rb_newrecord(L, (const int *)(intptr_t)extra, (const double *)(const void *)field);
        return 1;
    case RB_STORED_OBJECT: {
        const char *target;
        memcpy(&target, field, sizeof target);
        return rb_pushreferenced(L, target, extra);
    }
    default: return 0;
    }
}

// __index of instances. Properties come first, then methods, then the object's own fields;
// `obj[Class]` gives a super proxy.
static int rb_instance_index(lua_State *L) {
    if (lua_gettop(L) != 2)  // only a direct call (through debug.getinfo) passes more or fewer
        lua_settop(L, 2);
    switch (rb_member(L, 2)) {
    case LUA_TTABLE:
        switch (lua_rawgeti(L, 3, RB_ENTRY_DIRECT)) {
        case LUA_TLIGHTUSERDATA: {
            // The getter runs on this frame: the object stays at 1, the entry (on the stack,
            // keeping the block alive) is ignored, and the value it pushes is returned.
            rb_native *native = lua_touserdata(L, 4);
            return rb_call_native(L, native->fn, native->context);
        }
        case LUA_TNUMBER: {
            lua_Integer code = lua_tointeger(L, 4), extra = 0;
            if (code % 8 >= RB_STORED_RECORD && lua_rawgeti(L, 3, RB_ENTRY_EXTRA) == LUA_TNUMBER)
                extra = lua_tointeger(L, -1);
            if (rb_pushstored(L, 1, code, extra))
                return 1;
            break;
        }
        default: break;
        }
        if (lua_rawgeti(L, 3, RB_ENTRY_FIELD) == LUA_TNUMBER) {
            size_t size, offset = (size_t)lua_tointeger(L, -1);
            const char *bytes = rb_value_payload(L, 1, &size);
            if (bytes != NULL && offset + sizeof(lua_Integer) <= size) {
                lua_Integer field;
                memcpy(&field, bytes + offset, sizeof field);
                lua_pushinteger(L, field);
                return 1;
            }
        }
        lua_settop(L, 3);
        rb_call_getter(L, 1);
        return 1;
    case LUA_TFUNCTION: return 1;
    case LUA_TBOOLEAN: break;
    default: return 1;
    }
    lua_settop(L, 2);
    if (lua_type(L, 1) != LUA_TUSERDATA)
        return 0;
    if (lua_getiuservalue(L, 1, 1) == LUA_TTABLE) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, -2) != LUA_TNIL)
            return 1;
    }
    if (lua_type(L, 2) == LUA_TUSERDATA)
        return rb_push_super(L);
    if (lua_type(L, 2) == LUA_TSTRING)
        rb_note_miss(L, 1, 2);
    return 0;
}

// Whether the member cache has a verdict on the key at `key`.
static int rb_cached(lua_State *L, int key) {
    lua_pushvalue(L, key);
    int cached = lua_rawget(L, lua_upvalueindex(RB_UP_CACHE)) != LUA_TNIL;
    lua_pop(L, 1);
    return cached;
}

// __newindex of instances. A property goes through its setter; anything else becomes a field
// of this object. A string key the class has not met before and that names no member goes to
// the field checker first, so each class and name is checked once (the cache remembers it).
static int rb_instance_newindex(lua_State *L) {
    lua_settop(L, 3);
    int unseen = lua_type(L, 2) == LUA_TSTRING && !rb_cached(L, 2);
    int member = rb_member(L, 2);
    if (member == LUA_TTABLE) {
        if (lua_rawgeti(L, -1, 2) != LUA_TFUNCTION)
            return luaL_error(L, "property '%s' of %s is read-only", lua_tostring(L, 2),
                              lua_tostring(L, lua_upvalueindex(RB_UP_NAME)));
        lua_pushvalue(L, 1);
        lua_pushvalue(L, 3);
        lua_call(L, 2, 0);
        return 0;
    }
    luaL_checktype(L, 1, LUA_TUSERDATA);
    if (lua_getiuservalue(L, 1, 1) == LUA_TNONE)
        return luaL_error(L, "cannot set '%s' of %s: its values are immutable", luaL_tolstring(L, 2, NULL),
                          lua_tostring(L, lua_upvalueindex(RB_UP_NAME)));
    if (unseen && member == LUA_TBOOLEAN)
        rb_check_field_name(L);
    lua_settop(L, 3);
    rb_push_uservalue_table(L, 1, 1);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_rawset(L, -3);
    return 0;
}

static void rb_push_dispatch(lua_State *L, lua_CFunction f, int upvalues) {
    for (int i = 0; i < RB_UP_COUNT; i++)
        lua_pushvalue(L, upvalues + i);
    lua_pushcclosure(L, f, RB_UP_COUNT);
}

static void rb_registry_table(lua_State *L, const void *key, const char *mode);

// Stack: name, methods, properties, finalized.
static int rb_newinstancemetatable_k(lua_State *L) {
    int finalized = lua_toboolean(L, 4);
    lua_settop(L, 3);
    lua_pushvalue(L, 3);
    lua_pushvalue(L, 2);
    lua_newtable(L);
    rb_registry_table(L, &rb_caches_key, "k");
    lua_pushvalue(L, -2);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    lua_pushvalue(L, 1);
    int upvalues = lua_gettop(L) - 3;
    rb_push_object_metatable(L, lua_tostring(L, 1), finalized);
    rb_push_dispatch(L, rb_instance_index, upvalues);
    lua_setfield(L, -2, "__index");
    rb_push_dispatch(L, rb_instance_newindex, upvalues);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, 2);
    lua_rawsetp(L, -2, &rb_methods_key);
    lua_pushvalue(L, 3);
    lua_rawsetp(L, -2, &rb_properties_key);
    lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
    return 1;
}

// 1: an instance metatable, 2: the metatable of values that act as its instances.
static int rb_shareinstancemembers_k(lua_State *L) {
    lua_getfield(L, 1, "__index");
    lua_setfield(L, 2, "__index");
    lua_rawgetp(L, 1, &rb_properties_key);
    lua_rawsetp(L, 2, &rb_properties_key);
    return 0;
}

int rb_shareinstancemembers(lua_State *L) { return rb_protect(L, rb_shareinstancemembers_k, 2, 0); }

int rb_newinstancemetatable(lua_State *L, int finalized, int *ref) {
    lua_pushboolean(L, finalized);
    int status = rb_protect(L, rb_newinstancemetatable_k, 4, 1);
    if (status != LUA_OK)
        return status;
    *ref = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    rb_runtime_of(L)->live_refs++;
    return LUA_OK;
}

static int rb_flushdispatch_k(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_caches_key) != LUA_TTABLE)
        return 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        rb_clear(L, lua_gettop(L));
    }
    return 0;
}

int rb_flushdispatch(lua_State *L) { return rb_protect(L, rb_flushdispatch_k, 0, 0); }

static void rb_chain(lua_State *L, int table, int super) {
    if (lua_isnil(L, super))
        return;
    lua_createtable(L, 0, 1);
    lua_pushvalue(L, super);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, table);
}

static void rb_registry_table(lua_State *L, const void *key, const char *mode) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) == LUA_TTABLE)
        return;
    lua_pop(L, 1);
    lua_newtable(L);
    if (mode != NULL) {
        lua_createtable(L, 0, 1);
        lua_pushstring(L, mode);
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
    }
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, key);
}

// Stack: class, name, methods, properties, class methods, the superclass's three tables, and
// the class's fields.
static int rb_linkclass_k(lua_State *L) {
    for (int i = 0; i < 3; i++)
        rb_chain(L, 3 + i, 6 + i);
    rb_registry_table(L, &rb_classinfo_key, "k");
    lua_pushvalue(L, 1);
    lua_createtable(L, 5, 0);
    lua_pushvalue(L, 3);
    lua_rawseti(L, -2, RB_INFO_METHODS);
    lua_pushvalue(L, 4);
    lua_rawseti(L, -2, RB_INFO_PROPERTIES);
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, RB_INFO_NAME);
    lua_pushvalue(L, 5);
    lua_rawseti(L, -2, RB_INFO_CLASSMETHODS);
    lua_pushvalue(L, 9);
    lua_rawseti(L, -2, RB_INFO_FIELDS);
    lua_rawset(L, -3);
    rb_ensure_superproxy_metatable(L);
    return 0;
}

int rb_linkclass(lua_State *L) {
    if (!lua_checkstack(L, 8))
        return RB_ESTACK;
    return rb_protect(L, rb_linkclass_k, 9, 0);
}

// __index of class values. `Class.name` is a class field or a class method far more often
// than anything else (`objc.NSIndexPath:indexPathForItem_inSection` in a layout's loop), so
// those two are read here; everything else (class properties, the class API, initializers,
// enums, instance methods, and `classMethod`) is the fallback's, upvalue 1.
static int rb_class_index(lua_State *L) {
    lua_settop(L, 2);
    size_t length;
    const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &length) : NULL;
    if (key != NULL && !(length == 11 && memcmp(key, "classMethod", 11) == 0)) {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_classinfo_key);
        lua_pushvalue(L, 1);
        if (lua_rawget(L, 3) == LUA_TTABLE) {
            if (lua_rawgeti(L, 4, RB_INFO_FIELDS) == LUA_TTABLE) {
                lua_pushvalue(L, 2);
                if (lua_rawget(L, 5) != LUA_TNIL)
                    return 1;
            }
            lua_rawgeti(L, 4, RB_INFO_CLASSMETHODS);
            lua_pushvalue(L, 2);
            if (lua_gettable(L, -2) == LUA_TFUNCTION)
                return 1;
        }
        lua_settop(L, 2);
    }
    return rb_call_upvalue(L, 1);
}

static int rb_newclassindex_k(lua_State *L) {
    lua_pushcclosure(L, rb_class_index, 1);
    return 1;
}

int rb_newclassindex(lua_State *L) { return rb_protect(L, rb_newclassindex_k, 1, 1); }

// Stack: getter, setter (or nil), whether the getter is a native property getter, the value
// field's offset (or -1), the stored field's code (or -1).
static int rb_newpropentry_k(lua_State *L) {
    lua_createtable(L, RB_ENTRY_EXTRA, 0);
    lua_pushvalue(L, 1);
    lua_rawseti(L, -2, 1);
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, 2);
    rb_native *native = lua_toboolean(L, 3) ? rb_native_block(L, 1) : NULL;
    if (lua_tointeger(L, 5) >= 0) {
        lua_pushvalue(L, 5);
        lua_rawseti(L, -2, RB_ENTRY_DIRECT);
    } else if (native != NULL) {
        lua_pushlightuserdata(L, native);
        lua_rawseti(L, -2, RB_ENTRY_DIRECT);
    }
    if (lua_tointeger(L, 4) >= 0) {
        lua_pushvalue(L, 4);
        lua_rawseti(L, -2, RB_ENTRY_FIELD);
    }
    if (lua_tointeger(L, 5) % 8 >= RB_STORED_RECORD) {
        lua_pushvalue(L, 6);
        lua_rawseti(L, -2, RB_ENTRY_EXTRA);
    }
    return 1;
}

int rb_newpropentry(lua_State *L, int native_getter, int value_field, long stored_field, long stored_extra) {
    if (!lua_checkstack(L, 6))
        return RB_ESTACK;
    lua_pushboolean(L, native_getter);
    lua_pushinteger(L, value_field);
    lua_pushinteger(L, stored_field);
    lua_pushinteger(L, stored_extra);
    return rb_protect(L, rb_newpropentry_k, 6, 1);
}
