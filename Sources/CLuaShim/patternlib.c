// The string functions a confined program gets (string.find, match, gmatch and gsub), as Lua
// 5.4's lstrlib has them, over the budgeted matcher of patterns.c.
#include "patterns.h"
#include <ctype.h>
#include <string.h>

static const char RB_PATTERN_SPECIALS[] = "^$*+?.([%-";

// A start position as string functions take it: negative from the end, clamped to 1.
static size_t rb_start_index(lua_Integer position, size_t length) {
    if (position > 0)
        return (size_t)position;
    if (position == 0 || position < -(lua_Integer)length)
        return 1;
    return length + (size_t)position + 1;
}

static int rb_has_specials(const char *p, size_t lp) {
    size_t upto = 0;
    do {
        if (strpbrk(p + upto, RB_PATTERN_SPECIALS))
            return 1;
        upto += strlen(p + upto) + 1;
    } while (upto <= lp);
    return 0;
}

// The first place of `needle` in `haystack`, each place tried a step.
static const char *rb_find_plain(rb_match *m, const char *haystack, size_t lh, const char *needle, size_t ln) {
    if (ln == 0)
        return haystack;
    if (ln > lh)
        return NULL;
    const char *end = haystack + (lh - ln) + 1;
    for (const char *at = haystack; at < end; at++) {
        at = memchr(at, *needle, (size_t)(end - at));
        if (at == NULL)
            return NULL;
        rb_steps(m, 1 + (long long)(ln / 64));  // comparing 64 bytes is about a step's work
        if (memcmp(at + 1, needle + 1, ln - 1) == 0)
            return at;
    }
    return NULL;
}

static int rb_find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t start = rb_start_index(luaL_optinteger(L, 3, 1), ls) - 1;
    if (start > ls) {
        luaL_pushfail(L);
        return 1;
    }
    rb_match m;
    if (find && (lua_toboolean(L, 4) || !rb_has_specials(p, lp))) {
        rb_match_start(&m, L, s, ls, p, lp);
        const char *found = rb_find_plain(&m, s + start, ls - start, p, lp);
        if (found != NULL) {
            lua_pushinteger(L, (found - s) + 1);
            lua_pushinteger(L, (found - s) + (lua_Integer)lp);
            return 2;
        }
    } else {
        int anchored = *p == '^';
        if (anchored) {
            p++;
            lp--;
        }
        rb_match_start(&m, L, s, ls, p, lp);
        const char *from = s + start;
        do {
            rb_match_again(&m);
            const char *end = rb_match_here(&m, from, p);
            if (end != NULL) {
                if (!find)
                    return rb_push_captures(&m, from, end);
                lua_pushinteger(L, (from - s) + 1);
                lua_pushinteger(L, end - s);
                return rb_push_captures(&m, NULL, NULL) + 2;
            }
        } while (from++ < m.subject_end && !anchored);
    }
    luaL_pushfail(L);
    return 1;
}

static int rb_pattern_find(lua_State *L) { return rb_find_or_match(L, 1); }
static int rb_pattern_match(lua_State *L) { return rb_find_or_match(L, 0); }

// gmatch's iterator state, a userdata kept as an upvalue with the subject and the pattern.
typedef struct rb_gmatch {
    const char *next;
    const char *pattern;
    const char *last_end;
    rb_match m;
} rb_gmatch;

static int rb_gmatch_next(lua_State *L) {
    rb_gmatch *g = lua_touserdata(L, lua_upvalueindex(3));
    g->m.L = L;
    g->m.steps = RB_PATTERN_STEPS;  // each step of the iteration is a call of its own
    g->m.until_check = RB_PATTERN_CHECK;
    for (const char *from = g->next; from <= g->m.subject_end; from++) {
        rb_match_again(&g->m);
        const char *end = rb_match_here(&g->m, from, g->pattern);
        if (end != NULL && end != g->last_end) {
            g->next = g->last_end = end;
            return rb_push_captures(&g->m, from, end);
        }
    }
    return 0;
}

static int rb_pattern_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t start = rb_start_index(luaL_optinteger(L, 3, 1), ls) - 1;
    lua_settop(L, 2);  // the subject and the pattern stay alive as upvalues
    rb_gmatch *g = lua_newuserdatauv(L, sizeof(rb_gmatch), 0);
    if (start > ls)
        start = ls + 1;
    rb_match_start(&g->m, L, s, ls, p, lp);
    g->next = s + start;
    g->pattern = p;
    g->last_end = NULL;
    lua_pushcclosure(L, rb_gmatch_next, 3);
    return 1;
}

// A replacement string's text for a match from `s` to `e`: `%0` to `%9` and `%%`.
static void rb_add_replacement_text(rb_match *m, luaL_Buffer *b, const char *s, const char *e) {
    size_t length;
    const char *text = lua_tolstring(m->L, 3, &length);
    const char *escape;
    while ((escape = memchr(text, RB_PATTERN_ESCAPE, length)) != NULL) {
        luaL_addlstring(b, text, (size_t)(escape - text));
        escape++;
        if (*escape == RB_PATTERN_ESCAPE) {
            luaL_addchar(b, *escape);
        } else if (*escape == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)*escape)) {
            const char *capture;
            ptrdiff_t captured = rb_capture(m, *escape - '1', s, e, &capture);
            if (captured == RB_CAPTURE_POSITION)
                luaL_addvalue(b);
            else
                luaL_addlstring(b, capture, (size_t)captured);
        } else {
            luaL_error(m->L, "invalid use of '%c' in replacement string", RB_PATTERN_ESCAPE);
        }
        length -= (size_t)(escape + 1 - text);
        text = escape + 1;
    }
    luaL_addlstring(b, text, length);
}

// The replacement for a match from `s` to `e`; whether the text changed.
static int rb_add_replacement(rb_match *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
    lua_State *L = m->L;
    switch (kind) {
    case LUA_TFUNCTION: {
        lua_pushvalue(L, 3);
        int count = rb_push_captures(m, s, e);
        lua_call(L, count, 1);
        break;
    }
    case LUA_TTABLE:
        rb_push_capture(m, 0, s, e);
        lua_gettable(L, 3);
        break;
    default: rb_add_replacement_text(m, b, s, e); return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1))
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int rb_pattern_gsub(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *last_end = NULL;
    int kind = lua_type(L, 3);
    lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    int anchored = *p == '^';
    lua_Integer count = 0;
    int changed = 0;
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE, 3,
                     "string/function/table");
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (anchored) {
        p++;
        lp--;
    }
    rb_match m;
    rb_match_start(&m, L, s, ls, p, lp);
    while (count < most) {
        rb_match_again(&m);
        const char *end = rb_match_here(&m, s, p);
        if (end != NULL && end != last_end) {
            count++;
            changed = rb_add_replacement(&m, &b, s, end, kind) | changed;
            s = last_end = end;
        } else if (s < m.subject_end) {
            luaL_addchar(&b, *s++);
        } else {
            break;
        }
        if (anchored)
            break;
    }
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, s, (size_t)(m.subject_end - s));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, count);
    return 2;
}

void rb_open_budgeted_patterns(lua_State *L) {
    static const luaL_Reg functions[] = {
        {"find", rb_pattern_find},
        {"match", rb_pattern_match},
        {"gmatch", rb_pattern_gmatch},
        {"gsub", rb_pattern_gsub},
        {NULL, NULL},
    };
    lua_getglobal(L, "string");
    luaL_setfuncs(L, functions, 0);
    lua_pop(L, 1);
}
