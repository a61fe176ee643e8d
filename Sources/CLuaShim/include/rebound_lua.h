// The C layer under Rebound's Lua runtime.
//
// Lua reports errors with longjmp, and a longjmp must never cross a Swift frame. Everything in
// this header exists so that Swift never has to call a Lua API function that can raise:
//
//  - Swift functions are reached from Lua through one trampoline (rb_pushnative). Swift returns
//    a result count, or RB_RAISE with the error value on the stack, and the trampoline raises
//    after Swift has returned.
//  - Every API call that can raise (allocation, metamethods, lua_next, luaL_ref, ...) is made by
//    a helper here that runs it under lua_pcall and returns a status code instead.
//  - Calls into Lua (rb_pcall) add a message handler that records a traceback.
//
// Functions returning `int` status return LUA_OK or an error status; on an error exactly one
// error value is on the stack, except RB_ESTACK (the stack could not grow), which pushes nothing.
#ifndef REBOUND_LUA_H
#define REBOUND_LUA_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stddef.h>

/// A Swift function reachable from Lua. Returns the number of results it pushed, or RB_RAISE /
/// RB_RAISE_WHERE after pushing one error value (RB_RAISE_WHERE prefixes the caller's position).
typedef int (*rb_native_fn)(lua_State *L, void *context);

/// Releases one retain of a Swift object handed to Lua (called from `__gc`).
typedef void (*rb_release_fn)(void *object);

/// Receives one complete warning emitted by Lua (`warn`, errors in `__gc`).
typedef void (*rb_warning_fn)(void *context, const char *message);

static const int RB_RAISE = -1;
static const int RB_RAISE_WHERE = -2;
static const int RB_ESTACK = 100;

/// Slots of the error table that rb_pcall's message handler builds.
static const int RB_ERR_MESSAGE = 1;
static const int RB_ERR_TRACEBACK = 2;
static const int RB_ERR_SOURCE = 3;
static const int RB_ERR_LINE = 4;
static const int RB_ERR_VALUE = 5;
/// Why the call was stopped: 0 it was not, 1 the time budget, 2 an interrupt (rb_interrupt).
static const int RB_ERR_STOPPED = 6;

/// Pushes the value of a registry reference (cannot raise).
static inline void rb_pushref(lua_State *L, int ref) { lua_rawgeti(L, LUA_REGISTRYINDEX, ref); }
/// Pushes the global table (cannot raise).
static inline void rb_pushglobals(lua_State *L) { lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }
/// A full garbage collection; errors in finalizers become warnings, so it cannot raise.
static inline void rb_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }

// MARK: State

/// What a state's threads share: its allocator, budget and bookkeeping. It outlives the
/// `lua_State` (rb_close), until rb_free_runtime, so that other threads can still call
/// rb_interrupt while the state closes.
typedef struct rb_runtime rb_runtime;

/// Creates a state with Rebound's counting allocator. `fail_at` > 0 makes allocation number
/// `fail_at` fail (every one from there on when `persistent`); it counts from the first
/// allocation of the state itself. Returns NULL when the state cannot be allocated.
lua_State *rb_newstate(size_t memory_limit, unsigned long fail_at, int persistent, rb_release_fn release,
                       rb_warning_fn warn, void *warn_context);
/// Puts the collector in generational mode (`generational`) or in incremental mode, with
/// Lua's default parameters. For a new state: the switch may run a full collection.
void rb_setcollector(lua_State *L, int generational);
/// Opens the standard libraries as scripts may have them (see sandbox.c: text-only loading,
/// native modules only from the `;`-separated `native_paths` templates, a debug library that
/// only reads), the coroutine functions and `setmetatable` that run under the time budget,
/// and creates the registry tables the helpers below use.
int rb_openlibs(lua_State *L, const char *native_paths);
/// Confines a program the user did not write (see confine.c): no processes, no removing or
/// renaming, files read only under the `;`-separated absolute `read_roots` and written only
/// under `write_roots` (symlinks resolved), no native modules. Called once, after rb_openlibs.
int rb_confine(lua_State *L, const char *read_roots, const char *write_roots);
/// The runtime of a state, for rb_interrupt and rb_free_runtime.
rb_runtime *rb_runtime_handle(lua_State *L);
/// Closes the state: runs every finalizer (under the time budget), then stops the watchdog
/// thread. The runtime stays until rb_free_runtime.
void rb_close(lua_State *L);
/// Frees a runtime whose state is closed.
void rb_free_runtime(rb_runtime *rt);
/// Stops the call into Lua that is running, or the next one: it raises "interrupted" at the
/// Lua code it runs, like an exceeded budget (sticky until the outermost call returns). Safe
/// from any thread, until rb_free_runtime. Native code that never returns to Lua (a C
/// function stuck in a long string match) is not stopped.
void rb_interrupt(rb_runtime *rt);

