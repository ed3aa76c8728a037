/* norm.c — see norm.h: one instruction form for every version. */
#include "norm.h"
#include "ast.h"

#include <string.h>

/* BINARY_xxx / INPLACE_xxx of 3.8-3.10 as BINARY_OP arguments (3.11's
 * opcode._nb_ops order, which dp_binop follows). */
static int classic_binary_op(uint16_t op)
{
    switch (op) {
    case DP_OP_BINARY_ADD: return DP_ADD;
    case DP_OP_BINARY_AND: return DP_BITAND;
    case DP_OP_BINARY_FLOOR_DIVIDE: return DP_FLOORDIV;
    case DP_OP_BINARY_LSHIFT: return DP_LSHIFT;
    case DP_OP_BINARY_MATRIX_MULTIPLY: return DP_MATMUL;
    case DP_OP_BINARY_MULTIPLY: return DP_MULT;
    case DP_OP_BINARY_MODULO: return DP_MOD;
    case DP_OP_BINARY_OR: return DP_BITOR;
    case DP_OP_BINARY_POWER: return DP_POW;
    case DP_OP_BINARY_RSHIFT: return DP_RSHIFT;
    case DP_OP_BINARY_SUBTRACT: return DP_SUB;
    case DP_OP_BINARY_TRUE_DIVIDE: return DP_DIV;
    case DP_OP_BINARY_XOR: return DP_BITXOR;
    case DP_OP_INPLACE_ADD: return DP_BINOP_COUNT + DP_ADD;
    case DP_OP_INPLACE_AND: return DP_BINOP_COUNT + DP_BITAND;
    case DP_OP_INPLACE_FLOOR_DIVIDE: return DP_BINOP_COUNT + DP_FLOORDIV;
    case DP_OP_INPLACE_LSHIFT: return DP_BINOP_COUNT + DP_LSHIFT;
    case DP_OP_INPLACE_MATRIX_MULTIPLY: return DP_BINOP_COUNT + DP_MATMUL;
    case DP_OP_INPLACE_MULTIPLY: return DP_BINOP_COUNT + DP_MULT;
    case DP_OP_INPLACE_MODULO: return DP_BINOP_COUNT + DP_MOD;
    case DP_OP_INPLACE_OR: return DP_BINOP_COUNT + DP_BITOR;
    case DP_OP_INPLACE_POWER: return DP_BINOP_COUNT + DP_POW;
    case DP_OP_INPLACE_RSHIFT: return DP_BINOP_COUNT + DP_RSHIFT;
    case DP_OP_INPLACE_SUBTRACT: return DP_BINOP_COUNT + DP_SUB;
    case DP_OP_INPLACE_TRUE_DIVIDE: return DP_BINOP_COUNT + DP_DIV;
    case DP_OP_INPLACE_XOR: return DP_BINOP_COUNT + DP_BITXOR;
    default: return -1;
    }
}

/* dis.cmp_op's first six entries, as dp_cmpop. */
static const dp_cmpop cmp_from_index[6] = {DP_LT, DP_LTE, DP_EQ, DP_NOTEQ, DP_GT, DP_GTE};

typedef struct builder {
    const dp_code *code;
    dp_error *err;
    dp_ins *ins;
    int32_t *target_dis; /* per normalized instruction: dis index of its jump target */
    size_t count, cap;
    unsigned async_ops;  /* SAW_xxx: which of the rare passes below have work */
} builder;

enum { SAW_ASYNC_WITH = 1, SAW_ANEXT = 2, SAW_INLINED_COMP = 4 };

static const char *str_at(const dp_strs *strs, int64_t i, builder *b, const char *what, int ok[1])
{
    if (i < 0 || (size_t)i >= strs->count) {
        dp_error_set(b->err, DP_ERR_BAD_BYTECODE, "%s index %lld out of range", what, (long long)i);
        ok[0] = 0;
        return NULL;
    }
    return strs->items[i].data;
}

static dp_ins *emit(builder *b, const dp_instr *in, uint16_t op, int32_t arg)
{
    dp_ins *x = &b->ins[b->count];
    memset(x, 0, sizeof *x);
    x->op = op;
    x->arg = arg;
    x->target = -1;
    x->offset = in->offset;
    x->handler = -1;
    b->target_dis[b->count] = in->is_jump ? in->target : -1;
    b->count++;
    return x;
}

/* A deref/closure argument: an index into cellvars + freevars before 3.11,
 * into the fast locals from 3.11 on. */
static const char *free_name(builder *b, int64_t arg, int ok[1])
{
    const dp_code *c = b->code;
    if (c->version >= 311)
        return str_at(&c->localsplus_names, arg, b, "free variable", ok);
    if (arg >= 0 && (size_t)arg < c->cellvars.count)
        return c->cellvars.items[arg].data;
    return str_at(&c->freevars, arg - (int64_t)c->cellvars.count, b, "free variable", ok);
}

static const char *local_name(builder *b, int64_t arg, int ok[1])
{
    const dp_code *c = b->code;
    return str_at(c->version >= 311 ? &c->localsplus_names : &c->varnames, arg, b, "local", ok);
}

