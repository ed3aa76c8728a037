/* decode.h — raw bytecode to a list of instructions, once, for every version.
 *
 * The decoder folds EXTENDED_ARG, skips inline CACHE entries, turns relative,
 * backward and 3.10+ word-sized jump arguments into absolute byte offsets,
 * decodes the line table of the code's version (co_lnotab, 3.10's
 * co_linetable, 3.11+'s location table) and parses the 3.11+ exception
 * table.  Its instruction list is the one the version's own `dis` shows:
 * EXTENDED_ARG prefixes appear as instructions of their own and
 * superinstructions are not split; later phases normalize from there. */
#ifndef DEPYF_DECODE_H
#define DEPYF_DECODE_H

#include <stdint.h>
#include "arena.h"
#include "error.h"
#include "model.h"
#include "opcodes.h"

#define DP_NO_LINE INT32_MIN

/* One entry of co_lines(): bytes [start, end) belong to `line`. */
typedef struct dp_line_range {
    uint32_t start;
    uint32_t end;
    int32_t line;          /* DP_NO_LINE for None */
} dp_line_range;

/* One exception table entry, in byte offsets: [start, end) -> target. */
typedef struct dp_exc_entry {
    uint32_t start;
    uint32_t end;
    uint32_t target;
    uint32_t depth;
    uint8_t lasti;
} dp_exc_entry;

typedef struct dp_instr {
    uint32_t offset;       /* byte offset of the opcode */
    uint32_t start_offset; /* offset of its first EXTENDED_ARG prefix */
    uint16_t op;           /* dp_opcode; DP_OP_INVALID for an undefined byte */
    uint8_t raw_op;
    uint8_t caches;        /* inline CACHE code units after it */
    uint8_t has_arg;
    uint8_t is_jump;       /* a jump instruction with an argument */
    int64_t arg;           /* dis's arg: EXTENDED_ARG folded (wrapped to int32 on 3.11+) */
    int64_t jump;          /* dis's jump target byte offset, when is_jump */
    int32_t target;        /* index of the instruction at `jump`, -1 if none */
} dp_instr;

typedef struct dp_bytecode {
    const dp_code *code;
    const dp_version_info *vi;
    dp_instr *instrs;
    size_t count;
    dp_line_range *lines;  /* co_lines() */
    size_t n_lines;
    dp_exc_entry *exc;     /* 3.11+ */
    size_t n_exc;
} dp_bytecode;

/* with_lines: also co_lines() (the disassembler prints them; the decompiler
 * does not read the line table, so a malformed one does not stop it). */
int dp_decode(const dp_code *code, int with_lines, dp_arena *arena, dp_error *err,
              dp_bytecode *out) DP_MUST_CHECK;

/* co_lines() alone. */
int dp_decode_lines(const dp_code *code, dp_arena *arena, dp_error *err,
                    dp_line_range **out, size_t *count) DP_MUST_CHECK;

/* The exception table alone (empty before 3.11). */
int dp_decode_exceptions(const dp_code *code, dp_arena *arena, dp_error *err,
                         dp_exc_entry **out, size_t *count) DP_MUST_CHECK;

/* Index of the instruction at byte offset `offset`, or -1. */
int32_t dp_instr_at(const dp_bytecode *bc, int64_t offset);

#endif
