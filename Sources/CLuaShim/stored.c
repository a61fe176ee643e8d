// Stored fields: properties `__index` (classes.c) reads straight from a native object's
// memory, and the reads each class remembers by name.
#include "internal.h"
#include <stdint.h>
#include <string.h>

void rb_forget_reads(rb_reads *reads) {
    if (reads != NULL)
        memset(reads, 0, sizeof *reads);
}

void rb_remember(rb_reads *reads, const void *name, rb_stored field) {
    if (name == NULL)
        return;
    size_t slot = rb_read_slot(name);
    reads->name[slot] = name;
    reads->field[slot] = field;
}

// The userdata Lua has for the object `target` points at, which is a native object whose
// identity-cache slot is the Int32 at byte `slot_offset`; 0 when it has none yet, for the
// getter to make one.
static int rb_pushreferenced(lua_State *L, const char *target, lua_Integer slot_offset) {
    if (target == NULL) {
        lua_pushnil(L);
        return 1;
    }
    int32_t slot;
    memcpy(&slot, target + slot_offset, sizeof slot);
    return lua_checkstack(L, 2) && rb_pushcached(L, (void *)target, slot);
}

int rb_pushstored(lua_State *L, int index, rb_stored stored) {
    const char *object = rb_toobject(L, index);
    if (object == NULL)
        return 0;
    const char *field = object + stored.code / 8;
    switch (stored.code % 8) {
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
        // The field is the record's numbers, Swift Doubles in the shape's order (checked
        // when the property was described), so it is read as the record's leaves in place.
        luaL_checkstack(L, 2 * RB_RECORD_DEPTH + 4, "a stored record");
        rb_newrecord(L, (const int *)(intptr_t)stored.extra, (const double *)(const void *)field);
        return 1;
    case RB_STORED_OBJECT: {
        const char *target;
        memcpy(&target, field, sizeof target);
        return rb_pushreferenced(L, target, stored.extra);
    }
    default: return 0;
    }
}
