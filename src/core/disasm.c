/* disasm.c — a port of the formatting in each version's Lib/dis.py.
 *
 * The versions differ in small ways, each marked where it happens:
 *  3.8-3.9   offsets and jump args in bytes; no argrepr for absolute jumps
 *  3.10      jump args in code units; absolute jumps get "to N"
 *  3.11      CACHE entries hidden; LOAD_GLOBAL's NULL bit; BINARY_OP names;
 *            exception table; exception targets are jump targets
 *  3.12      relative jumps skip caches; LOAD_ATTR/LOAD_SUPER_ATTR bits;
 *            intrinsics; COMPARE_OP arg >> 4; RETURN_CONST is hasconst
 *  3.13      labels instead of offsets, "--" for no line, superinstructions,
 *            CONVERT_VALUE, SET_FUNCTION_ATTRIBUTE, COMPARE_OP arg >> 5 */
#include "disasm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "repr.h"

typedef struct line_start {
    uint32_t offset;
    int32_t line;   /* DP_NO_LINE for None (3.13 only) */
} line_start;

typedef struct disasm {
    const dp_code *code;
    const dp_version_info *vi;
    dp_bytecode bc;
    dp_arena *arena;
    dp_error *err;
    dp_buf *out;
    line_start *starts;   /* dict(findlinestarts(co)), in offset order */
    size_t n_starts;
    uint32_t *labels;     /* sorted offsets that are jump targets / labels */
    size_t n_labels;
    int lineno_width;
    int label_width;      /* 3.13 */
    int offset_width;     /* before 3.13 */
} disasm;

static int version(const disasm *d)
{
    return d->code->version;
}

/* ---- dis.findlinestarts ----------------------------------------------- */

static int find_line_starts(disasm *d)
{
    const dp_bytecode *bc = &d->bc;
    d->starts = dp_arena_array(d->arena, bc->n_lines + 1, sizeof *d->starts);
    if (d->starts == NULL)
        return -1;
    size_t n = 0;
    if (version(d) <= 309) {
        /* Our lnotab reader makes one range per findlinestarts pair. */
        for (size_t i = 0; i < bc->n_lines; i++)
            d->starts[n++] = (line_start){bc->lines[i].start, bc->lines[i].line};
    } else if (version(d) <= 312) {
        int have_last = 0;
        int32_t last = 0;
        for (size_t i = 0; i < bc->n_lines; i++) {
            int32_t line = bc->lines[i].line;
            if (line == DP_NO_LINE || (have_last && line == last))
                continue;
            have_last = 1;
            last = line;
            d->starts[n++] = (line_start){bc->lines[i].start, line};
        }
    } else {
        /* 3.13: `line is not lastline`, None included. */
        int have_last = 0;
        int32_t last = 0;
        for (size_t i = 0; i < bc->n_lines; i++) {
            int32_t line = bc->lines[i].line;
            if (have_last && line == last)
                continue;
            have_last = 1;
            last = line;
            d->starts[n++] = (line_start){bc->lines[i].start, line};
        }
    }
    d->n_starts = n;
    return 0;
}

static void compute_lineno_width(disasm *d)
{
    int64_t max = INT64_MIN;
    int any_none = 0, any = 0;
    for (size_t i = 0; i < d->n_starts; i++) {
        int32_t line = d->starts[i].line;
        if (line == DP_NO_LINE) {
            any_none = 1;
            continue;
        }
        /* 3.13 takes max(filter(None, ...)): a line 0 does not count. */
        if (version(d) >= 313 && line == 0)
            continue;
        any = 1;
        if (line > max)
            max = line;
    }
    char digits[32];
    if (version(d) >= 313) {
        if (!any) {
            d->lineno_width = 0;
            return;
        }
        int w = snprintf(digits, sizeof digits, "%lld", (long long)max);
        d->lineno_width = w > 3 ? w : 3;
        if (d->lineno_width < 4 && any_none)
            d->lineno_width = 4;
        return;
    }
    if (d->n_starts == 0) {
        /* 3.10+: show_lineno = bool(linestarts).  3.8-3.9 always have one. */
        d->lineno_width = 0;
        return;
    }
    d->lineno_width = max >= 1000 ? snprintf(digits, sizeof digits, "%lld", (long long)max) : 3;
}

