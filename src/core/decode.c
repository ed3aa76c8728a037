/* decode.c — instructions, line table and exception table of one code
 * object, following the version's own dis.py and Objects/codeobject.c. */
#include "decode.h"

#include <string.h>

/* ---- line tables ------------------------------------------------------ */

typedef struct range_list {
    dp_line_range *items;
    size_t count, cap;
    dp_arena *arena;
} range_list;

/* Append a range, merging it into the previous one when the line is the
 * same, as co_lines() does from 3.11 on.  (3.10 does not merge, but every
 * user of the list only looks at line changes, so merging is invisible.) */
static int push_range(range_list *list, uint32_t start, uint32_t end, int32_t line)
{
    if (list->count && list->items[list->count - 1].line == line &&
        list->items[list->count - 1].end == start) {
        list->items[list->count - 1].end = end;
        return 0;
    }
    if (list->count == list->cap) {
        size_t cap = list->cap ? list->cap * 2 : 32;
        dp_line_range *grown = dp_arena_grow(list->arena, list->items,
                                             list->count * sizeof *grown, cap * sizeof *grown);
        if (grown == NULL)
            return -1;
        list->items = grown;
        list->cap = cap;
    }
    list->items[list->count++] = (dp_line_range){start, end, line};
    return 0;
}

/* 3.8-3.9: co_lnotab, as dis.findlinestarts reads it; each line start
 * opens a range that lasts until the next start. */
static int lines_from_lnotab(const dp_code *code, range_list *list)
{
    const uint8_t *tab = code->linetable;
    size_t n = code->linetable_len / 2;
    int64_t lineno = code->firstlineno;
    int64_t lastlineno = INT64_MIN;
    uint32_t addr = 0;
    uint32_t starts_at = 0;
    int32_t start_line = DP_NO_LINE;
    int have_start = 0;
    int ended_early = 0;

    for (size_t i = 0; i < n && !ended_early; i++) {
        uint8_t byte_incr = tab[2 * i];
        int8_t line_incr = (int8_t)tab[2 * i + 1];
        if (byte_incr) {
            if (lineno != lastlineno) {
                if (have_start)
                    DP_RETURN_IF_ERROR(push_range(list, starts_at, addr, start_line));
                starts_at = addr;
                start_line = (int32_t)lineno;
                have_start = 1;
                lastlineno = lineno;
            }
            addr += byte_incr;
            if (addr >= code->code_len)
                ended_early = 1;
        }
        lineno += line_incr;
        if (lineno < INT32_MIN + 1 || lineno > INT32_MAX)
            return dp_error_set(list->arena ? dp_arena_error(list->arena) : NULL,
                                DP_ERR_BAD_BYTECODE, "line number out of range in co_lnotab");
    }
    if (!ended_early && lineno != lastlineno) {
        if (have_start)
            DP_RETURN_IF_ERROR(push_range(list, starts_at, addr, start_line));
        starts_at = addr;
        start_line = (int32_t)lineno;
        have_start = 1;
    }
    if (have_start && starts_at < code->code_len)
        DP_RETURN_IF_ERROR(push_range(list, starts_at, (uint32_t)code->code_len, start_line));
    return 0;
}

/* 3.10: co_linetable is (byte delta, signed line delta) pairs; a line delta
 * of -128 means "no line"; empty ranges are skipped (PEP 626). */
static int lines_from_310(const dp_code *code, range_list *list, dp_error *err)
{
    const uint8_t *p = code->linetable, *limit = p + code->linetable_len - code->linetable_len % 2;
    int64_t computed = code->firstlineno;
    uint32_t end = 0;
    while (p < limit) {
        uint32_t start = end;
        int32_t line = DP_NO_LINE;
        /* advance(), repeated while the range is empty */
        do {
            if (p >= limit)
                return 0;
            start = end;
            end += p[0];
            int8_t ldelta = (int8_t)p[1];
            p += 2;
            if (ldelta == -128) {
                line = DP_NO_LINE;
            } else {
                computed += ldelta;
                if (computed < INT32_MIN + 1 || computed > INT32_MAX)
                    return dp_error_set(err, DP_ERR_BAD_BYTECODE, "line number out of range in co_linetable");
                line = (int32_t)computed;
            }
        } while (start == end);
        DP_RETURN_IF_ERROR(push_range(list, start, end, line));
    }
    return 0;
}

