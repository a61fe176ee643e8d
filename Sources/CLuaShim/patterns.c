// string.find, match, gmatch and gsub for a confined program, with Lua 5.4's pattern semantics
// (the manual's §6.4.1) and a budget of steps.
//
// Lua's own matcher backtracks inside one C call, where the count hook never runs: a pattern
// such as `(.-)(.-)(.-)(.-)x` against a long subject holds the host's thread for hours, and
// neither the time budget nor Ctrl-C reaches it. This one counts its steps (each attempt to
// match at a place, each character a repetition or a search looks at) and every
// RB_PATTERN_CHECK steps asks the budget whether the call must stop (and then stops it as the
// count hook would); past RB_PATTERN_STEPS it stops on its own, so a program with no time
// budget is bounded too. Lua's standard library keeps its own for trusted programs.
#include "internal.h"
#include <ctype.h>
#include <string.h>

enum {
    RB_PATTERN_ESCAPE = '%',
    RB_PATTERN_MAX_DEPTH = 200,  // Lua's MAXCCALLS: recursion, not work
    RB_PATTERN_CHECK = 4096,
    RB_PATTERN_MAX_CAPTURES = 32,  // Lua's LUA_MAXCAPTURES
};
static const long long RB_PATTERN_STEPS = 200LL * 1000 * 1000;
static const char RB_PATTERN_SPECIALS[] = "^$*+?.([%-";

enum { RB_CAPTURE_UNFINISHED = -1, RB_CAPTURE_POSITION = -2 };

typedef struct rb_match {
    const char *subject;  // the subject's start, end and the pattern's end; Lua strings end in '\0'
    const char *subject_end;
    const char *pattern_end;
    lua_State *L;
    int depth;              // recursion left
    int level;              // captures open or closed so far
    long long steps;        // steps left
    long long until_check;  // steps until the budget is asked
    struct {
        const char *start;
        ptrdiff_t length;  // or RB_CAPTURE_UNFINISHED / RB_CAPTURE_POSITION
    } captures[RB_PATTERN_MAX_CAPTURES];
} rb_match;

// `count` steps of work; every RB_PATTERN_CHECK steps the budget may stop the call.
static void rb_steps(rb_match *m, long long count) {
    m->until_check -= count;
    if (m->until_check > 0)
        return;
    m->until_check = RB_PATTERN_CHECK;
    m->steps -= RB_PATTERN_CHECK;
    if (m->steps <= 0)
        luaL_error(m->L, "pattern too complex: it took more than %I steps (a sandboxed program's budget)",
                   (lua_Integer)RB_PATTERN_STEPS);
    rb_budget_check_native(rb_runtime_of(m->L), m->L);
}

static void rb_step(rb_match *m) { rb_steps(m, 1); }

static const char *rb_match_here(rb_match *m, const char *s, const char *p);

static int rb_class_matches(int c, int class) {
    int found;
    switch (tolower(class)) {
    case 'a': found = isalpha(c); break;
    case 'c': found = iscntrl(c); break;
    case 'd': found = isdigit(c); break;
    case 'g': found = isgraph(c); break;
    case 'l': found = islower(c); break;
    case 'p': found = ispunct(c); break;
    case 's': found = isspace(c); break;
    case 'u': found = isupper(c); break;
    case 'w': found = isalnum(c); break;
    case 'x': found = isxdigit(c); break;
    default: return class == c;
    }
    return isupper(class) ? !found : found;
}

// Whether `c` is in the set `[...]` that starts at `p` and whose `]` is at `end`.
static int rb_set_matches(int c, const char *p, const char *end) {
    int wanted = 1;
    if (*(p + 1) == '^') {
        wanted = 0;
        p++;
    }
    while (++p < end) {
        if (*p == RB_PATTERN_ESCAPE) {
            p++;
            if (rb_class_matches(c, (unsigned char)*p))
                return wanted;
        } else if (*(p + 1) == '-' && p + 2 < end) {
            p += 2;
            if ((unsigned char)*(p - 2) <= c && c <= (unsigned char)*p)
                return wanted;
        } else if ((unsigned char)*p == c) {
            return wanted;
        }
    }
    return !wanted;
}

