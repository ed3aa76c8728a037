/* model.h — the code model: plain C values for code objects and constants.
 *
 * It is independent of the interpreter that runs us: a 3.13 host can hold a
 * 3.8 code object.  Both front ends build it, the marshal reader from .pyc
 * bytes and the C extension from a live code object, and every later phase
 * reads only this.  All storage belongs to one dp_arena. */
#ifndef DEPYF_MODEL_H
#define DEPYF_MODEL_H

#include <stddef.h>
#include <stdint.h>

/* Python versions are written as 100*major + minor: 308 ... 313. */
#define DP_VERSION_MIN 308
#define DP_VERSION_MAX 313

typedef struct dp_str {
    const char *data; /* UTF-8, lone surrogates kept as in 'surrogatepass'; NUL-terminated */
    size_t len;
} dp_str;

typedef enum dp_obj_kind {
    DP_OBJ_NULL,      /* marshal's TYPE_NULL: only inside dicts */
    DP_OBJ_NONE,
    DP_OBJ_FALSE,
    DP_OBJ_TRUE,
    DP_OBJ_ELLIPSIS,
    DP_OBJ_STOPITER,
    DP_OBJ_INT,
    DP_OBJ_FLOAT,
    DP_OBJ_COMPLEX,
    DP_OBJ_STR,
    DP_OBJ_BYTES,
    DP_OBJ_TUPLE,
    DP_OBJ_LIST,
    DP_OBJ_SET,
    DP_OBJ_FROZENSET,
    DP_OBJ_DICT,      /* items alternate key, value */
    DP_OBJ_CODE,
    DP_OBJ_OPAQUE,    /* exists only in memory (a tensor, a class, ...) */
} dp_obj_kind;

typedef struct dp_code dp_code;
typedef struct dp_object dp_object;

/* An int: `small` when it fits in int64, else a magnitude in base 2**15
 * digits, least significant first, exactly as marshal stores it. */
typedef struct dp_int {
    int64_t small;
    int is_big;
    int negative;
    const uint16_t *digits;
    size_t ndigits;
} dp_int;

struct dp_object {
    dp_obj_kind kind;
    union {
        dp_int integer;                              /* DP_OBJ_INT */
        double real;                                 /* DP_OBJ_FLOAT */
        struct { double real, imag; } complex;       /* DP_OBJ_COMPLEX */
        dp_str str;                                  /* DP_OBJ_STR, DP_OBJ_BYTES */
        struct { dp_object **items; size_t count; } seq; /* tuple, list, set, frozenset, dict */
        dp_code *code;                               /* DP_OBJ_CODE */
        struct { size_t index; dp_str name; } opaque;/* DP_OBJ_OPAQUE: placeholder name */
    } u;
};

typedef struct dp_strs {
    const dp_str *items;
    size_t count;
} dp_strs;

/* Kinds of the fast locals, as in CPython 3.11+'s co_localspluskinds.
 * Older versions get them synthesized from varnames/cellvars/freevars. */
enum {
    DP_FAST_HIDDEN = 0x10, /* 3.12+: inlined comprehension variable */
    DP_FAST_LOCAL = 0x20,
    DP_FAST_CELL = 0x40,
    DP_FAST_FREE = 0x80,
};

/* Code flags we look at (co_flags). */
enum {
    DP_CO_OPTIMIZED = 0x0001,
    DP_CO_NEWLOCALS = 0x0002,
    DP_CO_VARARGS = 0x0004,
    DP_CO_VARKEYWORDS = 0x0008,
    DP_CO_NESTED = 0x0010,
    DP_CO_GENERATOR = 0x0020,
    DP_CO_NOFREE = 0x0040,
    DP_CO_COROUTINE = 0x0080,
    DP_CO_ITERABLE_COROUTINE = 0x0100,
    DP_CO_ASYNC_GENERATOR = 0x0200,
};

struct dp_code {
    int version;             /* 308 ... 313 */
    int32_t argcount;
    int32_t posonlyargcount;
    int32_t kwonlyargcount;
    int32_t nlocals;         /* number of plain locals (co_nlocals) */
    int32_t stacksize;
    int32_t flags;
    int32_t firstlineno;

    const uint8_t *code;     /* co_code: 2-byte code units */
    size_t code_len;
    dp_object **consts;
    size_t n_consts;
    dp_strs names;

    /* The unified fast-locals view (3.11+ layout, synthesized before). */
    dp_strs localsplus_names;
    const uint8_t *localsplus_kinds;
    /* The classic views, derived for every version. */
    dp_strs varnames;
    dp_strs cellvars;
    dp_strs freevars;

    dp_str filename;
    dp_str name;
    dp_str qualname;         /* = name before 3.11 */

    /* co_lnotab (3.8-3.9), co_linetable (3.10) or the location table (3.11+) */
    const uint8_t *linetable;
    size_t linetable_len;
    const uint8_t *exceptiontable; /* 3.11+ only */
    size_t exceptiontable_len;
};

#endif
