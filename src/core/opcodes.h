/* opcodes.h — per-version opcode metadata, generated from CPython itself.
 *
 * tools/gen_opcodes.py runs each supported interpreter, reads its own
 * metadata (dis.opmap, the jump sets, the inline cache counts,
 * dis.stack_effect, 3.13's _opcode_metadata, the argrepr name tables,
 * importlib's magic-number history, str.isprintable) and writes
 * the headers in src/core/gen/.  Nothing in those files is typed by hand, and
 * tests/test_opcode_tables.py regenerates them and fails on any difference.
 *
 * Later phases see the version-independent dp_opcode enum (the union of the
 * opcode names of all versions) and ask this table for facts. */
#ifndef DEPYF_OPCODES_H
#define DEPYF_OPCODES_H

#include <stddef.h>
#include <stdint.h>

/* One enumerator per opcode name that exists in any supported version. */
typedef enum dp_opcode {
    DP_OP_INVALID = 0,
#define DP_OPNAME(name) DP_OP_##name,
#include "gen/opnames.h"
#undef DP_OPNAME
    DP_OP__COUNT
} dp_opcode;

/* How an instruction's argument names its jump target, as the version's
 * own dis computes it. */
typedef enum dp_jump_kind {
    DP_JUMP_NONE = 0,
    DP_JUMP_FORWARD,   /* relative, forward from the next instruction */
    DP_JUMP_BACKWARD,  /* relative, backward from the next instruction */
    DP_JUMP_ABSOLUTE,  /* absolute */
} dp_jump_kind;

/* Membership in dis's classification sets. */
enum {
    DP_OPF_HAS_ARG = 0x0001,  /* takes an argument (>= HAVE_ARGUMENT, or _opcode.has_arg) */
    DP_OPF_CONST = 0x0002,    /* hasconst */
    DP_OPF_NAME = 0x0004,     /* hasname */
    DP_OPF_LOCAL = 0x0008,    /* haslocal */
    DP_OPF_FREE = 0x0010,     /* hasfree */
    DP_OPF_COMPARE = 0x0020,  /* hascompare */
    DP_OPF_NARGS = 0x0040,    /* hasnargs (3.8-3.10) */
    DP_OPF_EXC = 0x0080,      /* hasexc (3.12+ pseudo ops) / _opcode.has_exc */
};

/* dis.stack_effect(op, arg, jump=...) as a small model, fitted by the
 * generator and checked there against samples of arg. */
typedef enum dp_effect_kind {
    DP_EFFECT_NONE = 0,  /* stack_effect raises for this opcode */
    DP_EFFECT_FIXED,     /* base */
    DP_EFFECT_LINEAR,    /* base + scale * arg */
    DP_EFFECT_MASKED,    /* table[arg & mask] */
    DP_EFFECT_SMALL,     /* arg < 16 ? table[arg] : base + scale * arg */
    DP_EFFECT_UNPACK_EX, /* base + (arg & 0xff) + (arg >> 8) */
} dp_effect_kind;

typedef struct dp_stack_effect {
    int8_t kind;         /* dp_effect_kind */
    int8_t base;
    int8_t scale;
    uint8_t mask;
    int8_t table[16];
} dp_stack_effect;

typedef struct dp_opinfo {
    const char *name;    /* NULL: this byte is not an opcode in this version */
    uint16_t op;         /* dp_opcode */
    uint16_t flags;      /* DP_OPF_* */
    uint8_t jump;        /* dp_jump_kind */
    uint8_t caches;      /* inline CACHE code units that follow (3.11+) */
    dp_stack_effect effect;       /* jump=False */
    dp_stack_effect effect_jump;  /* jump=True */
} dp_opinfo;

typedef struct dp_names {
    const char *const *items;
    size_t count;
} dp_names;

typedef struct dp_version_info {
    int version;              /* 308 ... 313 */
    const char *full_version; /* the interpreter the table was read from, "3.11.7" */
    uint32_t magic;           /* importlib.util.MAGIC_NUMBER of that release */
    int have_argument;        /* opcode.HAVE_ARGUMENT */
    int extended_arg;         /* opcode.EXTENDED_ARG */
    int opname_width;         /* dis._OPNAME_WIDTH */
    int oparg_width;          /* dis._OPARG_WIDTH */
    const dp_opinfo *ops;     /* [256], indexed by the raw opcode byte */
    uint8_t raw[DP_OP__COUNT];/* dp_opcode -> raw byte; 0 with ops[0].op != it when absent */
    dp_names cmp_op;          /* dis.cmp_op */
    dp_names nb_ops;          /* symbols of opcode._nb_ops (BINARY_OP argrepr), 3.11+ */
    dp_names intrinsic1;      /* opcode._intrinsic_1_descs, 3.12+ */
    dp_names intrinsic2;      /* opcode._intrinsic_2_descs, 3.12+ */
    dp_names function_flags;  /* dis.MAKE_FUNCTION_FLAGS / FUNCTION_ATTR_FLAGS */
    dp_names format_converters; /* dis.FORMAT_VALUE_CONVERTERS */
    dp_names common_constants;  /* dis._common_constants (LOAD_COMMON_CONSTANT), if any */
    /* Code points for which str.isprintable() is False, as sorted
     * inclusive ranges [lo, hi]; repr() escapes exactly these. */
    const uint32_t (*nonprintable)[2];
    size_t n_nonprintable;
} dp_version_info;

/* One magic number from importlib's history ("Python 3.8b2  3412 (...)"). */
typedef struct dp_magic {
    uint16_t magic;
    int16_t version;      /* 308 ... 313 */
    const char *release;  /* "3.8b2" */
    const char *reason;
} dp_magic;

/* NULL for a version we have no table for. */
const dp_version_info *dp_version_info_get(int version);
/* The version a .pyc magic number belongs to, or 0 if unknown. */
int dp_version_from_magic(uint16_t magic, const dp_magic **entry);
/* Name of a dp_opcode ("LOAD_CONST"). */
const char *dp_opcode_name(dp_opcode op);
/* dis.stack_effect(raw_op, arg, jump); sets *ok = 0 when it would raise.
 * Its most common case, an effect that does not depend on the argument, is
 * inline (the normalizer asks once or twice per instruction). */
int dp_stack_effect_model(const dp_version_info *vi, int raw_op, int32_t arg, int jump, int *ok);
static inline int dp_stack_effect_of(const dp_version_info *vi, int raw_op, int32_t arg, int jump,
                                     int *ok)
{
    if (vi != NULL && raw_op >= 0 && raw_op <= 255 && vi->ops[raw_op].name != NULL && arg >= 0 &&
        ok != NULL) {
        const dp_stack_effect *e = jump ? &vi->ops[raw_op].effect_jump : &vi->ops[raw_op].effect;
        if (e->kind == DP_EFFECT_FIXED) {
            *ok = 1;
            return e->base;
        }
    }
    return dp_stack_effect_model(vi, raw_op, arg, jump, ok);
}
/* str.isprintable() for one code point under that version's Unicode database. */
int dp_is_printable(const dp_version_info *vi, uint32_t cp);

#endif
