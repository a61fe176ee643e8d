// The budgeted pattern matcher that patterns.c implements and patternlib.c's string
// functions drive (see patterns.c): a match's state, and the calls on it.
#ifndef REBOUND_PATTERNS_H
#define REBOUND_PATTERNS_H

#include "internal.h"
#include <stddef.h>

enum {
    RB_PATTERN_ESCAPE = '%',
    RB_PATTERN_MAX_DEPTH = 200,  // Lua's MAXCCALLS: recursion, not work
    RB_PATTERN_CHECK = 4096,
    RB_PATTERN_MAX_CAPTURES = 32,  // Lua's LUA_MAXCAPTURES
};
static const long long RB_PATTERN_STEPS = 200LL * 1000 * 1000;

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

/// Starts matching pattern `p` (`lp` bytes) against subject `s` (`ls` bytes), with a whole budget.
void rb_match_start(rb_match *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp);
/// Clears the captures before a match is tried at another place.
void rb_match_again(rb_match *m);
/// Where a match of the pattern from `p` that starts at `s` ends; NULL when there is none.
const char *rb_match_here(rb_match *m, const char *s, const char *p);
/// `count` steps of work, charged to the budget.
void rb_steps(rb_match *m, long long count);
/// Capture `i` of a match from `s` to `e` (the whole match when there are no captures): its
/// text's start and length, or RB_CAPTURE_POSITION with the position pushed.
ptrdiff_t rb_capture(rb_match *m, int i, const char *s, const char *e, const char **text);
/// Pushes capture `i`, or every capture (the whole match when there are none): how many.
void rb_push_capture(rb_match *m, int i, const char *s, const char *e);
int rb_push_captures(rb_match *m, const char *s, const char *e);

#endif
