// Swift objects as full userdata, one userdata per object (docs/error-safety.md, rule 4).
#include "internal.h"
#include <stdint.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

// The address of this variable marks the userdata of native objects: checking the block is
// cheaper than checking the metatable, and no other userdata can hold this address.
static const char rb_object_marker = 0;

typedef struct rb_object {
    void *object;  // first, so that __gc and the cache read it as a `void **` slot
    const void *marker;
    int slot;       // its integer key in the identity cache
    size_t charge;  // the native object's bytes, counted against the memory limit while it lives
} rb_object;

static int rb_take_slot(rb_runtime *rt) {
    return rt->free_count > 0 ? rt->free_slots[--rt->free_count] : ++rt->next_slot;
}

// A slot whose number cannot be kept for reuse (no memory) is simply never used again.
static void rb_give_slot(rb_runtime *rt, int slot) {
    if (rt->free_count == rt->free_capacity) {
        int capacity = rt->free_capacity > 0 ? rt->free_capacity * 2 : 64;
        int *grown = realloc(rt->free_slots, (size_t)capacity * sizeof(int));
        if (grown == NULL)
            return;
        rt->free_slots = grown;
        rt->free_capacity = capacity;
    }
    rt->free_slots[rt->free_count++] = slot;
}

static rb_object *rb_object_block(lua_State *L, int index);

int rb_object_gc(lua_State *L) {
    rb_object *block = rb_object_block(L, 1);
    if (block == NULL || block->object == NULL)
        return 0;
    void *object = block->object;
    block->object = NULL;
    rb_runtime *rt = rb_runtime_of(L);
    // Weak values are cleared before finalizers run, so the slot may already hold a newer
    // userdata (of this object or of another that took the slot): clear it only if it is this one.
    lua_rawgeti(L, LUA_REGISTRYINDEX, rt->object_cache_ref);
    if (lua_rawgeti(L, -1, block->slot) == LUA_TUSERDATA && lua_rawequal(L, -1, 1)) {
        lua_pushnil(L);
        lua_rawseti(L, -3, block->slot);
    }
    lua_pop(L, 2);
    if (block->slot > 0)
        rb_give_slot(rt, block->slot);
    rt->used -= block->charge;
    block->charge = 0;
    rt->live_objects--;
    rt->release(object);
    return 0;
}

void rb_free_slots(rb_runtime *rt) {
    free(rt->free_slots);
    rt->free_slots = NULL;
    rt->free_count = rt->free_capacity = 0;
}

// Default __index / __newindex: the object's own field table, so `obj.anything = v` works on
// every native object. Types that dispatch to native members replace them.
static int rb_object_index(lua_State *L) {
    if (lua_type(L, 1) != LUA_TUSERDATA || lua_getiuservalue(L, 1, 1) != LUA_TTABLE)
        return 0;
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    return 1;
}

void rb_push_uservalue_table(lua_State *L, int object, int slot) {
    if (lua_getiuservalue(L, object, slot) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setiuservalue(L, object, slot);
    }
}

static int rb_object_newindex(lua_State *L) {
    luaL_checktype(L, 1, LUA_TUSERDATA);
    lua_settop(L, 3);
    rb_push_uservalue_table(L, 1, 1);
    lua_insert(L, 2);
    lua_rawset(L, 2);
    return 0;
}