/* Little-endian 6-bit varints of the 3.11+ location table. */
static int scan_varint(const uint8_t **pp, const uint8_t *limit, uint32_t *out, dp_error *err)
{
    const uint8_t *p = *pp;
    uint32_t val = 0;
    unsigned shift = 0;
    for (;;) {
        if (p >= limit || shift > 30)
            return dp_error_set(err, DP_ERR_BAD_BYTECODE, "truncated varint in the location table");
        uint8_t b = *p++;
        val |= (uint32_t)(b & 63) << shift;
        shift += 6;
        if (!(b & 64))
            break;
    }
    *pp = p;
    *out = val;
    return 0;
}

/* 3.11+: Objects/locations.md.  Each entry starts with a byte whose top bit
 * is set: 1 code:4 length-1:3; codes 13 and 14 carry a signed line delta,
 * 10-12 a line delta of code-10, 15 means "no location". */
static int lines_from_locations(const dp_code *code, range_list *list, dp_error *err)
{
    const uint8_t *p = code->linetable, *limit = p + code->linetable_len;
    int64_t computed = code->firstlineno;
    uint32_t end = 0;
    while (p < limit) {
        uint8_t first = *p;
        if (!(first & 0x80))
            return dp_error_set(err, DP_ERR_BAD_BYTECODE,
                                "location table entry without its start marker at byte %zu",
                                (size_t)(p - code->linetable));
        int kind = (first >> 3) & 15;
        int64_t delta = 0;
        if (kind == 13 || kind == 14) {
            const uint8_t *q = p + 1;
            uint32_t v = 0;
            DP_RETURN_IF_ERROR(scan_varint(&q, limit, &v, err));
            delta = (v & 1) ? -(int64_t)(v >> 1) : (int64_t)(v >> 1);
        } else if (kind >= 10 && kind <= 12) {
            delta = kind - 10;
        }
        computed += delta;
        if (computed < INT32_MIN + 1 || computed > INT32_MAX)
            return dp_error_set(err, DP_ERR_BAD_BYTECODE, "line number out of range in the location table");
        int32_t line = kind == 15 ? DP_NO_LINE : (int32_t)computed;
        uint32_t start = end;
        end += ((first & 7) + 1) * 2;
        DP_RETURN_IF_ERROR(push_range(list, start, end, line));
        do {
            p++;
        } while (p < limit && !(*p & 0x80));
    }
    return 0;
}

int dp_decode_lines(const dp_code *code, dp_arena *arena, dp_error *err,
                    dp_line_range **out, size_t *count)
{
    range_list list = {.arena = arena};
    int rc;
    if (code->version <= 309)
        rc = lines_from_lnotab(code, &list);
    else if (code->version == 310)
        rc = lines_from_310(code, &list, err);
    else
        rc = lines_from_locations(code, &list, err);
    DP_RETURN_IF_ERROR(rc);
    *out = list.items;
    *count = list.count;
    return 0;
}

/* ---- exception table (3.11+) ----------------------------------------- */

/* Big-endian 6-bit varints, as dis._parse_varint reads them. */
static int parse_exc_varint(const uint8_t **pp, const uint8_t *limit, uint32_t *out, dp_error *err)
{
    const uint8_t *p = *pp;
    uint64_t val = 0;
    for (int n = 0;; n++) {
        if (p >= limit)
            return dp_error_set(err, DP_ERR_BAD_BYTECODE, "truncated exception table");
        if (n > 5)
            return dp_error_set(err, DP_ERR_BAD_BYTECODE, "oversized varint in the exception table");
        uint8_t b = *p++;
        val = val << 6 | (b & 63);
        if (!(b & 64))
            break;
    }
    if (val > UINT32_MAX / 4)
        return dp_error_set(err, DP_ERR_BAD_BYTECODE, "exception table value out of range");
    *pp = p;
    *out = (uint32_t)val;
    return 0;
}

int dp_decode_exceptions(const dp_code *code, dp_arena *arena, dp_error *err,
                         dp_exc_entry **out, size_t *count)
{
    *out = NULL;
    *count = 0;
    if (code->version < 311 || code->exceptiontable_len == 0)
        return 0;
    const uint8_t *p = code->exceptiontable, *limit = p + code->exceptiontable_len;
    /* Every entry takes at least 4 bytes. */
    size_t cap = code->exceptiontable_len / 4 + 1;
    dp_exc_entry *entries = dp_arena_array(arena, cap, sizeof *entries);
    if (entries == NULL)
        return -1;
    size_t n = 0;
    while (p < limit) {
        uint32_t start, length, target, depth_lasti;
        DP_RETURN_IF_ERROR(parse_exc_varint(&p, limit, &start, err));
        DP_RETURN_IF_ERROR(parse_exc_varint(&p, limit, &length, err));
        DP_RETURN_IF_ERROR(parse_exc_varint(&p, limit, &target, err));
        DP_RETURN_IF_ERROR(parse_exc_varint(&p, limit, &depth_lasti, err));
        if (n == cap)
            return dp_error_set(err, DP_ERR_BAD_BYTECODE, "malformed exception table");
        entries[n++] = (dp_exc_entry){
            .start = start * 2,
            .end = (start + length) * 2,
            .target = target * 2,
            .depth = depth_lasti >> 1,
            .lasti = depth_lasti & 1,
        };
    }
    *out = entries;
    *count = n;
    return 0;
}