static int normalize_one(builder *b, const dp_bytecode *bc, size_t k)
{
    const dp_instr *in = &bc->instrs[k];
    const dp_code *c = b->code;
    int v = c->version;
    int ok[1] = {1};
    int64_t arg = in->arg;
    dp_ins *x;
    int binop;

    switch (in->op) {
    case DP_OP_EXTENDED_ARG: case DP_OP_NOP: case DP_OP_CACHE: case DP_OP_RESUME:
    case DP_OP_PRECALL: case DP_OP_COPY_FREE_VARS: case DP_OP_MAKE_CELL:
    case DP_OP_GEN_START: case DP_OP_END_FOR:
        return 0;
    case DP_OP_TO_BOOL: {
        /* 3.13: only a conversion before a test or `not`, which convert
         * anyway; alone it is `not not x` */
        size_t n = k + 1;
        while (n < bc->count && (bc->instrs[n].op == DP_OP_EXTENDED_ARG || bc->instrs[n].op == DP_OP_NOP))
            n++;
        uint16_t next = n < bc->count ? bc->instrs[n].op : DP_OP_INVALID;
        if (next == DP_OP_POP_JUMP_IF_FALSE || next == DP_OP_POP_JUMP_IF_TRUE || next == DP_OP_UNARY_NOT)
            return 0;
        emit(b, in, DP_OP_TO_BOOL, 0);
        return 0;
    }
    case DP_OP_RETURN_GENERATOR:
        return 0;  /* with the POP_TOP after it, see dp_normalize */
    case DP_OP_JUMP_FORWARD: case DP_OP_JUMP_ABSOLUTE: case DP_OP_JUMP_BACKWARD:
        emit(b, in, DP_N_JUMP, 0);
        return 0;
    case DP_OP_JUMP_BACKWARD_NO_INTERRUPT:
        emit(b, in, DP_N_JUMP, 0)->flag |= DP_FLAG_NO_INTERRUPT;
        return 0;
    case DP_OP_POP_JUMP_FORWARD_IF_FALSE: case DP_OP_POP_JUMP_BACKWARD_IF_FALSE:
        emit(b, in, DP_OP_POP_JUMP_IF_FALSE, 0);
        return 0;
    case DP_OP_POP_JUMP_FORWARD_IF_TRUE: case DP_OP_POP_JUMP_BACKWARD_IF_TRUE:
        emit(b, in, DP_OP_POP_JUMP_IF_TRUE, 0);
        return 0;
    case DP_OP_POP_JUMP_FORWARD_IF_NONE: case DP_OP_POP_JUMP_BACKWARD_IF_NONE:
        emit(b, in, DP_OP_POP_JUMP_IF_NONE, 0);
        return 0;
    case DP_OP_POP_JUMP_FORWARD_IF_NOT_NONE: case DP_OP_POP_JUMP_BACKWARD_IF_NOT_NONE:
        emit(b, in, DP_OP_POP_JUMP_IF_NOT_NONE, 0);
        return 0;
    case DP_OP_RETURN_CONST:
        if (arg < 0 || (size_t)arg >= c->n_consts)
            return dp_error_set(b->err, DP_ERR_BAD_BYTECODE, "constant index %lld out of range", (long long)arg);
        emit(b, in, DP_OP_LOAD_CONST, (int32_t)arg)->obj = c->consts[arg];
        emit(b, in, DP_OP_RETURN_VALUE, 0);
        return 0;
    case DP_OP_LOAD_CONST:
        if (arg < 0 || (size_t)arg >= c->n_consts)
            return dp_error_set(b->err, DP_ERR_BAD_BYTECODE, "constant index %lld out of range", (long long)arg);
        emit(b, in, DP_OP_LOAD_CONST, (int32_t)arg)->obj = c->consts[arg];
        return 0;
    case DP_OP_KW_NAMES:
        if (arg < 0 || (size_t)arg >= c->n_consts)
            return dp_error_set(b->err, DP_ERR_BAD_BYTECODE, "constant index %lld out of range", (long long)arg);
        emit(b, in, DP_OP_KW_NAMES, (int32_t)arg)->obj = c->consts[arg];
        return 0;
    case DP_OP_LOAD_FAST_LOAD_FAST:
        emit(b, in, DP_OP_LOAD_FAST, (int32_t)(arg >> 4))->name = local_name(b, arg >> 4, ok);
        emit(b, in, DP_OP_LOAD_FAST, (int32_t)(arg & 15))->name = local_name(b, arg & 15, ok);
        break;
    case DP_OP_STORE_FAST_STORE_FAST:
        emit(b, in, DP_OP_STORE_FAST, (int32_t)(arg >> 4))->name = local_name(b, arg >> 4, ok);
        emit(b, in, DP_OP_STORE_FAST, (int32_t)(arg & 15))->name = local_name(b, arg & 15, ok);
        break;
    case DP_OP_STORE_FAST_LOAD_FAST:
        emit(b, in, DP_OP_STORE_FAST, (int32_t)(arg >> 4))->name = local_name(b, arg >> 4, ok);
        emit(b, in, DP_OP_LOAD_FAST, (int32_t)(arg & 15))->name = local_name(b, arg & 15, ok);
        break;
    case DP_OP_LOAD_FAST: case DP_OP_LOAD_FAST_CHECK:
        emit(b, in, DP_OP_LOAD_FAST, (int32_t)arg)->name = local_name(b, arg, ok);
        break;
    case DP_OP_LOAD_FAST_AND_CLEAR: case DP_OP_STORE_FAST: case DP_OP_DELETE_FAST:
        emit(b, in, in->op, (int32_t)arg)->name = local_name(b, arg, ok);
        if (in->op == DP_OP_LOAD_FAST_AND_CLEAR)
            b->async_ops |= SAW_INLINED_COMP;
        break;
    case DP_OP_LOAD_DEREF: case DP_OP_STORE_DEREF: case DP_OP_DELETE_DEREF:
    case DP_OP_LOAD_CLOSURE: case DP_OP_LOAD_CLASSDEREF: case DP_OP_LOAD_FROM_DICT_OR_DEREF:
        emit(b, in, in->op == DP_OP_LOAD_CLASSDEREF ? DP_OP_LOAD_FROM_DICT_OR_DEREF : in->op,
             (int32_t)arg)->name = free_name(b, arg, ok);
        break;
    case DP_OP_LOAD_GLOBAL:
        if (v >= 311) {
            if ((arg & 1) && v < 313)
                emit(b, in, DP_OP_PUSH_NULL, 0);
            emit(b, in, DP_OP_LOAD_GLOBAL, (int32_t)(arg >> 1))->name = str_at(&c->names, arg >> 1, b, "name", ok);
            if ((arg & 1) && v >= 313)
                emit(b, in, DP_OP_PUSH_NULL, 0);
        } else {
            emit(b, in, DP_OP_LOAD_GLOBAL, (int32_t)arg)->name = str_at(&c->names, arg, b, "name", ok);
        }
        break;
    case DP_OP_LOAD_ATTR:
        if (v >= 312)
            emit(b, in, (arg & 1) ? DP_OP_LOAD_METHOD : DP_OP_LOAD_ATTR, (int32_t)(arg >> 1))->name =
                str_at(&c->names, arg >> 1, b, "name", ok);
        else
            emit(b, in, DP_OP_LOAD_ATTR, (int32_t)arg)->name = str_at(&c->names, arg, b, "name", ok);
        break;
    case DP_OP_LOAD_SUPER_ATTR:
        x = emit(b, in, DP_OP_LOAD_SUPER_ATTR, (int32_t)(arg & 1));
        x->flag = (arg >> 1) & 1 ? DP_FLAG_SUPER_TWO_ARGS : 0;
        x->name = str_at(&c->names, arg >> 2, b, "name", ok);
        break;
    case DP_OP_COMPARE_OP: {
        int64_t idx = v >= 313 ? arg >> 5 : v >= 312 ? arg >> 4 : arg;
        if (idx >= 0 && idx < 6)
            emit(b, in, DP_OP_COMPARE_OP, (int32_t)cmp_from_index[idx]);
        else if (v == 308 && idx >= 6 && idx <= 9)
            emit(b, in, idx <= 7 ? DP_OP_CONTAINS_OP : DP_OP_IS_OP, (int32_t)((idx - 6) & 1));
        else if (v == 308 && idx == 10)
            emit(b, in, DP_OP_COMPARE_OP, 10);  /* exception match */
        else
            return dp_error_set(b->err, DP_ERR_BAD_BYTECODE, "COMPARE_OP argument %lld", (long long)arg);
        return 0;
    }
    case DP_OP_CALL_FUNCTION: case DP_OP_CALL_METHOD:
        emit(b, in, DP_OP_CALL, (int32_t)arg);
        return 0;
    case DP_OP_CALL_FUNCTION_KW:
        emit(b, in, DP_OP_CALL_KW, (int32_t)arg);
        return 0;
    case DP_OP_FORMAT_SIMPLE:
        emit(b, in, DP_OP_FORMAT_VALUE, 0);
        return 0;
    case DP_OP_FORMAT_WITH_SPEC:
        emit(b, in, DP_OP_FORMAT_VALUE, 4);
        return 0;
    default:
        binop = classic_binary_op(in->op);
        if (binop >= 0) {
            emit(b, in, DP_OP_BINARY_OP, binop);
            return 0;
        }
        if (in->op == DP_OP_INVALID)
            return dp_error_set(b->err, DP_ERR_BAD_BYTECODE, "undefined opcode %d at offset %u",
                                in->raw_op, (unsigned)in->offset);
        x = emit(b, in, in->op, (int32_t)arg);
        if (in->op == DP_OP_BEFORE_ASYNC_WITH)   /* (the rare passes run only where there is work) */
            b->async_ops |= SAW_ASYNC_WITH;
        else if (in->op == DP_OP_GET_ANEXT)
            b->async_ops |= SAW_ANEXT;
        if (bc->vi->ops[in->raw_op].flags & DP_OPF_NAME)
            x->name = str_at(&c->names, arg, b, "name", ok);
        else if (bc->vi->ops[in->raw_op].flags & DP_OPF_LOCAL)
            x->name = local_name(b, arg, ok);
        else if (bc->vi->ops[in->raw_op].flags & DP_OPF_FREE)
            x->name = free_name(b, arg, ok);
        break;
    }
    return ok[0] ? 0 : -1;
}