void rb_push_object_metatable(lua_State *L, const char *name, int finalized) {
    lua_newtable(L);
    if (finalized) {
        lua_pushcfunction(L, rb_object_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_pushcfunction(L, rb_value_call);
    lua_setfield(L, -2, "__call");
    lua_pushstring(L, name);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "__name");
    // Scripts see the name instead of the metatable: they cannot call __gc or swap metamethods.
    lua_setfield(L, -2, "__metatable");
}

static int rb_newobjectmetatable_k(lua_State *L) {
    rb_push_object_metatable(L, lua_touserdata(L, 1), 1);
    lua_pushcfunction(L, rb_object_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, rb_object_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
    return 1;
}

int rb_newobjectmetatable(lua_State *L, const char *name, int *ref) {
    if (!lua_checkstack(L, 2))
        return RB_ESTACK;
    lua_pushlightuserdata(L, (void *)name);
    int status = rb_protect(L, rb_newobjectmetatable_k, 1, 1);
    if (status != LUA_OK)
        return status;
    *ref = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    rb_runtime_of(L)->live_refs++;
    return LUA_OK;
}

int rb_pushcached(lua_State *L, void *object, int slot) {
    if (slot <= 0)
        return 0;
    lua_rawgeti(L, LUA_REGISTRYINDEX, rb_runtime_of(L)->object_cache_ref);
    if (lua_rawgeti(L, -1, slot) == LUA_TUSERDATA && *(void **)lua_touserdata(L, -1) == object) {
        lua_replace(L, -2);  // a copy and a pop: half of what lua_remove's rotation costs
        return 1;
    }
    lua_pop(L, 2);
    return 0;
}

static int rb_pushobject_k(lua_State *L) {
    rb_runtime *rt = rb_runtime_of(L);
    void *object = lua_touserdata(L, 1);
    int metatable_ref = (int)lua_tointeger(L, 2);
    int *created = lua_touserdata(L, 3);
    int *slot = lua_touserdata(L, 4);
    size_t charge = (size_t)lua_tointeger(L, 5);
    if (rb_pushcached(L, object, *slot))
        return 1;
    // The native object counts against the memory limit as Lua's own allocations do.
    if (rt->limit != 0 && (charge > rt->limit || rt->used > rt->limit - charge))
        return luaL_error(L, "not enough memory: a native object of %d bytes is over the memory limit (%d MB)",
                          (int)charge, (int)(rt->limit >> 20));
    lua_rawgeti(L, LUA_REGISTRYINDEX, rt->object_cache_ref);
    // User value 1: the script fields; 2: the objects this one owns natively (ownership edges).
    rb_object *block = lua_newuserdatauv(L, sizeof(rb_object), 2);
    block->object = NULL;  // owns nothing until every allocation below has succeeded
    block->marker = &rb_object_marker;
    block->slot = 0;
    block->charge = 0;
    lua_rawgeti(L, LUA_REGISTRYINDEX, metatable_ref);
    lua_setmetatable(L, -2);
    int number = rb_take_slot(rt);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, number);
    block->slot = number;
    block->object = object;
    block->charge = charge;
    rt->used += charge;
    *created = 1;  // from here the userdata's __gc releases the object
    *slot = number;
    rt->live_objects++;
    return 1;
}

int rb_pushobject(lua_State *L, void *object, int metatable_ref, int *created, int *slot) {
    *created = 0;
    if (!lua_checkstack(L, 6))
        return RB_ESTACK;
    lua_pushlightuserdata(L, object);
    lua_pushinteger(L, metatable_ref);
    lua_pushlightuserdata(L, created);
    lua_pushlightuserdata(L, slot);
    lua_pushinteger(L, (lua_Integer)malloc_usable_size(object));
    return rb_protect(L, rb_pushobject_k, 5, 1);
}

static rb_object *rb_object_block(lua_State *L, int index) {
    // Strings and tables can have this length too; lua_touserdata gives NULL for them.
    if (lua_rawlen(L, index) != sizeof(rb_object))
        return NULL;
    rb_object *block = lua_touserdata(L, index);
    return block != NULL && block->marker == &rb_object_marker ? block : NULL;
}

int rb_isobject(lua_State *L, int index) { return rb_object_block(L, index) != NULL; }

// Immutable values (an NSIndexPath) are userdata holding their own bytes after this header:
// no Swift object stands behind them, so they need no identity-cache entry, no finalizer and
// no retain. `type` is the registry reference of their metatable; it tells value kinds apart.
static const char rb_value_marker = 0;

typedef struct rb_value {
    const void *marker;
    int type;
} rb_value;

static rb_value *rb_value_block(lua_State *L, int index) {
    if (lua_type(L, index) != LUA_TUSERDATA || lua_rawlen(L, index) < sizeof(rb_value))
        return NULL;
    rb_value *block = lua_touserdata(L, index);
    return block->marker == &rb_value_marker ? block : NULL;
}

const void *rb_value_payload(lua_State *L, int index, size_t *size) {
    rb_value *block = rb_value_block(L, index);
    if (block == NULL)
        return NULL;
    *size = lua_rawlen(L, index) - sizeof(rb_value);
    return block + 1;
}

void rb_newvalue(lua_State *L, int type, const void *bytes, size_t size) {
    rb_value *block = lua_newuserdatauv(L, sizeof(rb_value) + size, 0);
    block->marker = &rb_value_marker;
    block->type = type;
    memcpy(block + 1, bytes, size);
    lua_rawgeti(L, LUA_REGISTRYINDEX, type);
    lua_setmetatable(L, -2);
}

// What a value constructor keeps (its first upvalue): the value's type and size, and where
// each of its whole-number fields goes.
typedef struct rb_valueinfo {
    int type;
    int count;
    size_t size;
    size_t offsets[];
} rb_valueinfo;

// `Class:make(n1, n2, ...)` of a value class whose value is whole numbers from 0 (an
// NSIndexPath): made here when the class (upvalue 3) is the receiver and every argument is
// such a number; anything else, errors included, goes to the Swift method (upvalue 2).
static int rb_value_construct(lua_State *L) {
    const rb_valueinfo *info = lua_touserdata(L, lua_upvalueindex(1));
    if (lua_gettop(L) == info->count + 1 && lua_rawequal(L, 1, lua_upvalueindex(3))) {
        char bytes[64] = {0};
        int i = 0;
        for (; i < info->count; i++) {
            int exact;
            lua_Integer field = lua_tointegerx(L, i + 2, &exact);
            if (!exact || field < 0)
                break;
            memcpy(bytes + info->offsets[i], &field, sizeof field);
        }
        if (i == info->count) {
            rb_newvalue(L, info->type, bytes, info->size);
            return 1;
        }
    }
    return rb_call_upvalue(L, 2);
}

// Stack: offsets (light userdata), count, type, size, the Swift method, the class.
static int rb_newvalueconstructor_k(lua_State *L) {
    const int *offsets = lua_touserdata(L, 1);
    int count = (int)lua_tointeger(L, 2);
    rb_valueinfo *info = lua_newuserdatauv(L, sizeof(rb_valueinfo) + (size_t)count * sizeof(size_t), 0);
    info->type = (int)lua_tointeger(L, 3);
    info->count = count;
    info->size = (size_t)lua_tointeger(L, 4);
    for (int i = 0; i < count; i++)
        info->offsets[i] = (size_t)offsets[i];
    lua_pushvalue(L, 5);
    lua_pushvalue(L, 6);
    lua_pushcclosure(L, rb_value_construct, 3);
    return 1;
}

int rb_newvalueconstructor(lua_State *L, int type, size_t size, const int *offsets, int count) {
    if (size > 64 || count < 0 || !lua_checkstack(L, 6))
        return RB_ESTACK;
    for (int i = 0; i < count; i++)
        if (offsets[i] < 0 || (size_t)offsets[i] + sizeof(lua_Integer) > size)
            return RB_ESTACK;
    lua_pushlightuserdata(L, (void *)offsets);
    lua_pushinteger(L, count);
    lua_pushinteger(L, type);
    lua_pushinteger(L, (lua_Integer)size);
    lua_rotate(L, -6, 4);
    return rb_protect(L, rb_newvalueconstructor_k, 6, 1);
}

static int rb_pushvalue_k(lua_State *L) {
    rb_newvalue(L, (int)lua_tointeger(L, 2), lua_touserdata(L, 1), (size_t)lua_tointeger(L, 3));
    return 1;
}

int rb_pushvalue(lua_State *L, int type, const void *bytes, size_t size) {
    if (!lua_checkstack(L, 5))
        return RB_ESTACK;
    lua_pushlightuserdata(L, (void *)bytes);
    lua_pushinteger(L, type);
    lua_pushinteger(L, (lua_Integer)size);
    return rb_protect(L, rb_pushvalue_k, 3, 1);
}

const void *rb_tovalue(lua_State *L, int index, int type, size_t size) {
    rb_value *block = rb_value_block(L, index);
    return block != NULL && block->type == type && lua_rawlen(L, index) == sizeof(rb_value) + size ? block + 1 : NULL;
}

int rb_valuetype(lua_State *L, int index) {
    rb_value *block = rb_value_block(L, index);
    return block != NULL ? block->type : LUA_NOREF;
}

void *rb_toobject(lua_State *L, int index) {
    rb_object *block = rb_object_block(L, index);
    return block ? block->object : NULL;
}

// Adds `delta` to the edges from the userdata at `owner` to the one at `child` (absolute
// indices); leaves the stack as it was. Allocates, so it runs protected.
static void rb_addedges(lua_State *L, int owner, int child, lua_Integer delta) {
    rb_push_uservalue_table(L, owner, 2);
    lua_pushvalue(L, child);
    lua_Integer count = (lua_rawget(L, -2) == LUA_TNUMBER ? lua_tointeger(L, -1) : 0) + delta;
    lua_pop(L, 1);
    lua_pushvalue(L, child);
    if (count > 0)
        lua_pushinteger(L, count);
    else
        lua_pushnil(L);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

static int rb_setowned_k(lua_State *L) {
    rb_addedges(L, 1, 2, lua_tointeger(L, 3));
    return 0;
}

int rb_setowned(lua_State *L, int owner, int child, int delta) {
    owner = lua_absindex(L, owner);
    child = lua_absindex(L, child);
    if (!rb_isobject(L, owner) || !rb_isobject(L, child))
        return LUA_OK;
    if (!lua_checkstack(L, 5))
        return RB_ESTACK;
    lua_pushvalue(L, owner);
    lua_pushvalue(L, child);
    lua_pushinteger(L, delta);
    return rb_protect(L, rb_setowned_k, 3, 0);
}

// Stack: owner, removed child or nil, added child or nil. The new edge first: removing an
// entry and adding one to the same small table in that order makes Lua rehash it each time.
static int rb_replaceowned_k(lua_State *L) {
    if (!lua_isnil(L, 3))
        rb_addedges(L, 1, 3, 1);
    if (!lua_isnil(L, 2))
        rb_addedges(L, 1, 2, -1);
    return 0;
}

// Stack: source object, target object.
static int rb_copyfields_k(lua_State *L) {
    if (lua_getiuservalue(L, 1, 1) != LUA_TTABLE)
        return 0;
    rb_push_uservalue_table(L, 2, 1);
    lua_pushnil(L);
    while (lua_next(L, 3)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, 4);
    }
    return 0;
}

int rb_copyfields(lua_State *L, int from, int to) {
    from = lua_absindex(L, from);
    to = lua_absindex(L, to);
    if (!rb_isobject(L, from) || !rb_isobject(L, to))
        return LUA_OK;
    if (!lua_checkstack(L, 6))
        return RB_ESTACK;
    lua_pushvalue(L, from);
    lua_pushvalue(L, to);
    return rb_protect(L, rb_copyfields_k, 2, 0);
}

int rb_adjustowned(lua_State *L, void *owner, int owner_slot, void *removed, int removed_slot, void *added,
                   int added_slot, int *missing) {
    *missing = 0;
    if (!lua_checkstack(L, 8))
        return RB_ESTACK;
    if (!rb_pushcached(L, owner, owner_slot)) {
        *missing = 1;
        return LUA_OK;
    }
    // A child without a userdata has no edge to remove.
    if (removed == NULL || !rb_pushcached(L, removed, removed_slot))
        lua_pushnil(L);
    if (added != NULL && !rb_pushcached(L, added, added_slot)) {
        *missing = 2;
        lua_pushnil(L);
    } else if (added == NULL) {
        lua_pushnil(L);
    }
    return rb_protect(L, rb_replaceowned_k, 3, 0);
}

// The userdata Lua has for the native object at `target` (whose Int32 identity-cache slot is
// at byte `slot_offset`), or nil; 0 when it has none yet, for the getter to make one.
int rb_pushreferenced(lua_State *L, const char *target, lua_Integer slot_offset) {
    if (target == NULL) {
        lua_pushnil(L);
        return 1;
    }
    int32_t slot;
    memcpy(&slot, target + slot_offset, sizeof slot);
    return lua_checkstack(L, 2) && rb_pushcached(L, (void *)target, slot);
}

int rb_pushexisting(lua_State *L, void *object, int slot) {
    return lua_checkstack(L, 2) && rb_pushcached(L, object, slot);
}

int rb_hasobject(lua_State *L, void *object, int slot) {
    if (!rb_pushexisting(L, object, slot))
        return 0;
    lua_pop(L, 1);
    return 1;
}

static int rb_objectname_k(lua_State *L) {
    lua_getmetatable(L, 1);
    lua_getfield(L, -1, "__name");
    return 1;
}

const char *rb_objectname(lua_State *L, int index) {
    index = lua_absindex(L, index);
    if (!lua_checkstack(L, 3))
        return NULL;
    lua_pushvalue(L, index);
    const char *name = NULL;
    // The name string is anchored in the metatable, so it outlives the popped copy.
    if (rb_protect(L, rb_objectname_k, 1, 1) == LUA_OK)
        name = lua_tostring(L, -1);
    lua_pop(L, 1);
    return name;
}
