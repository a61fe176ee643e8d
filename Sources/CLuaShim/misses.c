// Names that are not there: what the class dispatch remembers of a lookup that found nothing,
// so that the error of calling it names the class and a close name (the describer, set from
// Swift), and new field names handed to the field checker (a misspelled property becomes a
// warning there).

#include "internal.h"
#include <string.h>

static const char rb_miss_key = 0;          // registry -> the key of the last failed lookup
static const char rb_missclass_key = 0;     // registry -> the instance metatable it failed on
static const char rb_describer_key = 0;     // registry -> function(metatable | nil, key) -> message
static const char rb_fieldchecker_key = 0;  // registry -> function(metatable, key), for new field names

// Remembers a lookup that found nothing, so that an error "attempt to call a nil value
// (method 'k')" right after it can name the class and suggest a close name.
void rb_note_miss(lua_State *L, int object, int key) {
    lua_pushvalue(L, key);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &rb_miss_key);
    if (!lua_getmetatable(L, object))
        lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &rb_missclass_key);
}

// Hands the key at 2, which names no member, to the field checker (a misspelled property
// becomes a warning there). Stack: object, key, value.
void rb_check_field_name(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_fieldchecker_key) == LUA_TFUNCTION && lua_getmetatable(L, 1)) {
        lua_pushvalue(L, 2);
        lua_call(L, 2, 0);
    }
    lua_settop(L, 3);
}

static int rb_setdescriber_k(lua_State *L) {
    lua_rawsetp(L, LUA_REGISTRYINDEX, &rb_describer_key);
    return 0;
}

int rb_setdescriber(lua_State *L) { return rb_protect(L, rb_setdescriber_k, 1, 0); }

static int rb_setfieldchecker_k(lua_State *L) {
    lua_rawsetp(L, LUA_REGISTRYINDEX, &rb_fieldchecker_key);
    return 0;
}

int rb_setfieldchecker(lua_State *L) { return rb_protect(L, rb_setfieldchecker_k, 1, 0); }

static int rb_notemiss_k(lua_State *L) {
    rb_note_miss(L, 1, 2);
    return 0;
}

int rb_notemiss(lua_State *L, int object, int key) {
    object = lua_absindex(L, object);
    key = lua_absindex(L, key);
    if (!lua_checkstack(L, 5))
        return RB_ESTACK;
    lua_pushvalue(L, object);
    lua_pushvalue(L, key);
    return rb_protect(L, rb_notemiss_k, 2, 0);
}

void rb_describe_missing_method(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    const char *call = message ? strstr(message, "attempt to call a nil value (") : NULL;
    const char *open = call ? strchr(call, '\'') : NULL;
    const char *close = open ? strchr(open + 1, '\'') : NULL;
    if (close == NULL || !lua_checkstack(L, 6))
        return;
    int top = lua_gettop(L);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_describer_key) != LUA_TFUNCTION) {
        lua_settop(L, top);
        return;
    }
    lua_pushlstring(L, open + 1, (size_t)(close - open - 1));
    int key = lua_gettop(L);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_miss_key) == LUA_TSTRING && lua_rawequal(L, -1, key)) {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &rb_missclass_key);
    } else {
        lua_pushnil(L);
    }
    lua_remove(L, -2);
    lua_insert(L, key);
    if (lua_pcall(L, 2, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
        lua_pushlstring(L, message, (size_t)(call - message));
        lua_insert(L, -2);
        lua_concat(L, 2);
        lua_replace(L, top);
    }
    lua_settop(L, top);
}