/* (on decoded instructions and on normalized ones alike: DP_N_JUMP is
 * JUMP_FORWARD, RETURN_CONST has become a RETURN_VALUE) */
static int ends_flow(uint16_t op)
{
    switch (op) {
    case DP_OP_JUMP_FORWARD: case DP_OP_JUMP_ABSOLUTE: case DP_OP_JUMP_BACKWARD:
    case DP_OP_JUMP_BACKWARD_NO_INTERRUPT: case DP_OP_RETURN_VALUE: case DP_OP_RETURN_CONST:
    case DP_OP_RAISE_VARARGS: case DP_OP_RERAISE:
        return 1;
    default:
        return 0;
    }
}

/* For each of n instructions (offsets off[], in nondecreasing order), the
 * index of the exception table entry that covers it, -1 for none: the first
 * such entry in table order, or the last with `last`.  Entries may overlap
 * in hostile tables; every instruction is assigned once (a union-find over
 * the ones still free), so the cost stays near n + n_exc rather than their
 * product. */
static int covering_entries(const uint32_t *off, size_t n, const dp_exc_entry *exc, size_t n_exc,
                            int last, dp_arena *arena, int32_t **out)
{
    int32_t *entry_of = dp_arena_array(arena, n + 1, sizeof *entry_of);
    size_t *next_free = dp_arena_array(arena, n + 1, sizeof *next_free);
    if (!entry_of || !next_free)
        return -1;
    for (size_t k = 0; k <= n; k++) {
        entry_of[k] = -1;
        next_free[k] = k;
    }
    for (size_t j = 0; j < n_exc; j++) {
        size_t e = last ? n_exc - 1 - j : j;
        size_t lo = 0, hi = n;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (off[mid] < exc[e].start)
                lo = mid + 1;
            else
                hi = mid;
        }
        for (;;) {
            size_t k = lo, root;
            while (next_free[k] != k)
                k = next_free[k];
            root = k;
            for (k = lo; next_free[k] != root;) {  /* path compression */
                size_t up = next_free[k];
                next_free[k] = root;
                k = up;
            }
            if (root >= n || off[root] >= exc[e].end)
                break;
            entry_of[root] = (int32_t)e;
            next_free[root] = root + 1;
            lo = root + 1;
        }
    }
    *out = entry_of;
    return 0;
}