/* ---- labels ------------------------------------------------------------ */

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static int add_label(disasm *d, size_t *n, int64_t offset)
{
    if (offset < 0 || offset > UINT32_MAX)
        return 0;  /* cannot match any instruction offset */
    d->labels[(*n)++] = (uint32_t)offset;
    return 0;
}

static int find_labels(disasm *d)
{
    const dp_bytecode *bc = &d->bc;
    size_t cap = bc->count + 3 * bc->n_exc + 1;
    d->labels = dp_arena_array(d->arena, cap, sizeof *d->labels);
    if (d->labels == NULL)
        return -1;
    size_t n = 0;
    for (size_t i = 0; i < bc->count; i++)
        if (bc->instrs[i].is_jump)
            add_label(d, &n, bc->instrs[i].jump);
    for (size_t i = 0; i < bc->n_exc; i++) {
        const dp_exc_entry *e = &bc->exc[i];
        if (version(d) >= 313) {
            add_label(d, &n, e->start);
            add_label(d, &n, e->end);
            add_label(d, &n, e->target);
        } else if (e->start < e->end) {
            add_label(d, &n, e->target);
        }
    }
    qsort(d->labels, n, sizeof *d->labels, cmp_u32);
    size_t unique = 0;
    for (size_t i = 0; i < n; i++)
        if (unique == 0 || d->labels[unique - 1] != d->labels[i])
            d->labels[unique++] = d->labels[i];
    d->n_labels = unique;
    return 0;
}