/* ---- instructions ----------------------------------------------------- */

/* dis's jump target for one instruction: relative jumps count from the
 * next instruction, in bytes before 3.10 and in code units after; from 3.12
 * they also skip the instruction's inline caches. */
static int64_t jump_target(const dp_code *code, const dp_opinfo *info, uint32_t offset, int64_t arg)
{
    int64_t unit = code->version >= 310 ? 2 : 1;
    int64_t after = offset + 2 + (code->version >= 312 ? 2 * (int64_t)info->caches : 0);
    switch (info->jump) {
    case DP_JUMP_FORWARD:
        return after + arg * unit;
    case DP_JUMP_BACKWARD:
        return after - arg * unit;
    case DP_JUMP_ABSOLUTE:
        return arg * unit;
    default:
        return 0;
    }
}

int32_t dp_instr_at(const dp_bytecode *bc, int64_t offset)
{
    /* Instructions are sorted by offset. */
    size_t lo = 0, hi = bc->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (bc->instrs[mid].offset < offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < bc->count && bc->instrs[lo].offset == offset)
        return (int32_t)lo;
    return -1;
}

int dp_decode(const dp_code *code, int with_lines, dp_arena *arena, dp_error *err, dp_bytecode *out)
{
    memset(out, 0, sizeof *out);
    const dp_version_info *vi = dp_version_info_get(code->version);
    if (vi == NULL)
        return dp_error_set(err, DP_ERR_UNSUPPORTED, "no opcode table for Python %d.%d",
                            code->version / 100, code->version % 100);
    out->code = code;
    out->vi = vi;
    size_t units = code->code_len / 2;
    /* (one entry per code unit is room enough; only those used are filled) */
    dp_instr *instrs = dp_arena_array_uninit(arena, units ? units : 1, sizeof *instrs);
    if (instrs == NULL)
        return -1;

    const int wrap = code->version >= 311;   /* 3.11+ dis wraps to a signed C int */
    const int reset = code->version >= 310;  /* 3.10+ resets it on argless ops */
    int64_t extended = 0;
    uint32_t prefix_start = 0;
    int in_prefix = 0;
    size_t n = 0;
    for (size_t i = 0; i < units;) {
        uint32_t offset = (uint32_t)(2 * i);
        uint8_t raw = code->code[offset];
        const dp_opinfo *info = &vi->ops[raw];
        dp_instr *ins = &instrs[n++];
        memset(ins, 0, sizeof *ins);
        ins->offset = offset;
        ins->raw_op = raw;
        ins->op = info->name ? info->op : DP_OP_INVALID;
        ins->caches = info->caches;
        ins->target = -1;
        if (info->flags & DP_OPF_HAS_ARG) {
            int64_t arg = code->code[offset + 1] | extended;
            ins->has_arg = 1;
            ins->arg = arg;
            if (raw == vi->extended_arg) {
                extended = arg * 256;
                if (wrap && extended >= ((int64_t)1 << 31))
                    extended -= (int64_t)1 << 32;
                if (extended > ((int64_t)1 << 54) || extended < -((int64_t)1 << 54))
                    return dp_error_set(err, DP_ERR_BAD_BYTECODE,
                                        "too many EXTENDED_ARG prefixes at offset %u", offset);
            } else {
                extended = 0;
            }
        } else if (reset) {
            extended = 0;
        }
        if (!in_prefix)
            prefix_start = offset;
        in_prefix = raw == vi->extended_arg;
        ins->start_offset = prefix_start;
        if (ins->has_arg && info->jump != DP_JUMP_NONE) {
            ins->is_jump = 1;
            ins->jump = jump_target(code, info, offset, ins->arg);
        }
        i += 1 + (size_t)info->caches;
    }
    out->instrs = instrs;
    out->count = n;
    for (size_t k = 0; k < n; k++)
        if (instrs[k].is_jump)
            instrs[k].target = dp_instr_at(out, instrs[k].jump);

    if (with_lines)
        DP_RETURN_IF_ERROR(dp_decode_lines(code, arena, err, &out->lines, &out->n_lines));
    DP_RETURN_IF_ERROR(dp_decode_exceptions(code, arena, err, &out->exc, &out->n_exc));
    return 0;
}