/* Stack depth before each decoded instruction, by a worklist over the
 * flow graph with the version's own stack effects; 3.11+ handlers start
 * at their table depth plus the exception (and lasti). */
static int compute_depths(const dp_bytecode *bc, dp_arena *arena, dp_error *err, int32_t **out)
{
    size_t n = bc->count;
    int32_t *depth = dp_arena_array(arena, n + 1, sizeof *depth);
    size_t *work = dp_arena_array(arena, n + 1, sizeof *work);
    size_t top = 0;
    if (!depth || !work)
        return -1;
    for (size_t k = 0; k < n; k++)
        depth[k] = -1;
    *out = depth;
    if (n == 0)
        return 0;
    int32_t *entry_of = NULL, *handler_at = NULL;
    if (bc->n_exc) {
        uint32_t *off = dp_arena_array(arena, n, sizeof *off);
        handler_at = dp_arena_array(arena, bc->n_exc, sizeof *handler_at);
        if (!off || !handler_at)
            return -1;
        for (size_t k = 0; k < n; k++)
            off[k] = bc->instrs[k].offset;
        for (size_t e = 0; e < bc->n_exc; e++)
            handler_at[e] = dp_instr_at(bc, bc->exc[e].target);
        DP_RETURN_IF_ERROR(covering_entries(off, n, bc->exc, bc->n_exc, 0, arena, &entry_of));
    }

#define PUSH_AT(idx, d) do { \
        int32_t idx_ = (idx), d_ = (d); \
        if (idx_ >= 0 && (size_t)idx_ < n && depth[idx_] < 0 && d_ >= 0) { \
            depth[idx_] = d_; work[top++] = (size_t)idx_; } } while (0)

    /* 3.10: a generator starts with the value sent by its first send()
     * on the stack, which GEN_START pops */
    PUSH_AT(0, bc->instrs[0].op == DP_OP_GEN_START ? 1 : 0);
    while (top) {
        size_t k = work[--top];
        const dp_instr *in = &bc->instrs[k];
        int ok;
        int32_t d = depth[k];
        if (in->op == DP_OP_INVALID)
            continue;
        /* an opcode dis.stack_effect refuses (RETURN_GENERATOR, ...) counts
         * as 0: the code after it is still reachable */
        if (!ends_flow(in->op)) {
            int e = dp_stack_effect_of(bc->vi, in->raw_op, (int32_t)in->arg, 0, &ok);
            if (in->op == DP_OP_RETURN_GENERATOR)
                e = 1, ok = 1;   /* it leaves a value that the POP_TOP after it drops */
            PUSH_AT((int32_t)k + 1, d + (ok ? e : 0));
        }
        if (in->is_jump && in->target >= 0) {
            int e = dp_stack_effect_of(bc->vi, in->raw_op, (int32_t)in->arg, 1, &ok);
            PUSH_AT(in->target, d + (ok ? e : 0));
        }
        if (entry_of && entry_of[k] >= 0) {
            const dp_exc_entry *ent = &bc->exc[entry_of[k]];
            PUSH_AT(handler_at[entry_of[k]], (int32_t)ent->depth + 1 + ent->lasti);
        }
    }
#undef PUSH_AT
    (void)err;
    return 0;
}

static uint16_t inverse_jump(uint16_t op)
{
    switch (op) {
    case DP_OP_POP_JUMP_IF_FALSE: return DP_OP_POP_JUMP_IF_TRUE;
    case DP_OP_POP_JUMP_IF_TRUE: return DP_OP_POP_JUMP_IF_FALSE;
    case DP_OP_POP_JUMP_IF_NONE: return DP_OP_POP_JUMP_IF_NOT_NONE;
    case DP_OP_POP_JUMP_IF_NOT_NONE: return DP_OP_POP_JUMP_IF_NONE;
    default: return 0;
    }
}

/* 3.12+ has no backward conditional jump: the compiler writes one as
 * `POP_JUMP_IF_X L; JUMP_BACKWARD H; L:`.  Where nothing else reaches the
 * JUMP_BACKWARD, it becomes the `POP_JUMP_IF_NOT_X H` that 3.8-3.11 had, so
 * that one structurer serves every version. */
/* Drops the instructions marked in `removed`, renumbering targets and
 * handlers (a target that was removed becomes the next kept one). */
static void compact(dp_ins *ins, size_t *count, const uint8_t *removed, int32_t *new_index)
{
    size_t n = *count, kept = 0;
    for (size_t i = 0; i < n; i++) {
        new_index[i] = (int32_t)kept;
        kept += !removed[i];
    }
    new_index[n] = (int32_t)kept;
    kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (removed[i])
            continue;
        dp_ins x = ins[i];
        if (x.target >= 0 && (size_t)x.target <= n)
            x.target = new_index[x.target];
        if (x.handler >= 0 && (size_t)x.handler <= n)
            x.handler = new_index[x.handler];
        ins[kept++] = x;
    }
    ins[kept] = ins[n];   /* the zero entry past the end */
    *count = kept;
}

/* compact()'s arrays for n instructions: removed[] all clear. */
static int compaction_arrays(dp_arena *arena, size_t n, uint8_t **removed, int32_t **new_index)
{
    *removed = dp_arena_array(arena, n + 1, 1);   /* (zero-filled) */
    *new_index = dp_arena_array_uninit(arena, n + 1, sizeof **new_index);
    return *removed && *new_index ? 0 : -1;
}