// MARK: Debugger

/// Swift's side of a stop: called on the thread that owns the state, from the hook, with the
/// stopped thread `L`, why (RB_DEBUG_*), and the stack level of the first frame to show.
/// Returns 1 when it held the program (it returns when the program goes on), 0 when it let the
/// program run on (a breakpoint's condition was false, a logpoint). It must not raise.
typedef int (*rb_debug_fn)(void *context, lua_State *L, int reason, int level);
enum { RB_DEBUG_BREAKPOINT = 1, RB_DEBUG_STEP = 2, RB_DEBUG_PAUSE = 3, RB_DEBUG_FUNCTION = 4, RB_DEBUG_EXCEPTION = 5 };
enum { RB_STEP_NONE = 0, RB_STEP_IN = 1, RB_STEP_OVER = 2, RB_STEP_OUT = 3 };
/// Which errors stop the program (rb_debug_exceptions).
enum { RB_EXCEPTIONS_UNCAUGHT = 1, RB_EXCEPTIONS_CAUGHT = 2 };
/// Attaches the debugger (`stop` NULL detaches it and forgets its breakpoints). Owning thread.
void rb_debug_attach(lua_State *L, rb_debug_fn stop, void *context);
/// Sets the breakpoints of the chunk named `source` (`@path`): lines to stop at, and the first
/// lines of functions to stop in when called (function breakpoints). Both sorted. Returns 0
/// when memory ran out. Owning thread.
int rb_debug_set_breakpoints(lua_State *L, const char *source, const int *lines, int line_count, const int *entries,
                             int entry_count);
/// Which errors stop the program: RB_EXCEPTIONS_* bits.
void rb_debug_exceptions(lua_State *L, int which);
/// While the program is held (inside rb_debug_fn): how it goes on. RB_STEP_NONE continues.
void rb_debug_step(lua_State *L, int mode);
/// Stops the running call at the next Lua code it runs (or the next call's) and holds it, as
/// a breakpoint would, with RB_DEBUG_PAUSE. Safe from any thread, until rb_free_runtime.
void rb_debug_pause(rb_runtime *rt);

/// Gives the running call a fresh time budget from now (a test runner, for each test); the
/// owning thread only.
void rb_budget_restart(rb_runtime *rt);

void rb_set_memory_limit(lua_State *L, size_t limit);
size_t rb_memory_limit(lua_State *L);
size_t rb_memory_used(lua_State *L);
unsigned long rb_allocation_count(lua_State *L);
/// Seconds a call from Swift into Lua may run; 0 for no limit.
void rb_set_time_budget(lua_State *L, double seconds);
double rb_time_budget(lua_State *L);
/// The thread Swift must use right now: the coroutine running the current native call, or the
/// main thread between calls.
lua_State *rb_current(lua_State *L);
/// Swift objects Lua holds a retain on, and live registry references made by rb_ref.
long rb_live_objects(lua_State *L);
long rb_live_refs(lua_State *L);

// MARK: Calls into Lua

