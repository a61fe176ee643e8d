// The pattern matcher behind a confined program's string functions (patternlib.c): Lua 5.4's
// pattern semantics (the manual's §6.4.1), with a budget of steps.
//
// Lua's own matcher backtracks inside one C call, where the count hook never runs: a pattern
// such as `(.-)(.-)(.-)(.-)x` against a long subject holds the host's thread for hours, and
// neither the time budget nor Ctrl-C reaches it. This one counts its steps (each attempt to
// match at a place, each character a repetition or a search looks at) and every
// RB_PATTERN_CHECK steps asks the budget whether the call must stop (and then stops it as the
// count hook would); past RB_PATTERN_STEPS it stops on its own, so a program with no time
// budget is bounded too. Lua's standard library keeps its own for trusted programs.

#include "patterns.h"
#include <ctype.h>
#include <string.h>

// `count` steps of work; every RB_PATTERN_CHECK steps the budget may stop the call.
void rb_steps(rb_match *m, long long count) {
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
const char *rb_match_here(rb_match *m, const char *s, const char *p) {
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

void rb_match_start(rb_match *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->subject = s;
    m->subject_end = s + ls;
    m->pattern_end = p + lp;
    m->steps = RB_PATTERN_STEPS;
    m->until_check = RB_PATTERN_CHECK;
}

void rb_match_again(rb_match *m) {
    m->level = 0;
    m->depth = RB_PATTERN_MAX_DEPTH;
}

// Capture `i` of a match from `s` to `e` (the whole match when there are no captures): its
// text's start and length, or RB_CAPTURE_POSITION with the position pushed.
ptrdiff_t rb_capture(rb_match *m, int i, const char *s, const char *e, const char **text) {
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

void rb_push_capture(rb_match *m, int i, const char *s, const char *e) {
    const char *text;
    ptrdiff_t length = rb_capture(m, i, s, e, &text);
    if (length != RB_CAPTURE_POSITION)
        lua_pushlstring(m->L, text, (size_t)length);
}

int rb_push_captures(rb_match *m, const char *s, const char *e) {
    int count = m->level == 0 && s != NULL ? 1 : m->level;
    luaL_checkstack(m->L, count, "too many captures");
    for (int i = 0; i < count; i++)
        rb_push_capture(m, i, s, e);
    return count;
}