/* 3.8 spells 3.9's exception dispatch differently: `COMPARE_OP exception
 * match; POP_JUMP_IF_FALSE next` is JUMP_IF_NOT_EXC_MATCH, and the
 * END_FINALLY that re-raises an unmatched exception (or ends a bare
 * except, unreached) is RERAISE.  Rewritten, the 3.9 recovery applies. */
static int spell_38_dispatch(dp_ins *ins, size_t *count, dp_arena *arena)
{
    size_t n = *count;
    uint8_t *removed;
    int32_t *new_index;
    if (compaction_arrays(arena, n, &removed, &new_index) < 0)
        return -1;
    int fused = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        if (ins[i].op == DP_OP_COMPARE_OP && ins[i].arg == 10 && ins[i + 1].op == DP_OP_POP_JUMP_IF_FALSE &&
            ins[i + 1].target >= 0) {
            ins[i].op = DP_OP_JUMP_IF_NOT_EXC_MATCH;
            ins[i].arg = 0;
            ins[i].target = ins[i + 1].target;
            removed[i + 1] = 1;
            fused = 1;
            if ((size_t)ins[i].target < n && ins[ins[i].target].op == DP_OP_END_FINALLY)
                ins[ins[i].target].op = DP_OP_RERAISE;
            i++;
        }
    }
    for (size_t i = 0; i < n; i++)
        if (ins[i].op == DP_OP_END_FINALLY && ins[i].stack < 0)
            ins[i].op = DP_OP_RERAISE;
    /* the code after a dispatch's END_FINALLY (the path where it does not
     * raise, which the dispatch never takes) is dead: reachability again,
     * with RERAISE ending the flow */
    uint8_t *live = dp_arena_array(arena, n + 1, 1);
    int32_t *work = dp_arena_array(arena, n + 1, sizeof *work);
    size_t top = 0;
    if (!live || !work)
        return -1;
    memset(live, 0, n + 1);
    if (n)
        live[0] = 1, work[top++] = 0;
    while (top) {
        size_t k = (size_t)work[--top];
        uint16_t op = ins[k].op;
        int falls = !(op == DP_OP_RERAISE || op == DP_OP_RETURN_VALUE || op == DP_OP_RAISE_VARARGS || op == DP_N_JUMP);
        if (falls && k + 1 < n && !live[k + 1])
            live[k + 1] = 1, work[top++] = (int32_t)(k + 1);
        if (ins[k].target >= 0 && (size_t)ins[k].target < n && !live[ins[k].target])
            live[ins[k].target] = 1, work[top++] = ins[k].target;
    }
    for (size_t i = 0; i < n; i++)
        if (!live[i])
            ins[i].stack = -1;
    if (fused)
        compact(ins, count, removed, new_index);
    return 0;
}

static int fold_backward_jumps(dp_ins *ins, size_t *count, dp_arena *arena)
{
    size_t n = *count;
    uint8_t *reached = dp_arena_array(arena, n + 1, 1);
    uint8_t *removed;
    int32_t *new_index;
    if (!reached || compaction_arrays(arena, n, &removed, &new_index) < 0)
        return -1;
    memset(reached, 0, n + 1);
    for (size_t i = 0; i < n; i++) {
        if (ins[i].target >= 0 && (size_t)ins[i].target < n)
            reached[ins[i].target] = 1;
        if (ins[i].handler >= 0 && (size_t)ins[i].handler < n)
            reached[ins[i].handler] = 1;
    }
    int folded = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        dp_ins *jump = &ins[i + 1];
        if (inverse_jump(ins[i].op) && ins[i].target == (int32_t)(i + 2) && jump->op == DP_N_JUMP &&
            jump->target >= 0 && jump->target <= (int32_t)i && !reached[i + 1]) {
            /* (the jump itself cannot raise: the table may leave it out,
             * and does where it has no location) */
            if (jump->handler >= 0 && jump->handler == ins[i].handler)
                ins[i].flag |= DP_FLAG_JUMP_COVERED;
            ins[i].flag |= DP_FLAG_FOLDED_BACK;
            ins[i].op = inverse_jump(ins[i].op);
            ins[i].target = jump->target;
            removed[i + 1] = 1;
            folded = 1;
            i++;
        }
    }
    if (folded)
        compact(ins, count, removed, new_index);
    return 0;
}

static int is_none_const(const dp_ins *x)
{
    return x->op == DP_OP_LOAD_CONST && x->obj && x->obj->kind == DP_OBJ_NONE;
}

/* The end (exclusive) of the await that starts at GET_AWAITABLE k, or -1:
 *   GET_AWAITABLE; LOAD_CONST None; YIELD_FROM              (3.8-3.10)
 *   GET_AWAITABLE; LOAD_CONST None; SEND L; ...; L:          (3.11)
 *   GET_AWAITABLE; LOAD_CONST None; SEND L; ...; L: END_SEND (3.12+) */
static int await_end(const dp_ins *ins, size_t n, size_t k)
{
    if (k + 2 >= n || ins[k].op != DP_OP_GET_AWAITABLE || !is_none_const(&ins[k + 1]))
        return -1;
    if (ins[k + 2].op == DP_OP_YIELD_FROM)
        return (int)k + 3;
    if (ins[k + 2].op != DP_OP_SEND || ins[k + 2].target <= (int32_t)k + 2 || (size_t)ins[k + 2].target >= n)
        return -1;
    int32_t t = ins[k + 2].target;
    return ins[t].op == DP_OP_END_SEND ? t + 1 : t;
}

/* An async with is a with whose __aenter__() and __aexit__() results are
 * awaited.  Those awaits are dropped here (and 3.8-3.10's
 * BEFORE_ASYNC_WITH, which with SETUP_ASYNC_WITH does SETUP_WITH's work),
 * so that one recovery reads both kinds; BEFORE_ASYNC_WITH (3.11+) and
 * SETUP_ASYNC_WITH (3.8-3.10) stay to say which it was.  The awaits are
 * known by what precedes them (3.8-3.10) or by GET_AWAITABLE's argument
 * (3.11+: 1 after __aenter__, 2 after __aexit__); each has a net stack
 * effect of zero.  3.12+'s CLEANUP_THROW blocks for them go too. */