/// Calls the function below `nargs` arguments with a traceback message handler, under the time
/// budget. On error the error value is a table indexed by RB_ERR_* (or a string for memory errors).
int rb_pcall(lua_State *L, int nargs, int nresults);
/// An argument that rb_pcallargs pushes itself, inside the call's protection.
typedef struct rb_arg {
    int kind;              // RB_ARG_*
    int ref;               // REF: a registry reference; VALUE: the value's type (rb_pushvalue)
    const void *bytes;     // VALUE: the value's bytes; OBJECT: the object
    size_t size;           // VALUE: how many bytes; OBJECT: its identity-cache slot
    double number;         // NUMBER
    long long integer;     // INTEGER
    const double *leaves;  // RECORD: the record's numbers, in its shape's order
} rb_arg;
/// STRING: `size` bytes at `bytes`. RECORD: a new table of the shape at `bytes` (as
/// rb_pushrecord reads it) from `leaves`.
enum { RB_ARG_REF, RB_ARG_VALUE, RB_ARG_OBJECT, RB_ARG_NUMBER, RB_ARG_INTEGER, RB_ARG_STRING, RB_ARG_RECORD };
/// An OBJECT argument had no userdata (the caller pushes it the slow way).
static const int RB_ENOUSERDATA = 101;
/// Calls the function `function_ref` with `args` the way rb_pcall does (message handler, time
/// budget), pushing the arguments inside the same protected call: one protected call in all,
/// for native code that calls a script many times (a delegate's size for each item). Leaves
/// the message handler and the results on the stack (*nresults of them) on success, the error
/// value on failure; pops nothing. RB_ENOUSERDATA, with the stack as it was, when an OBJECT
/// argument has no userdata yet.
int rb_pcallargs(lua_State *L, int function_ref, const rb_arg *args, int nargs, int *nresults);
/// A run of calls of one function that differ in one integer field of a value argument (a
/// delegate's size for each item): the arguments are `leading` (no VALUE among them), then a
/// copy of `value_bytes` (of value type `value_type`) whose integer at `field_offset` is
/// `first`, `first + 1`, ... for `count` calls. Each result's `nfields` number fields (registry
/// key references `keyrefs`) are read into `out` (`nfields` per call) with raw reads.
typedef struct rb_eachcall {
    int function_ref;
    const rb_arg *leading;
    int nleading;
    int value_type;
    const void *value_bytes;
    size_t value_size;
    size_t field_offset;
    long long first;
    int count;
    const int *keyrefs;
    int nfields;
    double *out;
    int done;  // set: how many calls gave such a result (the run stops at the first that did not)
} rb_eachcall;
/// Makes the calls of `each` in one protected call, as rb_pcall makes one (message handler,
/// time budget). On success `each->done` says how many results were read, and the result that
/// stopped the run (nil when none did) is on top; on failure the error value is.
int rb_pcalleach(lua_State *L, rb_eachcall *each);
/// rb_pcall in two steps, for callers that push the message handler before the function (which
/// saves moving it in and out): push it (needs one free slot; cannot raise), then call with its
/// index. The handler stays on the stack.
void rb_pushmsghandler(lua_State *L);
int rb_pcallh(lua_State *L, int nargs, int nresults, int handler);

// MARK: Protected helpers

int rb_pushlstring(lua_State *L, const char *s, size_t len);
int rb_newtable(lua_State *L, int narr, int nrec);

/// Sets the globals getfenv and setfenv (Lua 5.1's, over a Lua function's _ENV upvalue) for
/// tools that need them (busted); environments.c.
int rb_open_function_environments(lua_State *L);
/// Pops the top value and stores a registry reference to it in *ref.
int rb_ref(lua_State *L, int *ref);
/// Releases a registry reference; returns 0 when the stack could not grow (try again later).
int rb_unref(lua_State *L, int ref);
/// t[k] = v with t at `index` and k, v on top (popped). Raw: no metamethods.
int rb_rawset(lua_State *L, int index);
/// v = t[k] with t at `index` and k on top (replaced by v). Runs metamethods under the budget.
int rb_gettable(lua_State *L, int index);
/// t[k] = v with t at `index` and k, v on top (popped). Runs metamethods under the budget.
int rb_settable(lua_State *L, int index);
/// lua_next under protection; *more is 0 at the end of the table.
int rb_next(lua_State *L, int index, int *more);
/// luaL_tolstring (honours __tostring and __name) under the budget; pushes the string.
int rb_tostring(lua_State *L, int index);
/// Appends `path` to package[field] ("path" or "cpath") unless it is there already.
int rb_addpath(lua_State *L, const char *field, const char *path);

// MARK: Native functions

/// Pushes `message` as the error a native function raises (return RB_RAISE after it) when a
/// call it made into Lua failed with that message, `traceback`, `source` and `line` (0 for
/// none): the handler of the outer call reports them, not a traceback that starts at the
/// native function.
int rb_raise_traced(lua_State *L, const char *message, size_t length, const char *traceback, const char *source,
                    int line);
/// Pushes a Lua function that calls `fn` through the trampoline. When `context` is not NULL it is
/// a retained Swift object, released when the function is collected; *owned is set to 1 once
/// Lua has taken that retain (if it stays 0 on error, the caller still owns it).
int rb_pushnative(lua_State *L, rb_native_fn fn, void *context, int *owned);

// MARK: Native objects