/* 1-based label number of an offset, 0 if it is not a label. */
static size_t label_of(const disasm *d, int64_t offset)
{
    size_t lo = 0, hi = d->n_labels;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (d->labels[mid] < offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < d->n_labels && d->labels[lo] == offset ? lo + 1 : 0;
}

/* ---- argument reprs ---------------------------------------------------- */

static int bad_arg(disasm *d, const dp_instr *ins, const char *what)
{
    return dp_error_set(d->err, DP_ERR_BAD_BYTECODE,
                        "%s: argument %lld of %s at offset %u is out of range",
                        d->code->qualname.data, (long long)ins->arg, what, ins->offset);
}

static int put_name(disasm *d, const dp_instr *ins, const dp_strs *names, int64_t index,
                    const char *what)
{
    if (index < 0 || (uint64_t)index >= names->count)
        return bad_arg(d, ins, what);
    return dp_buf_append(d->out, names->items[index].data, names->items[index].len);
}

static int put_table(disasm *d, const dp_instr *ins, const dp_names *table, int64_t index,
                     const char *what)
{
    if (index < 0 || (uint64_t)index >= table->count)
        return bad_arg(d, ins, what);
    return dp_buf_puts(d->out, table->items[index]);
}

/* ≤3.10 free variables index cellvars + freevars; 3.11+ all fast locals. */
static int put_free(disasm *d, const dp_instr *ins)
{
    const dp_code *c = d->code;
    if (version(d) >= 311)
        return put_name(d, ins, &c->localsplus_names, ins->arg, "a local variable");
    if (ins->arg >= 0 && (uint64_t)ins->arg < c->cellvars.count)
        return put_name(d, ins, &c->cellvars, ins->arg, "a cell variable");
    return put_name(d, ins, &c->freevars, ins->arg - (int64_t)c->cellvars.count, "a free variable");
}

static int put_local(disasm *d, const dp_instr *ins, int64_t index)
{
    const dp_strs *names = version(d) >= 311 ? &d->code->localsplus_names : &d->code->varnames;
    return put_name(d, ins, names, index, "a local variable");
}

static int put_flags(disasm *d, const dp_names *flags, int64_t arg)
{
    int first = 1;
    for (size_t i = 0; i < flags->count && i < 62; i++) {
        if (!(arg & ((int64_t)1 << i)))
            continue;
        if (!first)
            DP_RETURN_IF_ERROR(dp_buf_puts(d->out, ", "));
        DP_RETURN_IF_ERROR(dp_buf_puts(d->out, flags->items[i]));
        first = 0;
    }
    return 0;
}

/* A name operand that carries flag bits below the index (LOAD_GLOBAL's
 * NULL bit, LOAD_ATTR's method bit, LOAD_SUPER_ATTR's two bits). */
static int put_flagged_name(disasm *d, const dp_instr *ins, int shift, const char *marker)
{
    int64_t index = ins->arg >> shift;
    int flagged = (ins->arg & 1) && index >= 0 && (uint64_t)index < d->code->names.count &&
                  d->code->names.items[index].len > 0;
    if (flagged && version(d) < 313) {
        DP_RETURN_IF_ERROR(dp_buf_puts(d->out, marker));
        DP_RETURN_IF_ERROR(dp_buf_puts(d->out, " + "));
    }
    DP_RETURN_IF_ERROR(put_name(d, ins, &d->code->names, index, "a name"));
    if (flagged && version(d) >= 313) {
        DP_RETURN_IF_ERROR(dp_buf_puts(d->out, " + "));
        DP_RETURN_IF_ERROR(dp_buf_puts(d->out, marker));
    }
    return 0;
}

static int put_const(disasm *d, const dp_instr *ins)
{
    /* 3.11 shows only LOAD_CONST's value (KW_NAMES is hasconst too). */
    if (version(d) == 311 && ins->op != DP_OP_LOAD_CONST)
        return 0;
    if (ins->arg < 0 || (uint64_t)ins->arg >= d->code->n_consts)
        return bad_arg(d, ins, "a constant");
    return dp_repr(d->out, d->code->consts[ins->arg], d->vi);
}

static int put_jump(disasm *d, const dp_instr *ins)
{
    if (version(d) >= 313)
        return dp_buf_printf(d->out, "to L%zu", label_of(d, ins->jump));
    return dp_buf_printf(d->out, "to %lld", (long long)ins->jump);
}

/* The argrepr of dis, in the order of dis's own if/elif chain.  Writes
 * nothing when dis's argrepr is empty. */
static int put_argrepr(disasm *d, const dp_instr *ins)
{
    const dp_version_info *vi = d->vi;
    const dp_opinfo *info = &vi->ops[ins->raw_op];
    unsigned flags = info->flags;
    int v = version(d);
    int is_jump = ins->is_jump;

    if (flags & DP_OPF_CONST)
        return put_const(d, ins);
    if (flags & DP_OPF_NAME) {
        if (v >= 311 && ins->op == DP_OP_LOAD_GLOBAL)
            return put_flagged_name(d, ins, 1, "NULL");
        if (v >= 312 && ins->op == DP_OP_LOAD_ATTR)
            return put_flagged_name(d, ins, 1, "NULL|self");
        if (v >= 312 && ins->op == DP_OP_LOAD_SUPER_ATTR)
            return put_flagged_name(d, ins, 2, "NULL|self");
        return put_name(d, ins, &d->code->names, ins->arg, "a name");
    }
    if (is_jump) {
        /* 3.8-3.9 print nothing for absolute jumps. */
        if (v <= 309 && info->jump == DP_JUMP_ABSOLUTE)
            goto rest;
        return put_jump(d, ins);
    }
rest:
    if (v >= 313 && (ins->op == DP_OP_LOAD_FAST_LOAD_FAST || ins->op == DP_OP_STORE_FAST_LOAD_FAST ||
                     ins->op == DP_OP_STORE_FAST_STORE_FAST)) {
        DP_RETURN_IF_ERROR(put_local(d, ins, ins->arg >> 4));
        DP_RETURN_IF_ERROR(dp_buf_puts(d->out, ", "));
        return put_local(d, ins, ins->arg & 15);
    }
    if (v >= 311 && (flags & (DP_OPF_LOCAL | DP_OPF_FREE)))
        return put_local(d, ins, ins->arg);
    if (flags & DP_OPF_LOCAL)
        return put_local(d, ins, ins->arg);
    if (flags & DP_OPF_COMPARE) {
        int shift = v >= 313 ? 5 : v == 312 ? 4 : 0;
        if (v >= 313 && (ins->arg & 16)) {
            DP_RETURN_IF_ERROR(dp_buf_puts(d->out, "bool("));
            DP_RETURN_IF_ERROR(put_table(d, ins, &vi->cmp_op, ins->arg >> shift, "a comparison"));
            return dp_buf_putc(d->out, ')');
        }
        return put_table(d, ins, &vi->cmp_op, ins->arg >> shift, "a comparison");
    }
    if (flags & DP_OPF_FREE)
        return put_free(d, ins);
    switch (ins->op) {
    case DP_OP_FORMAT_VALUE:
        DP_RETURN_IF_ERROR(put_table(d, ins, &vi->format_converters, ins->arg & 3, "a conversion"));
        if (ins->arg & 4)
            return dp_buf_puts(d->out, (ins->arg & 3) ? ", with format" : "with format");
        return 0;
    case DP_OP_CONVERT_VALUE:
        return put_table(d, ins, &vi->format_converters, ins->arg, "a conversion");
    case DP_OP_MAKE_FUNCTION:
    case DP_OP_SET_FUNCTION_ATTRIBUTE:
        if (!(flags & DP_OPF_HAS_ARG))
            return 0;
        return put_flags(d, &vi->function_flags, ins->arg);
    case DP_OP_BINARY_OP:
        return put_table(d, ins, &vi->nb_ops, ins->arg, "a binary operator");
    case DP_OP_CALL_INTRINSIC_1:
        return put_table(d, ins, &vi->intrinsic1, ins->arg, "an intrinsic");
    case DP_OP_CALL_INTRINSIC_2:
        return put_table(d, ins, &vi->intrinsic2, ins->arg, "an intrinsic");
    default:
        return 0;
    }
}

/* ---- one instruction line --------------------------------------------- */

static int put_opname(disasm *d, const dp_instr *ins)
{
    const char *name = d->vi->ops[ins->raw_op].name;
    if (name != NULL)
        return dp_buf_puts(d->out, name);
    return dp_buf_printf(d->out, "<%u>", ins->raw_op);
}

static size_t opname_len(const disasm *d, const dp_instr *ins)
{
    const char *name = d->vi->ops[ins->raw_op].name;
    if (name != NULL)
        return strlen(name);
    char tmp[16];
    return (size_t)snprintf(tmp, sizeof tmp, "<%u>", ins->raw_op);
}

/* The line-number column; `start` is NULL when this offset starts no line. */
static int put_lineno(disasm *d, const line_start *start)
{
    int w = d->lineno_width;
    if (start == NULL)
        return dp_buf_fill(d->out, ' ', (size_t)w);
    if (start->line == DP_NO_LINE)
        return dp_buf_printf(d->out, "%*s", w, "  --");
    return dp_buf_printf(d->out, "%*ld", w, (long)start->line);
}

static int put_instruction(disasm *d, const dp_instr *ins, const line_start *start)
{
    dp_buf *out = d->out;
    int v = version(d);
    if (d->lineno_width && start != NULL && ins->offset > 0)
        DP_RETURN_IF_ERROR(dp_buf_putc(out, '\n'));
    size_t line_begin = out->len;
    if (d->lineno_width) {
        DP_RETURN_IF_ERROR(put_lineno(d, start));
        DP_RETURN_IF_ERROR(dp_buf_putc(out, ' '));
    }
    if (v >= 313) {
        size_t label = label_of(d, ins->offset);
        if (label) {
            char text[32];
            snprintf(text, sizeof text, "L%zu:", label);
            DP_RETURN_IF_ERROR(dp_buf_printf(out, "%*s", d->label_width, text));
        } else {
            DP_RETURN_IF_ERROR(dp_buf_fill(out, ' ', (size_t)d->label_width));
        }
        DP_RETURN_IF_ERROR(dp_buf_puts(out, "     "));
    } else {
        DP_RETURN_IF_ERROR(dp_buf_puts(out, "    "));
        DP_RETURN_IF_ERROR(dp_buf_puts(out, label_of(d, ins->offset) ? ">>" : "  "));
        DP_RETURN_IF_ERROR(dp_buf_printf(out, " %*u ", d->offset_width, ins->offset));
    }
    size_t name_len = opname_len(d, ins);
    DP_RETURN_IF_ERROR(put_opname(d, ins));
    if ((int)name_len < d->vi->opname_width)
        DP_RETURN_IF_ERROR(dp_buf_fill(out, ' ', (size_t)d->vi->opname_width - name_len));
    if (ins->has_arg) {
        int width = d->vi->oparg_width;
        if (v >= 313 && (int)name_len > d->vi->opname_width)
            width -= (int)name_len - d->vi->opname_width;
        DP_RETURN_IF_ERROR(dp_buf_printf(out, " %*lld", width < 0 ? 0 : width, (long long)ins->arg));
        size_t before = out->len;
        DP_RETURN_IF_ERROR(dp_buf_puts(out, " ("));
        size_t inner = out->len;
        DP_RETURN_IF_ERROR(put_argrepr(d, ins));
        if (out->len == inner) {
            out->len = before;  /* empty argrepr: no parentheses */
            out->data[out->len] = '\0';
        } else {
            DP_RETURN_IF_ERROR(dp_buf_putc(out, ')'));
        }
    }
    /* ' '.join(fields).rstrip() */
    while (out->len > line_begin && out->data[out->len - 1] == ' ')
        out->len--;
    out->data[out->len] = '\0';
    return dp_buf_putc(out, '\n');
}

static int put_exception_table(disasm *d)
{
    const dp_bytecode *bc = &d->bc;
    if (bc->n_exc == 0)
        return 0;
    DP_RETURN_IF_ERROR(dp_buf_puts(d->out, "ExceptionTable:\n"));
    for (size_t i = 0; i < bc->n_exc; i++) {
        const dp_exc_entry *e = &bc->exc[i];
        if (version(d) >= 313)
            DP_RETURN_IF_ERROR(dp_buf_printf(d->out, "  L%zu to L%zu -> L%zu [%u]%s\n",
                                             label_of(d, e->start), label_of(d, e->end),
                                             label_of(d, e->target), e->depth,
                                             e->lasti ? " lasti" : ""));
        else
            DP_RETURN_IF_ERROR(dp_buf_printf(d->out, "  %u to %lld -> %u [%u]%s\n", e->start,
                                             (long long)e->end - 2, e->target, e->depth,
                                             e->lasti ? " lasti" : ""));
    }
    return 0;
}

static DP_NOINLINE int disassemble_one(const dp_code *code, dp_arena *arena, dp_error *err, dp_buf *out)
{
    disasm d = {.code = code, .arena = arena, .err = err, .out = out};
    DP_RETURN_IF_ERROR(dp_decode(code, 1, arena, err, &d.bc));
    d.vi = d.bc.vi;
    DP_RETURN_IF_ERROR(find_line_starts(&d));
    compute_lineno_width(&d);
    DP_RETURN_IF_ERROR(find_labels(&d));
    char digits[32];
    size_t maxoffset = code->code_len - 2;
    d.offset_width = maxoffset >= 10000 ? snprintf(digits, sizeof digits, "%zu", maxoffset) : 4;
    d.label_width = 4 + snprintf(digits, sizeof digits, "%zu", d.n_labels);

    size_t s = 0;
    for (size_t i = 0; i < d.bc.count; i++) {
        const dp_instr *ins = &d.bc.instrs[i];
        while (s < d.n_starts && d.starts[s].offset < ins->offset)
            s++;
        const line_start *start = s < d.n_starts && d.starts[s].offset == ins->offset ? &d.starts[s] : NULL;
        DP_RETURN_IF_ERROR(put_instruction(&d, ins, start));
    }
    DP_RETURN_IF_ERROR(put_exception_table(&d));
    return dp_buf_ok(out) ? 0 : -1;
}

/* A code object, then the code objects among its constants, recursively
 * (depth: at most DP_MARSHAL_MAX_DEPTH / 2 through the reader's limit). */
static int disassemble_tree(const dp_code *code, dp_arena *arena, dp_error *err, dp_buf *out)
{
    DP_RETURN_IF_ERROR(disassemble_one(code, arena, err, out));
    for (size_t i = 0; i < code->n_consts; i++) {
        const dp_object *c = code->consts[i];
        if (c->kind != DP_OBJ_CODE)
            continue;
        DP_RETURN_IF_ERROR(dp_buf_puts(out, "\nDisassembly of "));
        DP_RETURN_IF_ERROR(dp_repr(out, c, dp_version_info_get(code->version)));
        DP_RETURN_IF_ERROR(dp_buf_puts(out, ":\n"));
        DP_RETURN_IF_ERROR(disassemble_tree(c->u.code, arena, err, out));
    }
    return 0;
}

int dp_disassemble(const dp_code *code, dp_arena *arena, dp_error *err, dp_buf *out)
{
    dp_arena_bound_work(arena);
    return disassemble_tree(code, arena, err, out);
}