/* (DP_NOINLINE: these rare passes, inlined into dp_normalize, made it too
 * large for normalize_one to be inlined into its loop, +3% of all the work) */
DP_NOINLINE static int async_with_as_with(dp_ins *ins, size_t *count, int version, dp_arena *arena)
{
    size_t n = *count;
    uint8_t *removed;
    int32_t *new_index;
    if (compaction_arrays(arena, n, &removed, &new_index) < 0)
        return -1;
    for (size_t k = 1; k < n; k++) {
        int end = await_end(ins, n, k);
        if (end < 0)
            continue;
        uint16_t prev = ins[k - 1].op;
        int ours;
        if (version >= 311)
            ours = ins[k].arg == 1 || ins[k].arg == 2;
        else
            ours = prev == DP_OP_BEFORE_ASYNC_WITH || prev == DP_OP_WITH_CLEANUP_START ||
                   prev == DP_OP_WITH_EXCEPT_START ||
                   (k >= 4 && is_none_const(&ins[k - 4]) && ins[k - 3].op == DP_OP_DUP_TOP &&
                    ins[k - 2].op == DP_OP_DUP_TOP && prev == DP_OP_CALL && ins[k - 1].arg == 3);
        if (!ours)
            continue;
        for (int q = (int)k; q < end; q++) {
            removed[q] = 1;
            /* (3.12+: the throw() path of its yield) */
            int32_t h = ins[q].op == DP_OP_YIELD_VALUE ? ins[q].handler : -1;
            if (h >= end && (size_t)h + 1 < n && ins[h].op == DP_OP_CLEANUP_THROW && ins[h + 1].op == DP_N_JUMP &&
                ins[h + 1].target >= (int32_t)k && ins[h + 1].target < end)
                removed[h] = removed[h + 1] = 1;
        }
        if (version < 311 && prev == DP_OP_BEFORE_ASYNC_WITH && (size_t)end < n &&
            ins[end].op == DP_OP_SETUP_ASYNC_WITH) {
            removed[k - 1] = 1;
            ins[end].stack = ins[k - 1].stack;   /* SETUP_WITH's depth: the manager on top */
        }
        k = (size_t)end - 1;
    }
    compact(ins, count, removed, new_index);
    return 0;
}

/* Puts instruction order[k] at k, renumbering targets and handlers
 * (new_index: the inverse, filled here; tmp: n + 1 entries). */
static void permute(dp_ins *ins, size_t n, const int32_t *order, int32_t *new_index, dp_ins *tmp)
{
    for (size_t k = 0; k < n; k++)
        new_index[order[k]] = (int32_t)k;
    new_index[n] = (int32_t)n;
    for (size_t k = 0; k < n; k++) {
        tmp[k] = ins[order[k]];
        if (tmp[k].target >= 0 && (size_t)tmp[k].target <= n)
            tmp[k].target = new_index[tmp[k].target];
        if (tmp[k].handler >= 0 && (size_t)tmp[k].handler <= n)
            tmp[k].handler = new_index[tmp[k].handler];
    }
    tmp[n] = ins[n];
    memcpy(ins, tmp, (n + 1) * sizeof *ins);
}

/* The end of a chain of code from q: the first end of the flow that no
 * jump inside the chain passes; -1 for none. */
static int32_t chain_end(const dp_ins *ins, size_t n, int32_t q)
{
    for (int32_t reach = q; (size_t)q < n; q++) {
        if (ends_flow(ins[q].op) && reach <= q)
            return q;
        if (ins[q].target > reach)
            reach = ins[q].target;
    }
    return -1;
}

/* 3.12+ moves the blocks that only an exception reaches to the end of the
 * code.  An async for's exit is one (END_ASYNC_FOR runs when __anext__
 * raises StopAsyncIteration), and so is all the code after the loop up to
 * its next jump: `for x in a: async for v in x: f(v)` + `g(x)` puts
 * `END_ASYNC_FOR; g(x); JUMP x-loop` after the function's return, and a
 * comprehension's cleanup handler may sit between END_ASYNC_FOR and the
 * code after it, jumped over.  That chain goes back right after the
 * loop's back jump, where 3.11 has it, the jumps over other code dropped:
 * a permutation of whole blocks, each ending the flow or running into the
 * next one's only way in, so every path stays as it was. */