/// Creates a metatable for native objects: `__gc` releases the Swift object, `__name` is `name`,
/// and `__index` / `__newindex` keep script fields in a table per object.
/// Stores a registry reference to it in *ref.
int rb_newobjectmetatable(lua_State *L, const char *name, int *ref);
/// Pushes the userdata for `object` (a retained pointer). The identity cache is keyed by slot
/// number only: `*slot` is where the object's userdata was cached (0 if never). If that slot
/// still holds the object's userdata it is pushed (*created = 0, the caller keeps its retain);
/// otherwise a new userdata with the metatable in registry slot `metatable_ref` is made and
/// cached in a free slot, stored in *slot (*created = 1, Lua took the retain). The caller keeps
/// `*slot` with the object. A new userdata counts the object's own allocation (its
/// `malloc_usable_size`; what it keeps in other allocations is not counted) against the memory
/// limit until its __gc; past the limit it is not made, and the error says so.
int rb_pushobject(lua_State *L, void *object, int metatable_ref, int *created, int *slot);
/// The object pointer of a native-object userdata at `index`, or NULL for any other value (and
/// for an object whose native side was released).
void *rb_toobject(lua_State *L, int index);
/// The `__name` of the metatable of the native object at `index` (NULL on failure), read under
/// protection; the string lives as long as the metatable.
const char *rb_objectname(lua_State *L, int index);
/// Whether Lua has a live userdata for `object` now (`slot` as rb_pushobject gave it).
int rb_hasobject(lua_State *L, void *object, int slot);
/// Pushes the userdata Lua already has for `object` and returns 1; returns 0, pushing nothing,
/// when there is none (or no stack space). `slot` is the object's slot as rb_pushobject gave it
/// (two array reads; raises nothing).
int rb_pushexisting(lua_State *L, void *object, int slot);
/// Whether the value at `index` is a native-object userdata (its object may be released).
int rb_isobject(lua_State *L, int index);

// MARK: Native values

/// Pushes an immutable value: a userdata holding a copy of `size` bytes, with the metatable in
/// registry slot `type` (which must have no `__gc`). No identity, no finalizer, no retain.
int rb_pushvalue(lua_State *L, int type, const void *bytes, size_t size);
/// The bytes of the value at `index` if it was pushed with this `type` and `size`, else NULL.
const void *rb_tovalue(lua_State *L, int index, int type, size_t size);
/// The `type` the value at `index` was pushed with, or LUA_NOREF when it is not a value.
int rb_valuetype(lua_State *L, int index);
/// The cheap path of every `adopt`, `abandon` and `replaceOwned`: one edge less from `owner`
/// to `removed`, one more to `added` (either may be NULL), for objects found by their slots,
/// in one protected call. Sets *missing to 1 and does nothing when the owner has no userdata
/// (its edges are mirrored when it gets one), to 2 when `added` has none (its edge is left to
/// the caller, which makes its userdata); `removed` without a userdata has no edge.
int rb_adjustowned(lua_State *L, void *owner, int owner_slot, void *removed, int removed_slot, void *added,
                   int added_slot, int *missing);
/// Adds `delta` to the count of native ownership edges from the object at `owner` to the object
/// at `child`. Lua's collector sees these edges, so a cycle through native ownership and script
/// fields is collectable while everything reachable from an owned object stays alive.
int rb_setowned(lua_State *L, int owner, int child, int delta);
/// Copies the script fields of the object at `from` to the object at `to` (a shallow copy,
/// as a copied Objective-C object's properties are), in a protected call.
int rb_copyfields(lua_State *L, int from, int to);

// MARK: Classes (classes.c)

/// Creates the metatable of a class's instances from the top three values (popped): the class
/// name, its methods table and its properties table. `__index` reads properties (through their
/// getter), then methods, then the object's fields; `obj[Class]` gives a super proxy.
/// `__newindex` calls a property's setter or stores a field. Instances that are objects need
/// `finalized` (a `__gc` releasing the Swift object); instances that are values must not have it.
/// Needs one free stack slot.
int rb_newinstancemetatable(lua_State *L, int finalized, int *ref);
/// Links a class from the top nine values (popped): the class userdata, its name, its methods,
/// properties and class-methods tables, the superclass's three tables (nils for a root), and
/// the class's fields table.
int rb_linkclass(lua_State *L);
/// Replaces the function on top (the fallback) with the `__index` of class values: class
/// fields and class methods are read in C, any other key is the fallback's
/// `fallback(class, key)`.
int rb_newclassindex(lua_State *L);
/// Empties the member caches of every class; call after changing any class's methods or
/// properties.
int rb_flushdispatch(lua_State *L);
/// Pops a getter and a setter (or nil) and pushes the property entry the dispatch reads. A
/// native getter (one that reads only its receiver) is called in place by `__index`; other
/// getters, a native method a script chose among them, are called with the object alone.
/// With `value_field` >= 0 the property is the 64-bit integer at that byte offset of a value's
/// bytes (NSIndexPath's `item`), read in place by `__index`; -1 for none. With `stored_field`
/// >= 0 (an `RB_STORED_*` kind plus 8 times a byte offset) it is that field of the native
/// object, read in place by `__index`; -1 for none. `stored_extra` is, for a record, the
/// address of its shape's program (which must outlive the state), and for an object
/// reference, the byte offset of the referenced object's Int32 identity-cache slot.
int rb_newpropentry(lua_State *L, int native_getter, int value_field, long stored_field, long stored_extra);

