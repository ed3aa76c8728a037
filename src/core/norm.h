/* norm.h — the decoder's instructions in one version-independent form.
 *
 * Built from dp_decode's list, once per code object.  Here, and nowhere
 * else, the version differences that do not change meaning are removed:
 *  - EXTENDED_ARG, NOP, CACHE, RESUME, TO_BOOL, PRECALL, the generator
 *    prologue and other no-ops are dropped (a jump to one lands on the next
 *    kept instruction);
 *  - superinstructions are split (LOAD_FAST_LOAD_FAST -> two LOAD_FAST);
 *    RETURN_CONST becomes LOAD_CONST + RETURN_VALUE;
 *  - every unconditional jump is DP_N_JUMP; POP_JUMP_{FORWARD,BACKWARD}_IF_X
 *    are POP_JUMP_IF_X; jump targets are indices into this list;
 *  - BINARY_ADD ... INPLACE_XOR are BINARY_OP with 3.11's argument
 *    (dp_binop, +13 for the in-place form); COMPARE_OP's argument is a
 *    dp_cmpop, and 3.8's `in`/`is` comparisons are CONTAINS_OP/IS_OP;
 *  - calls: CALL_FUNCTION and CALL_METHOD are CALL n, CALL_FUNCTION_KW is
 *    CALL_KW n (names tuple on the stack, as 3.13); LOAD_GLOBAL's and
 *    LOAD_ATTR's NULL/method bits become an explicit PUSH_NULL or
 *    LOAD_METHOD; FORMAT_SIMPLE/FORMAT_WITH_SPEC are FORMAT_VALUE;
 *  - 3.12/3.13's END_FOR (and 3.13's POP_TOP after it) belong to FOR_ITER,
 *    whose target is then the first instruction after the loop;
 *  - name, local, free and constant arguments are resolved to strings and
 *    objects, whatever indexing scheme the version used;
 *  - an async with's awaits of __aenter__() and __aexit__() are dropped,
 *    so that it reads as a with (BEFORE_ASYNC_WITH / SETUP_ASYNC_WITH stay
 *    to tell it apart);
 *  - 3.12+: the exit of an async for, with the code after the loop that
 *    the compiler moved to the end as only an exception reaches it, goes
 *    back after the loop, and an inlined comprehension's cleanup handler
 *    that the code jumps over goes to the end (whole blocks permuted, so
 *    every path stays as it was; offsets then no longer increase). */
#ifndef DEPYF_NORM_H
#define DEPYF_NORM_H

#include "decode.h"

#define DP_N_JUMP DP_OP_JUMP_FORWARD

/* 3.12+: the JUMP_BACKWARD folded into this conditional jump was under the
 * same exception handler as the test: a statement's own jump (`continue`),
 * which has a location; the compiler's own has none, and the exception
 * table leaves it out. */
#define DP_FLAG_JUMP_COVERED 0x02

/* LOAD_SUPER_ATTR: the two-argument form, super(cls, self). */
#define DP_FLAG_SUPER_TWO_ARGS 0x01

/* 3.12+: this conditional jump is folded with the JUMP_BACKWARD of its own
 * that followed it (see fold_backward_jumps). */
#define DP_FLAG_FOLDED_BACK 0x04

/* A jump that went to a NOP, dropped (its target is the next instruction
 * kept): a statement with no code (3.10+: `pass`, as in `else: pass`), or
 * a line of the compiler's. */
#define DP_FLAG_TO_NOP 0x08

/* 3.12+: the jump was JUMP_BACKWARD_NO_INTERRUPT, which the compiler makes
 * of its own jumps (an except clause's end), not of a `continue`. */
#define DP_FLAG_NO_INTERRUPT 0x20

/* Set by the decompiler, not here: an instruction it made a jump (a
 * finally block's RERAISE to its last, a copy of an exit to the original),
 * which the compiler did not emit. */
#define DP_FLAG_MADE_JUMP 0x10

typedef struct dp_ins {
    uint16_t op;          /* dp_opcode, canonical as above */
    uint8_t flag;         /* DP_FLAG_*: LOAD_SUPER_ATTR's form; a folded backward conditional
                             jump; a jump to a NOP; a jump the decompiler made */
    int32_t arg;
    int32_t target;       /* jump target index, -1 if none */
    uint32_t offset;      /* byte offset of the original instruction */
    const char *name;     /* names, locals, cells and frees */
    const dp_object *obj; /* LOAD_CONST, KW_NAMES */
    int32_t handler;      /* 3.11+: exception handler index, -1 if none */
    uint16_t depth;       /* 3.11+: the handler's stack depth */
    uint8_t lasti;
    int32_t stack;        /* stack depth before it, as CPython counts; -1: unreachable */
} dp_ins;

typedef struct dp_norm {
    const dp_code *code;
    const dp_version_info *vi;
    int version;
    dp_ins *ins;
    size_t count;
} dp_norm;

int dp_normalize(const dp_code *code, dp_arena *arena, dp_error *err, dp_norm *out) DP_MUST_CHECK;

#endif