DP_NOINLINE static int inline_async_for_exits(dp_ins *ins, size_t *count, dp_arena *arena)
{
    size_t n = *count;
    int32_t *order = NULL, *new_index = NULL;
    uint8_t *taken = NULL, *hop = NULL;
    dp_ins *tmp = NULL;
    for (size_t h = 0; h < n; h++) {
        int32_t E = ins[h].handler;
        if (ins[h].op != DP_OP_GET_ANEXT || E <= (int32_t)h || (size_t)E >= n || ins[E].op != DP_OP_END_ASYNC_FOR)
            continue;
        int32_t T = E, b = -1;
        if (E >= 2 && ins[E - 2].op == DP_OP_CLEANUP_THROW && ins[E - 1].op == DP_N_JUMP)
            T = E - 2;
        for (int32_t q = (int32_t)h + 1; q < T; q++)
            if (ins[q].op == DP_N_JUMP && ins[q].target == (int32_t)h)
                b = q;
        /* (a body that ends in a raise or return: it ends where the code
         * of a handler starts) */
        for (int32_t q = (int32_t)h + 1; b < 0 && q + 1 < T; q++)
            if (ends_flow(ins[q].op) &&
                (ins[q + 1].op == DP_OP_CLEANUP_THROW || ins[q + 1].op == DP_OP_PUSH_EXC_INFO))
                b = q;
        if (b < 0 || (b + 1 != T && (!ends_flow(ins[T - 1].op) || !ends_flow(ins[b].op))))
            continue;
        /* (the loop's body must end at b: nothing in it jumps past b) */
        int ok = 1;
        for (int32_t q = (int32_t)h; q <= b && ok; q++)
            ok = !(ins[q].target > b && ins[q].target < T);
        /* the chain: [T, C], then while it ends in a jump forward to code
         * only that jump reaches, the chain from there */
        int32_t seg_lo[5], seg_hi[5], nseg = 0, lo = T;
        while (ok && nseg < 5) {
            int32_t C = chain_end(ins, n, nseg ? lo : E);
            if (C < 0)
                break;
            seg_lo[nseg] = lo;
            seg_hi[nseg++] = C;
            int32_t X = ins[C].target;
            if (ins[C].op != DP_N_JUMP || X <= C || (size_t)X >= n || !ends_flow(ins[X - 1].op))
                break;
            int incoming = 0;
            for (size_t q = 0; q < n && incoming < 2; q++)
                incoming += (ins[q].target == X) + (ins[q].handler == X);
            if (incoming != 1)
                break;
            lo = X;
        }
        if (!ok || !nseg || (b + 1 == T && nseg == 1))
            continue;
        if (!order) {
            order = dp_arena_array(arena, n + 1, sizeof *order);
            new_index = dp_arena_array(arena, n + 1, sizeof *new_index);
            taken = dp_arena_array(arena, n + 1, 1);
            hop = dp_arena_array(arena, n + 1, 1);
            tmp = dp_arena_array(arena, n + 1, sizeof *tmp);
            if (!order || !new_index || !taken || !hop || !tmp)
                return -1;
        }
        /* new order: [0, b], the chain's parts, the rest as it was */
        size_t m = 0;
        memset(taken, 0, n + 1);
        memset(hop, 0, n + 1);
        for (int32_t q = 0; q <= b; q++)
            order[m++] = q, taken[q] = 1;
        for (int32_t k = 0; k < nseg; k++) {
            for (int32_t q = seg_lo[k]; q <= seg_hi[k]; q++)
                order[m++] = q, taken[q] = 1;
            if (k + 1 < nseg)
                hop[m - 1] = 1;   /* (a jump to the part now right after it) */
        }
        for (size_t q = 0; q < n; q++)
            if (!taken[q])
                order[m++] = (int32_t)q;
        permute(ins, n, order, new_index, tmp);
        if (nseg > 1) {
            compact(ins, count, hop, new_index);
            n = *count;
        }
    }
    return 0;
}

/* Whether [lo, hi) is an inlined comprehension's cleanup handler (3.12+):
 * SWAP/POP_TOP/STORE_FAST... RERAISE 0, reached by no jump. */
static int is_comprehension_cleanup(const dp_ins *ins, size_t n, int32_t lo, int32_t hi)
{
    if (hi - lo < 2 || ins[hi - 1].op != DP_OP_RERAISE)
        return 0;
    for (int32_t q = lo; q < hi - 1; q++)
        if (ins[q].op != DP_OP_SWAP && ins[q].op != DP_OP_POP_TOP && ins[q].op != DP_OP_STORE_FAST)
            return 0;
    for (size_t q = 0; q < n; q++)
        if (ins[q].target >= lo && ins[q].target < hi)
            return 0;
    return 1;
}

/* 3.12+ may place an inlined comprehension's cleanup handler right after
 * its loop and jump over it (where the code after the loop is a block that
 * only an exception reaches, as after an async for); the handler moves to
 * the end and the jump goes, as where the code after the loop is warm. */
DP_NOINLINE static int move_cleanups_out(dp_ins *ins, size_t *count, dp_arena *arena)
{
    size_t n = *count;
    int32_t *order = NULL, *new_index = NULL;
    uint8_t *removed = NULL;
    dp_ins *tmp = NULL;
    for (size_t q = 0; q + 2 < n; q++) {
        int32_t X = ins[q].target;
        if (ins[q].op != DP_N_JUMP || X <= (int32_t)q + 1 || (size_t)X >= n ||
            !ends_flow(ins[n - 1].op) || !is_comprehension_cleanup(ins, n, (int32_t)q + 1, X))
            continue;
        if (!order) {   /* (n only shrinks: one set serves every move) */
            order = dp_arena_array(arena, n + 1, sizeof *order);
            new_index = dp_arena_array(arena, n + 1, sizeof *new_index);
            removed = dp_arena_array(arena, n + 1, 1);
            tmp = dp_arena_array(arena, n + 1, sizeof *tmp);
            if (!order || !new_index || !removed || !tmp)
                return -1;
        }
        /* new order: [0, q] [X, n) [q+1, X) */
        size_t m = 0;
        for (size_t k = 0; k <= q; k++)
            order[m++] = (int32_t)k;
        for (size_t k = (size_t)X; k < n; k++)
            order[m++] = (int32_t)k;
        for (size_t k = q + 1; k < (size_t)X; k++)
            order[m++] = (int32_t)k;
        permute(ins, n, order, new_index, tmp);
        memset(removed, 0, n + 1);
        removed[q] = 1;   /* (the jump, now to the next instruction) */
        compact(ins, count, removed, new_index);
        n = *count;
    }
    return 0;
}