// Where the single-character item at `p` ends.
static const char *rb_item_end(rb_match *m, const char *p) {
    switch (*p++) {
    case RB_PATTERN_ESCAPE:
        if (p == m->pattern_end)
            luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    case '[':
        if (*p == '^')
            p++;
        do {
            if (p == m->pattern_end)
                luaL_error(m->L, "malformed pattern (missing ']')");
            if (*(p++) == RB_PATTERN_ESCAPE && p < m->pattern_end)
                p++;
        } while (*p != ']');
        return p + 1;
    default: return p;
    }
}

// Whether the subject's character at `s` matches the single-character item `p`..`end`.
static int rb_item_matches(rb_match *m, const char *s, const char *p, const char *end) {
    rb_step(m);
    if (s >= m->subject_end)
        return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case RB_PATTERN_ESCAPE: return rb_class_matches(c, (unsigned char)*(p + 1));
    case '[': return rb_set_matches(c, p, end - 1);
    default: return (unsigned char)*p == c;
    }
}

// `%bxy`: from an x at `s` to its balancing y.
static const char *rb_match_balance(rb_match *m, const char *s, const char *p) {
    if (p >= m->pattern_end - 1)
        luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (*s != *p)
        return NULL;
    int open = *p, close = *(p + 1), depth = 1;
    while (++s < m->subject_end) {
        rb_step(m);
        if (*s == close) {
            if (--depth == 0)
                return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;
}

// The longest run of the item at `p` from `s` (at least `s` already matched), then the rest.
static const char *rb_expand_longest(rb_match *m, const char *s, const char *p, const char *end) {
    ptrdiff_t count = 0;
    while (rb_item_matches(m, s + count, p, end))
        count++;
    for (; count >= 0; count--) {
        const char *rest = rb_match_here(m, s + count, end + 1);
        if (rest != NULL)
            return rest;
    }
    return NULL;
}

// The shortest run of the item at `p` from `s` after which the rest matches.
static const char *rb_expand_shortest(rb_match *m, const char *s, const char *p, const char *end) {
    for (;;) {
        const char *rest = rb_match_here(m, s, end + 1);
        if (rest != NULL)
            return rest;
        if (!rb_item_matches(m, s, p, end))
            return NULL;
        s++;
    }
}

static const char *rb_open_capture(rb_match *m, const char *s, const char *p, ptrdiff_t kind) {
    if (m->level >= RB_PATTERN_MAX_CAPTURES)
        luaL_error(m->L, "too many captures");
    m->captures[m->level].start = s;
    m->captures[m->level].length = kind;
    m->level++;
    const char *rest = rb_match_here(m, s, p);
    if (rest == NULL)
        m->level--;
    return rest;
}

static const char *rb_close_capture(rb_match *m, const char *s, const char *p) {
    int open = -1;
    for (int level = m->level - 1; level >= 0; level--) {
        if (m->captures[level].length == RB_CAPTURE_UNFINISHED) {
            open = level;
            break;
        }
    }
    if (open < 0)
        luaL_error(m->L, "invalid pattern capture");
    m->captures[open].length = s - m->captures[open].start;
    const char *rest = rb_match_here(m, s, p);
    if (rest == NULL)
        m->captures[open].length = RB_CAPTURE_UNFINISHED;
    return rest;
}

// `%1` to `%9`: the same text as a closed capture.
static const char *rb_match_back_reference(rb_match *m, const char *s, int digit) {
    int index = digit - '1';
    if (index < 0 || index >= m->level || m->captures[index].length == RB_CAPTURE_UNFINISHED)
        luaL_error(m->L, "invalid capture index %%%d", index + 1);
    size_t length = (size_t)m->captures[index].length;
    rb_step(m);
    if ((size_t)(m->subject_end - s) >= length && memcmp(m->captures[index].start, s, length) == 0)
        return s + length;
    return NULL;
}

// Where a match of the pattern from `p` that starts at `s` ends; NULL when there is none.
static const char *rb_match_here(rb_match *m, const char *s, const char *p) {
    if (m->depth-- == 0)
        luaL_error(m->L, "pattern too complex");
    rb_step(m);
    while (p != m->pattern_end) {
        const char *end;
        switch (*p) {
        case '(':
            s = *(p + 1) == ')' ? rb_open_capture(m, s, p + 2, RB_CAPTURE_POSITION)
                                : rb_open_capture(m, s, p + 1, RB_CAPTURE_UNFINISHED);
            goto done;
        case ')': s = rb_close_capture(m, s, p + 1); goto done;
        case '$':
            if (p + 1 != m->pattern_end)
                goto single;
            s = s == m->subject_end ? s : NULL;
            goto done;
        case RB_PATTERN_ESCAPE:
            switch (*(p + 1)) {
            case 'b':
                s = rb_match_balance(m, s, p + 2);
                if (s == NULL)
                    goto done;
                p += 4;
                continue;
            case 'f': {
                p += 2;
                if (*p != '[')
                    luaL_error(m->L, "missing '[' after '%%f' in pattern");
                end = rb_item_end(m, p);
                int before = s == m->subject ? '\0' : (unsigned char)*(s - 1);
                if (!rb_set_matches(before, p, end - 1) && rb_set_matches((unsigned char)*s, p, end - 1)) {
                    p = end;
                    continue;
                }
                s = NULL;
                goto done;
            }
            default:
                if (!isdigit((unsigned char)*(p + 1)))
                    goto single;
                s = rb_match_back_reference(m, s, (unsigned char)*(p + 1));
                if (s == NULL)
                    goto done;
                p += 2;
                continue;
            }
        default:
        single:
            end = rb_item_end(m, p);
            if (!rb_item_matches(m, s, p, end)) {
                if (*end == '*' || *end == '?' || *end == '-') {
                    p = end + 1;
                    continue;
                }
                s = NULL;
                goto done;
            }
            switch (*end) {
            case '?': {
                const char *rest = rb_match_here(m, s + 1, end + 1);
                if (rest != NULL) {
                    s = rest;
                    goto done;
                }
                p = end + 1;
                continue;
            }
            case '+': s = rb_expand_longest(m, s + 1, p, end); goto done;
            case '*': s = rb_expand_longest(m, s, p, end); goto done;
            case '-': s = rb_expand_shortest(m, s, p, end); goto done;
            default:
                s++;
                p = end;
                continue;
            }
        }
    }
done:
    m->depth++;
    return s;
}

static void rb_match_start(rb_match *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->subject = s;
    m->subject_end = s + ls;
    m->pattern_end = p + lp;
    m->steps = RB_PATTERN_STEPS;
    m->until_check = RB_PATTERN_CHECK;
}

static void rb_match_again(rb_match *m) {
    m->level = 0;
    m->depth = RB_PATTERN_MAX_DEPTH;
}

// Capture `i` of a match from `s` to `e` (the whole match when there are no captures): its
// text's start and length, or RB_CAPTURE_POSITION with the position pushed.
static ptrdiff_t rb_capture(rb_match *m, int i, const char *s, const char *e, const char **text) {
    if (i >= m->level) {
        if (i != 0)
            luaL_error(m->L, "invalid capture index %%%d", i + 1);
        *text = s;
        return e - s;
    }
    ptrdiff_t length = m->captures[i].length;
    *text = m->captures[i].start;
    if (length == RB_CAPTURE_UNFINISHED)
        luaL_error(m->L, "unfinished capture");
    else if (length == RB_CAPTURE_POSITION)
        lua_pushinteger(m->L, (m->captures[i].start - m->subject) + 1);
    return length;
}

static void rb_push_capture(rb_match *m, int i, const char *s, const char *e) {
    const char *text;
    ptrdiff_t length = rb_capture(m, i, s, e, &text);
    if (length != RB_CAPTURE_POSITION)
        lua_pushlstring(m->L, text, (size_t)length);
}

static int rb_push_captures(rb_match *m, const char *s, const char *e) {
    int count = m->level == 0 && s != NULL ? 1 : m->level;
    luaL_checkstack(m->L, count, "too many captures");
    for (int i = 0; i < count; i++)
        rb_push_capture(m, i, s, e);
    return count;
}

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