/// The kinds of stored fields `__index` reads from a native object's memory: a Double, a
/// Bool, an Int; a record of Doubles (CGRect); a strong or unowned(unsafe) reference to a
/// native object, or nil.
enum { RB_STORED_DOUBLE = 1, RB_STORED_BOOL = 2, RB_STORED_INTEGER = 3, RB_STORED_RECORD = 4, RB_STORED_OBJECT = 5 };
/// Pops the function that turns a failed member lookup into a message:
/// `describe(instance metatable | nil, key) -> string`. Errors that report calling a missing
/// method are rewritten with it.
int rb_setdescriber(lua_State *L);
/// Pops the function that `__newindex` of instances calls with (instance metatable, key) the
/// first time a class is given a string key that is none of its members (a field, or a
/// misspelled property). It runs on the script's frame and should not raise.
int rb_setfieldchecker(lua_State *L);
/// Records a failed lookup of the key at `key` on the object at `object` (for the describer).
int rb_notemiss(lua_State *L, int object, int key);
/// Whether the running C function (a `__call` metamethod, with the called value at 1 and one
/// argument at 2) was called as `receiver:name()` where `name` is a property of the receiver:
/// the Objective-C getter-call spelling of a property read (propertycalls.c). Raises nothing.
int rb_ispropertycall(lua_State *L);
/// Replaces the top two values (a value class's Swift class method, then the class) with a
/// class method that makes values of `type` (`size` bytes, at most 64) from whole numbers from
/// 0, stored as 64-bit integers at `offsets` (`count` of them), in C; other receivers and
/// arguments go to the Swift method (objects.c).
int rb_newvalueconstructor(lua_State *L, int type, size_t size, const int *offsets, int count);
/// Pops a metatable, then an instance metatable, and makes the values of the first act as
/// instances of the second's class: its `__index`, and its properties for `value:prop()`
/// (Lua strings act as NSString this way) (classes.c).
int rb_shareinstancemembers(lua_State *L);
/// Pops a metatable and gives it the `__call` that answers `obj:prop()` for the values it is
/// the metatable of (every other call raises Lua's own message).
int rb_setvaluecall(lua_State *L);
/// How deeply records may nest (CGRect's origin and size are depth 2).
static const int RB_RECORD_DEPTH = 4;
/// A record's leaf fields: a number, or a whole number pushed as a Lua integer (NSRange's
/// NSUIntegers). Below the references Lua reserves, so no metatable reference is either.
enum { RB_LEAF_NUMBER = 0, RB_LEAF_INTEGER = -100 };
/// Pushes the table that `shape` describes, in one protected call. A shape is the registry
/// reference of the record's metatable (LUA_NOREF for none) and a field count n, followed by n
/// pairs (key's registry reference, field); a field is RB_LEAF_NUMBER, RB_LEAF_INTEGER, or a
/// nested shape. The numbers are `values` in order, or when it is NULL the `leaves` topmost
/// stack values (popped).
int rb_pushrecord(lua_State *L, const int *shape, const double *values, int leaves);
/// Replaces the function on top (the constructor written in Swift) with a constructor
/// `struct.Name(numbers...)` (the type table first) that builds the record of `program` (a
/// shape as rb_pushrecord reads it, `length` ints) from `leaves` numbers, `defaults` standing
/// in for nils, in C; the table form and every error go to the Swift constructor. At most 16
/// leaves (records.c).
int rb_newstructconstructor(lua_State *L, const int *program, int length, const double *defaults, int leaves);
/// Reads the number fields named by the registry keys `keyrefs` from the table at `table` into
/// `values` with raw reads (which cannot raise); returns how many leading fields were numbers
/// (n when all were).
int rb_readnumbers(lua_State *L, int table, int n, const int *keyrefs, double *values);

#endif