int dp_normalize(const dp_code *code, dp_arena *arena, dp_error *err, dp_norm *out)
{
    dp_bytecode bc;
    builder b;
    int32_t *norm_at;  /* dis index -> first normalized index at or after it */

    memset(out, 0, sizeof *out);
    DP_RETURN_IF_ERROR(dp_decode(code, 0, arena, err, &bc));
    /* The decompiler follows every jump: one that lands between
     * instructions or outside the code is malformed bytecode (dis, which
     * does not normalize, still shows it). */
    for (size_t k = 0; k < bc.count; k++)
        if (bc.instrs[k].is_jump && bc.instrs[k].target < 0)
            return dp_error_set(err, DP_ERR_BAD_BYTECODE,
                                "%s: the jump at offset %u goes to %lld, which is not an instruction",
                                code->qualname.data ? code->qualname.data : "?",
                                (unsigned)bc.instrs[k].offset, (long long)bc.instrs[k].jump);
    memset(&b, 0, sizeof b);
    b.code = code;
    b.err = err;
    b.cap = 2 * bc.count + 1;  /* a split instruction makes at most two */
    /* (emit() fills each entry it uses) */
    b.ins = dp_arena_array_uninit(arena, b.cap, sizeof *b.ins);
    b.target_dis = dp_arena_array_uninit(arena, b.cap, sizeof *b.target_dis);
    norm_at = dp_arena_array(arena, bc.count + 1, sizeof *norm_at);
    if (!b.ins || !b.target_dis || !norm_at)
        return -1;

    for (size_t k = 0; k < bc.count; k++) {
        norm_at[k] = (int32_t)b.count;
        /* 3.11+: RETURN_GENERATOR; POP_TOP opens a generator's code. */
        if (bc.instrs[k].op == DP_OP_RETURN_GENERATOR && k + 1 < bc.count &&
            bc.instrs[k + 1].op == DP_OP_POP_TOP) {
            norm_at[++k] = (int32_t)b.count;
            continue;
        }
        /* 3.13: END_FOR; POP_TOP end a for loop. */
        if (code->version >= 313 && bc.instrs[k].op == DP_OP_END_FOR && k + 1 < bc.count &&
            bc.instrs[k + 1].op == DP_OP_POP_TOP) {
            norm_at[++k] = (int32_t)b.count;
            continue;
        }
        DP_RETURN_IF_ERROR(normalize_one(&b, &bc, k));
    }
    norm_at[bc.count] = (int32_t)b.count;
    memset(&b.ins[b.count], 0, sizeof *b.ins);   /* a zero entry past the end, as before */

    int32_t *depth;
    DP_RETURN_IF_ERROR(compute_depths(&bc, arena, err, &depth));
    int32_t dropped_depth = -2;   /* depth before the run of dropped instructions just passed */
    for (size_t k = 0; k < bc.count; k++) {
        int32_t d = depth[k];
        if (norm_at[k] == norm_at[k + 1]) {
            /* dropped: 3.11's PRECALL pops the arguments that the CALL
             * after it (and a jump to it) still counts.  Others (END_FOR,
             * GEN_START) drop values that are gone after them. */
            if (dropped_depth == -2 && bc.instrs[k].op == DP_OP_PRECALL)
                dropped_depth = d;
            continue;
        }
        if (dropped_depth != -2 && dropped_depth >= 0)
            d = dropped_depth;
        dropped_depth = -2;
        for (int32_t i = norm_at[k]; i < norm_at[k + 1]; i++) {
            b.ins[i].stack = d;
            if (d >= 0) {   /* the first half of a split instruction */
                uint16_t op = b.ins[i].op;
                d += (op == DP_OP_STORE_FAST) ? -1 : (op == DP_OP_RETURN_VALUE) ? -1 : 1;
            }
        }
    }

    for (size_t i = 0; i < b.count; i++) {
        int32_t t = b.target_dis[i];
        if (t >= 0) {
            b.ins[i].target = norm_at[t];
            if (bc.instrs[t].op == DP_OP_NOP)
                b.ins[i].flag |= DP_FLAG_TO_NOP;
        }
    }
    /* 3.11+: each instruction's exception handler, from the table (where
     * hostile entries overlap, the last one covering it). */
    if (bc.n_exc) {
        int32_t *handler_of = dp_arena_array(arena, bc.n_exc, sizeof *handler_of);
        uint32_t *off = dp_arena_array(arena, b.count + 1, sizeof *off);
        int32_t *entry_of;
        if (!handler_of || !off)
            return -1;
        for (size_t e = 0; e < bc.n_exc; e++) {
            handler_of[e] = dp_instr_at(&bc, bc.exc[e].target);
            if (handler_of[e] < 0)
                return dp_error_set(err, DP_ERR_BAD_BYTECODE, "exception handler at %u is not an instruction",
                                    (unsigned)bc.exc[e].target);
        }
        for (size_t i = 0; i < b.count; i++)
            off[i] = b.ins[i].offset;
        DP_RETURN_IF_ERROR(covering_entries(off, b.count, bc.exc, bc.n_exc, 1, arena, &entry_of));
        for (size_t i = 0; i < b.count; i++) {
            if (entry_of[i] < 0)
                continue;
            const dp_exc_entry *ent = &bc.exc[entry_of[i]];
            b.ins[i].handler = norm_at[handler_of[entry_of[i]]];
            b.ins[i].depth = (uint16_t)ent->depth;
            b.ins[i].lasti = ent->lasti;
        }
    }
    if (b.async_ops & SAW_ASYNC_WITH)
        DP_RETURN_IF_ERROR(async_with_as_with(b.ins, &b.count, code->version, arena));
    if (code->version >= 312)
        DP_RETURN_IF_ERROR(fold_backward_jumps(b.ins, &b.count, arena));
    if (code->version >= 312 && (b.async_ops & SAW_ANEXT))
        DP_RETURN_IF_ERROR(inline_async_for_exits(b.ins, &b.count, arena));
    if (code->version >= 312 && (b.async_ops & SAW_INLINED_COMP))
        DP_RETURN_IF_ERROR(move_cleanups_out(b.ins, &b.count, arena));
    if (code->version == 308)
        DP_RETURN_IF_ERROR(spell_38_dispatch(b.ins, &b.count, arena));
    out->code = code;
    out->vi = bc.vi;
    out->version = code->version;
    out->ins = b.ins;
    out->count = b.count;
    return 0;
}
