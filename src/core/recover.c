/* recover.c — see recover.h.
 *
 * The walk.  run() recovers the instructions of a range [lo, hi) into
 * statements, with a symbolic stack (stk) that may hold values left by the
 * enclosing construct (a for loop's iterator, a with's exit).  Each
 * construct is recognized at its first instruction by the shape of its jumps,
 * and recovered by recursive calls on its sub-ranges.  Stack depths computed
 * by the normalizer from CPython's own stack effects tell value-context
 * branches (a if c else b, and/or) from statement-level ones.
 *
 * Results: 0 ok; -1 a hard error recorded in the dp_error (memory, limits);
 * UNRECOVERED (-2): this code object matches no pattern we know, with the
 * reason in dc.why.  The second kind is caught per code object. */
#include "recover.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "disasm.h"
#include "norm.h"

#define UNRECOVERED (-2)
#define TRY(x) do { int r_ = (x); if (r_ < 0) return r_; } while (0)
#define MAX_CODE_NESTING 100
#define MAX_REGION_NESTING 400
/* The C stack both take together (docs/errors.md, "Limits"): a nested code
 * object costs about 2.7 KB at -O2, a nested block about 0.55 KB; a walk
 * is held under MAX_NESTING_COST blocks' worth (about 300 KB), counting a
 * code object as CODE_NESTING_COST blocks. */
#define CODE_NESTING_COST 5
#define MAX_NESTING_COST 550
static int nesting_cost(const dp_recover *rc)
{
    return rc->depth * CODE_NESTING_COST + rc->region_depth;
}

/* ---- values on the symbolic stack ------------------------------------- */

typedef enum vkind {
    V_EXPR,        /* an expression */
    V_NULL,        /* CPython's NULL below a callable, or the self slot */
    V_ITER,        /* a for loop's iterator */
    V_SLOT,        /* a value being stored into part of an assignment target */
    V_FUNC,        /* a function made by MAKE_FUNCTION */
    V_BUILD_CLASS, /* __build_class__ */
    V_IMPORT,      /* a module from IMPORT_NAME */
    V_IMPORT_ATTR, /* IMPORT_FROM's result */
    V_INPLACE,     /* the result of an in-place operator, waiting for its store */
    V_KWNAMES,     /* 3.13 CALL_KW's names tuple */
    V_ASSERT,      /* AssertionError from LOAD_ASSERTION_ERROR */
    V_SAVED,       /* 3.12+: a variable's value saved around an inlined comprehension */
    V_EXC,         /* an exception (or the previous one) pushed by an exception handler */
    V_EXIT,        /* a with statement's bound __exit__ */
    V_LOCALS,      /* 3.12+: a class body's namespace, from LOAD_LOCALS */
    V_TPARAMS,     /* 3.12+: PEP 695 type parameters being made (tparams) */
    V_GENERIC,     /* 3.12+: a generic class's .generic_base, Generic[*type params] */
} vkind;

typedef struct group group;

/* A function from MAKE_FUNCTION, with what it was made with. */
typedef struct funcv {
    const dp_code *code;
    dp_expr *defaults;     /* a Tuple, or a Constant tuple */
    dp_expr *kwdefaults;   /* a Dict */
    dp_expr *annotations;  /* a Dict (<= 3.9) or a flat Tuple of name, value */
    dp_expr_list decorators;
    dp_stmt *classdef;     /* a class made by __build_class__ (code is its body) */
    dp_stmt *typealias;    /* 3.12+: a `type` statement's alias (code is its value) */
    dp_type_param_list type_params;  /* 3.12+: a generic def's */
} funcv;

typedef struct sv {      /* (pointers, then ints, then bytes: no padding) */
    dp_expr *e;
    group *grp;            /* V_SLOT */
    funcv *fn;             /* V_FUNC */
    dp_type_param_list *tparams;   /* V_TPARAMS */
    dp_stmt *twin_assign;  /* a copy whose twin was stored by this Assign */
    const char *module;    /* V_IMPORT */
    const dp_object *fromlist;
    dp_stmt *import_from;  /* V_IMPORT / V_IMPORT_ATTR: the ImportFrom being filled */
    const char *attr;      /* V_IMPORT_ATTR */
    int idx;
    int twin_store;        /* 1 + the index of that store, when it is a STORE_FAST (0: other) */
    int level;
    int op;                /* V_INPLACE: the dp_binop */
    uint32_t born;         /* when it was pushed (dc.pushes then) */
    uint8_t kind;
    uint8_t aschain;       /* V_IMPORT: after IMPORT_FROM of `import a.b as c` */
    uint8_t used_copy;     /* another copy of this value was already used */
    uint8_t copied;        /* DUP_TOP/COPY made another entry with this e */
    uint8_t twin_waiting;  /* twin_assign was made while computed values waited below */
} sv;

typedef struct stk {
    sv *v;
    int n, cap;
} stk;

typedef struct slist {
    dp_stmt **v;
    size_t n, cap;
} slist;

/* An assignment target being filled in by the stores that follow a value:
 * one slot for a simple store, n for UNPACK_SEQUENCE. */
enum { G_ASSIGN, G_FOR, G_NESTED, G_COMP, G_WITH };
struct group {
    int kind;
    int n, filled;
    int star;              /* index of the starred target, -1 */
    dp_expr **targets;
    group *parent;
    int parent_index;
    dp_stmt *stmt;         /* G_ASSIGN, G_FOR: the statement whose target this is */
};

typedef struct loopctx {
    int head;              /* `continue` target */
    int cont2;             /* another `continue` target (an inverted loop's test), -1 */
    int cont3;             /* 3.10+: the first test of an inverted loop, which a
                              `continue` may also jump back to, -1 */
    int brk;               /* `break` target */
    int is_for;
    slist *tail;           /* a while loop with no code after it of its own: that
                              code, read from a break's copy in an except clause
                              (the loop puts it after itself), or NULL */
} loopctx;

static int is_continue_target(const loopctx *loop, int t)
{
    return loop && t >= 0 && (t == loop->head || t == loop->cont2 || t == loop->cont3);   /* (cont2, cont3: -1 when none) */
}

typedef struct region {
    int hi;                /* end, exclusive */
    int follow;            /* where control goes after hi; -1: the code ends */
    const loopctx *loop;   /* innermost loop, NULL */
    int *falls_to;         /* NULL, or where the region's last statement reports that it
                            * goes on, past hi (see try_stmt_in), else left -1 */
    int *try_falls_to;     /* the same for a try body (3.13: a try/finally ending it whose
                            * normal path jumps past the handlers; see try_stmt_in) */
} region;

/* 3.11+: the finally blocks that a return inside the try body being read
 * runs on its way out: that try's (block[0]) and that of the try/finally
 * around it (block[1]); len 0 where there is none. */
typedef struct fin_blocks {
    struct { int lo, len; } block[2];
    int start, H;          /* block[0]'s try statement: its first instruction and handler */
} fin_blocks;

typedef struct dc {
    dp_recover *rc;
    dp_arena *arena;
    dp_error *err;
    const dp_code *code;
    dp_norm n;
    const dp_ins *ins;
    int count;
    int version;
    int32_t *back_from;    /* per index: largest index of a backward jump to it, -1 */
    int32_t *tail_copy;    /* per loop head: 1 + where the copy that loop->tail was read from starts
                            * (see break_into_loop_tail), 0; NULL until one is read */
    int tail_end;          /* where the copy break_into_loop_tail took last ends */
    int32_t *incoming;     /* per index: number of jumps to it */
    int32_t *first_from;   /* per index: the first and last index jumping to it, when */
    int32_t *last_from;    /* incoming > 0 (see jumped_only_from) */
    int32_t *first_ref[2]; /* per co_consts / co_names index: the first index using it (see source_order) */
    int32_t *first_use_tree[2]; /* min segment tree over the indices: the co_consts / co_names
                                 * index first used there, INT32_MAX (see first_used_min) */
    int32_t *ref_at[2];    /* per index: the co_consts / co_names index it uses, -1 (see build_refs) */
    uint8_t *ref_mark;     /* scratch, per co_consts / co_names index (see order_against_handlers) */
    int32_t *consts_before;/* per index k: the highest co_consts index used before k, -1 */
    int32_t loop_consts[2];/* co_consts indices of True and of 1, -1 (see forever_const) */
    uint8_t *loop_open;    /* per index: the loop with this head is being recovered */
    uint8_t *normal;       /* per index: reachable without raising an exception */
    uint8_t *plain;        /* per index: reachable without entering any handler */
    uint8_t *handler_refs[2];/* per co_consts / co_names index: used by code that is not plain; NULL until asked */
    uint8_t *visits;       /* per index: times recovered (each must be 1 at the end) */
    uint8_t *claimed;      /* per index: handler code a construct has taken; the walk skips it */
    uint8_t *canon;        /* per index: code that equiv_code took as the original of a copy */
    int32_t *prev_same;    /* per index: the one before it starting the same exit block, -1 (lazy) */
    int cur_handler;       /* 3.11+: the handler of the construct being recovered, -1 */
    int clause_brk_for;    /* 3.13: the for loop whose breaks fall into the end of the except
                            * clause being read, placed in its body (see clause_break_end), -1 */
    int clause_brk_end;    /* that end (its POP_EXCEPT), claimed while the clause is read */
    int body_kind;         /* BODY_MODULE, ... */
    int saw_yield;         /* a yield or yield from was recovered */
    int n_temps;           /* temporaries made by spill_pending */
    int copy_spill;        /* the second reading: copied computed values go to temporaries */
    int speculating;       /* inside a simulation that only looks at the code's shape */
    const dp_expr *none_chain; /* 3.11+: a chained comparison ending `is None`, whose test */
    int none_chain_jump;       /* folded into the POP_JUMP_IF_(NOT_)NONE there (see chained_compare) */
    uint32_t cur_off1;     /* 1 + the offset of the instruction being read (expressions' source) */
    int track_source;      /* the outermost code object: its expressions note their source */
    int32_t *ins_line;     /* 3.10, a comprehension's body: each instruction's line, else NULL */
    int32_t cur_line;      /* the line of the instruction being read there, else 0 */
    fin_blocks fin;        /* 3.11+: the finally blocks a return from the try body being read runs */
    int cond_steps;        /* build_cond calls for the condition being read (see COND_STEPS) */
    int reached;           /* where the last run() stopped (a construct may end past its hi) */
    const struct bnode **bstack; /* <= 3.10: each instruction's block stack */
    const struct bnode *stop_block; /* <= 3.10: run() stops at the POP_BLOCK of this block */
    int stop_at;
    int region_depth;
    int *falls_to;         /* region.falls_to of the next run_sub */
    int *try_falls_to;     /* region.try_falls_to of the next run_sub */
    uint32_t pushes;       /* values pushed so far (sv.born) */
    uint32_t block_born;   /* values born before this belong to code before the block being read */
    struct tail_else *tail;/* where an if ending the region being read may hand back its else-part */
    int uses_annotations;  /* SETUP_ANNOTATIONS seen */
    sv *generic_made;      /* BODY_GENERIC: where its RETURN_VALUE puts the def it made */
    dp_type_param_list *generic_params; /* BODY_GENERIC: a class's, stored to .type_params */
    const char *private_class; /* the innermost class around the code, its leading underscores
                                * dropped, whose name mangles private attributes; NULL */
    uint8_t *match_seen;   /* per index: pattern code read by the match statement being read (lazy) */
    int32_t *match_log;    /* the indices set in match_seen, in order */
    int n_match_log;
    slist globals, nonlocals;
    /* elist_append's spare room: the last blocks it grew, with the count
     * it left and the capacity (appends stay O(1) amortized) */
    struct { dp_expr **items; size_t count, cap; } grown[8];
    char why[200];
} dc;

static int fail(dc *d, int at, const char *fmt, ...) DP_PRINTF(3, 4);
static int fail(dc *d, int at, const char *fmt, ...)
{
    char msg[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
#ifdef DP_TRACE   /* cc -DDP_TRACE: every failure, also those a second reading recovers */
    fprintf(stderr, "TRACE fail %s at %d (offset %d)%s\n", msg, at,
            at >= 0 && at < d->count ? (int)d->ins[at].offset : -1, d->why[0] ? " [why set]" : "");
#endif
    if (d->err->status != DP_OK)   /* a recorded error (out of memory, a limit) ends it all */
        return -1;
    if (!d->why[0]) {
        if (at >= 0 && at < d->count)
            snprintf(d->why, sizeof d->why, "%s at offset %u", msg, (unsigned)d->ins[at].offset);
        else
            snprintf(d->why, sizeof d->why, "%s", msg);
    }
    return UNRECOVERED;
}

/* What a builder's NULL means: a region it could not recover (UNRECOVERED,
 * with the reason in d->why), or an error recorded in d->err (out of memory,
 * a limit), which no fallback may hide: once one is recorded, -1. */
static int null_result(const dc *d)
{
    return d->why[0] && d->err->status == DP_OK ? UNRECOVERED : -1;
}

/* Instructions [lo, hi) consumed by a construct without run() walking them
 * (later atoms of a condition, a loop's duplicated test, an await's SEND
 * loop). */
static void mark(dc *d, int lo, int hi)
{
    if (d->speculating)
        return;   /* (code simulated to see its shape is not recovered yet) */
    for (int k = lo; k < hi && k < d->count; k++)
        if (d->visits[k] < 255)
            d->visits[k]++;
}

/* Every instruction reachable without an exception was recovered exactly
 * once: the last defence against output that drops or repeats code. */
static int check_visits(dc *d)
{
    for (int k = 0; k < d->count; k++) {
        if (!d->normal[k] || d->visits[k] == 1)
            continue;
        return fail(d, k, d->visits[k] ? "instruction recovered twice (%s)" : "instruction not recovered (%s)",
                    dp_opcode_name((dp_opcode)d->ins[k].op));
    }
    return 0;
}

static int equiv_code(dc *d, int copy, int canon);
static int local_rebound(const dc *d, int lo, int hi, const char *name);

/* ---- allocation helpers ------------------------------------------------ */

static void *alloc(dc *d, size_t size)
{
    return dp_arena_alloc(d->arena, size);
}

static dp_expr *mk_expr(dc *d, dp_expr_kind kind)
{
    dp_expr *e = alloc(d, sizeof *e);
    if (e) {
        e->kind = kind;
        e->src_off1 = d->cur_off1;
        e->lineno = d->cur_line;
    }
    return e;
}

static dp_stmt *mk_stmt(dc *d, dp_stmt_kind kind)
{
    dp_stmt *s = alloc(d, sizeof *s);
    if (s)
        s->kind = kind;
    return s;
}

/* Grow an array of pointers held as (items, count) with capacity *cap. */
static int grow_ptrs(dc *d, void ***items, size_t count, size_t *cap)
{
    if (count < *cap)
        return 0;
    size_t ncap = *cap ? *cap * 2 : 4;
    void **n = dp_arena_grow(d->arena, *items, count * sizeof(void *), ncap * sizeof(void *));
    if (!n)
        return -1;
    *items = n;
    *cap = ncap;
    return 0;
}

static int sl_append(dc *d, slist *l, dp_stmt *s)
{
    TRY(grow_ptrs(d, (void ***)&l->v, l->n, &l->cap));
    l->v[l->n++] = s;
    return 0;
}

/* How a return statement's value reached its RETURN_VALUE.  `return CONST`
 * loads its constant last, right before the return (after unwinding loops,
 * where a computed value is swapped under the iterators instead), and 3.12+
 * fuses the two into RETURN_CONST.  A constant loaded apart (3.12+: not
 * fused; any version: before the unwinding) had the return copied to it
 * from the end of a conditional expression: `return a if c else b` becomes
 * `c; POP_JUMP_IF_FALSE; a; RETURN_VALUE; b; RETURN_VALUE` once the
 * compiler copies the small exit block into the jumps to it. */
enum { RETURNS_OTHER, RETURNS_FUSED_CONST, RETURNS_COPIED_CONST };

static int returned_const(const dp_stmt *ret)
{
    if (ret->u.ret.value->kind != DP_E_CONSTANT)
        return RETURNS_OTHER;
    return ret->u.ret.const_kept_apart ? RETURNS_COPIED_CONST : RETURNS_FUSED_CONST;
}

static dp_expr *new_ifexp(dp_arena *arena, dp_expr *test, dp_expr *body, dp_expr *orelse)
{
    dp_expr *e = dp_arena_alloc(arena, sizeof *e);
    if (e) {
        e->kind = DP_E_IFEXP;
        e->src_off1 = test->src_off1;
        e->u.ifexp.test = test;
        e->u.ifexp.body = body;
        e->u.ifexp.orelse = orelse;
    }
    return e;
}

/* `return a if c else b` for the if statement s whose branches end in the
 * returns then_ret and else_ret, when one of them was a copied constant
 * and none a fused one (as statements, each constant return would have
 * been); NULL when not, or out of memory (d->err says which). */
static dp_stmt *fold_returns(dc *d, const dp_stmt *s, const dp_stmt *then_ret, const dp_stmt *else_ret)
{
    if (then_ret->kind != DP_S_RETURN || else_ret->kind != DP_S_RETURN || !then_ret->u.ret.value ||
        !else_ret->u.ret.value)
        return NULL;
    int a = returned_const(then_ret), b = returned_const(else_ret);
    if (a == RETURNS_FUSED_CONST || b == RETURNS_FUSED_CONST ||
        (a != RETURNS_COPIED_CONST && b != RETURNS_COPIED_CONST))
        return NULL;
    dp_expr *e = new_ifexp(d->arena, s->u.while_.test, then_ret->u.ret.value, else_ret->u.ret.value);
    dp_stmt *ret = mk_stmt(d, DP_S_RETURN);
    if (!e || !ret)
        return NULL;
    ret->u.ret.value = e;
    ret->u.ret.const_kept_apart = 1;   /* its leaves' returns were copies */
    return ret;
}

static const dp_stmt *only_stmt(const dp_stmt_list *l)
{
    return l->count == 1 ? l->items[0] : NULL;
}

/* Append s to the statements, folding copied returns back into conditional expressions
 * (above): an `if c: return a` / `else: return b` statement, and `if c:
 * return a` before a return statement, repeatedly (an elif chain of them
 * is a chain of conditional expressions). */
static int sl_push(dc *d, slist *out, dp_stmt *s)
{
    if (!s)   /* the builder failed: out of memory, or a region it could not recover */
        return null_result(d);
    if (s->kind == DP_S_IF && only_stmt(&s->u.while_.body) && only_stmt(&s->u.while_.orelse)) {
        dp_stmt *ret = fold_returns(d, s, only_stmt(&s->u.while_.body), only_stmt(&s->u.while_.orelse));
        if (!ret && d->err->status != DP_OK)
            return -1;
        if (ret)
            s = ret;
    }
    while (s->kind == DP_S_RETURN && out->n) {
        dp_stmt *prev = out->v[out->n - 1];
        if (prev->kind != DP_S_IF || prev->u.while_.orelse.count || !only_stmt(&prev->u.while_.body))
            break;
        dp_stmt *ret = fold_returns(d, prev, only_stmt(&prev->u.while_.body), s);
        if (!ret && d->err->status != DP_OK)
            return -1;
        if (!ret)
            break;
        ret->src_code = prev->src_code;
        ret->src_lo = prev->src_lo;
        ret->src_hi = s->src_hi;
        s = ret;
        out->n--;
    }
    return sl_append(d, out, s);
}

static dp_stmt_list sl_list(slist *l)
{
    dp_stmt_list r = {l->v, l->n};
    return r;
}

/* Expression lists are built once with a known size. */
static int elist(dc *d, dp_expr_list *l, size_t n)
{
    l->count = n;
    l->items = n ? dp_arena_array(d->arena, n, sizeof *l->items) : NULL;
    return (n && !l->items) ? -1 : 0;
}

/* Appends to a list built one item at a time (a display of 20,000 items)
 * must not copy it each time: a block grown here has spare room, used only
 * by the list that last appended to it (a copy of the list, or one cut
 * shorter, gets a block of its own). */
static int elist_append(dc *d, dp_expr_list *l, dp_expr *e)
{
    if (!e)
        return -1;
    unsigned k, smallest = 0;
    for (k = 0; k < 8; k++) {
        if (l->items && d->grown[k].items == l->items && d->grown[k].count == l->count &&
            l->count < d->grown[k].cap) {
            l->items[l->count++] = e;
            d->grown[k].count = l->count;
            return 0;
        }
        if (d->grown[k].cap < d->grown[smallest].cap)
            smallest = k;
    }
    size_t cap = l->count < 4 ? 8 : l->count * 2;
    dp_expr **n = dp_arena_grow(d->arena, l->items, l->count * sizeof *n, cap * sizeof *n);
    if (!n)
        return -1;
    n[l->count++] = e;
    l->items = n;
    /* the small blocks give way: they are cheap to copy again */
    d->grown[smallest].items = n;
    d->grown[smallest].count = l->count;
    d->grown[smallest].cap = cap;
    return 0;
}

static dp_expr *e_name(dc *d, const char *id, dp_ctx ctx)
{
    dp_expr *e = mk_expr(d, DP_E_NAME);
    if (e) {
        e->u.name.id = id;
        e->ctx = ctx;
    }
    return e;
}

static dp_expr *e_const(dc *d, const dp_object *obj)
{
    dp_expr *e = mk_expr(d, DP_E_CONSTANT);
    if (e)
        e->u.constant.value = obj;
    return e;
}

/* Whether 3.11+'s AST optimizer turns `fmt % (items)` into an f-string:
 * every conversion in fmt %s, %r or %a with at most two-digit width and
 * precision, one per item (ast_opt.c's optimize_format).  Errs towards yes:
 * an f-string left side that blocks the rewrite compiles the same. */
static int percent_format_folds(const dp_str *fmt, size_t nitems)
{
    size_t pos = 0, len = fmt->len, used = 0;
    const char *s = fmt->data;
    for (;;) {
        while (pos < len && (s[pos] != '%' || (pos + 1 < len && s[pos + 1] == '%')))
            pos += s[pos] == '%' ? 2 : 1;
        if (pos >= len)
            return used == nitems;
        if (used++ >= nitems)
            return 0;
        pos++; /* the '%' */
        while (pos < len && strchr("-+ #0", s[pos]) && s[pos] != '\0')
            pos++;
        for (int part = 0; part < 2; part++) { /* width, then .precision */
            if (part == 1) {
                if (pos >= len || s[pos] != '.')
                    break;
                pos++;
            }
            int digits = 0;
            while (pos < len && s[pos] >= '0' && s[pos] <= '9')
                if (++digits >= 3)
                    return 0;
                else
                    pos++;
        }
        if (pos >= len || !strchr("sra", s[pos]) || s[pos] == '\0')
            return 0;
        pos++;
    }
}

/* A str constant on the left of `%` with a tuple display on the right:
 * from 3.11 the source had it written so the optimizer left it alone
 * (the bytecode still holds the `%`); an f-string without fields, which
 * compiles to the same constant, keeps it so. */
static dp_expr *unfoldable_format(dc *d, dp_expr *left, const dp_expr *right)
{
    if (d->version < 311 || left->kind != DP_E_CONSTANT || !left->u.constant.value ||
        left->u.constant.value->kind != DP_OBJ_STR || right->kind != DP_E_TUPLE)
        return left;
    const dp_expr_list *elts = &right->u.set.elts;
    for (size_t k = 0; k < elts->count; k++)
        if (elts->items[k] && elts->items[k]->kind == DP_E_STARRED)
            return left;
    if (!percent_format_folds(&left->u.constant.value->u.str, elts->count))
        return left;
    dp_expr *j = mk_expr(d, DP_E_JOINEDSTR);
    if (!j || elist_append(d, &j->u.joinedstr.values, left) < 0)
        return NULL;
    return j;
}

static const dp_object *obj_none(dc *d)
{
    dp_object *o = alloc(d, sizeof *o);
    if (o)
        o->kind = DP_OBJ_NONE;
    return o;
}

static dp_expr *e_none(dc *d)
{
    const dp_object *o = obj_none(d);
    return o ? e_const(d, o) : NULL;
}

static int is_none(const dp_expr *e)
{
    return e && e->kind == DP_E_CONSTANT && e->u.constant.value->kind == DP_OBJ_NONE;
}

static int is_const_str(const dp_expr *e)
{
    return e && e->kind == DP_E_CONSTANT && e->u.constant.value->kind == DP_OBJ_STR;
}

static dp_expr *e_unary(dc *d, dp_unaryop op, dp_expr *x)
{
    dp_expr *e = mk_expr(d, DP_E_UNARYOP);
    if (e && x) {
        e->u.unaryop.op = op;
        e->u.unaryop.operand = x;
        return e;
    }
    return NULL;
}

static dp_expr *e_boolop(dc *d, dp_boolop op, dp_expr *a, dp_expr *b)
{
    dp_expr *e = mk_expr(d, DP_E_BOOLOP);
    if (!e || !a || !b)
        return NULL;
    e->u.boolop.op = op;
    /* a and (b and c) is the same code as a and b and c: keep it flat. */
    size_t na = (a->kind == DP_E_BOOLOP && a->u.boolop.op == op) ? a->u.boolop.values.count : 1;
    size_t nb = (b->kind == DP_E_BOOLOP && b->u.boolop.op == op) ? b->u.boolop.values.count : 1;
    if (elist(d, &e->u.boolop.values, na + nb) < 0)
        return NULL;
    if (na > 1)
        memcpy(e->u.boolop.values.items, a->u.boolop.values.items, na * sizeof(dp_expr *));
    else
        e->u.boolop.values.items[0] = a;
    if (nb > 1)
        memcpy(e->u.boolop.values.items + na, b->u.boolop.values.items, nb * sizeof(dp_expr *));
    else
        e->u.boolop.values.items[na] = b;
    return e;
}

static dp_expr *e_compare1(dc *d, dp_expr *l, dp_cmpop op, dp_expr *r)
{
    dp_expr *e = mk_expr(d, DP_E_COMPARE);
    if (!e || !l || !r)
        return NULL;
    e->u.compare.left = l;
    e->u.compare.ops = alloc(d, sizeof(dp_cmpop));
    if (!e->u.compare.ops || elist(d, &e->u.compare.comparators, 1) < 0)
        return NULL;
    e->u.compare.ops[0] = op;
    e->u.compare.comparators.items[0] = r;
    return e;
}

/* ---- the stack --------------------------------------------------------- */

/* A new entry on top of the stack, zero-filled but for its kind (NULL if
 * the arena fails). */
static sv *push_slot(dc *d, stk *st, vkind kind)
{
    if (st->n == st->cap) {
        int ncap = st->cap ? st->cap * 2 : 16;
        sv *n = dp_arena_grow(d->arena, st->v, (size_t)st->n * sizeof *n, (size_t)ncap * sizeof *n);
        if (!n)
            return NULL;
        st->v = n;
        st->cap = ncap;
    }
    sv *slot = &st->v[st->n++];
    memset(slot, 0, sizeof *slot);
    slot->kind = (uint8_t)kind;
    slot->born = ++d->pushes;
    return slot;
}

static int push(dc *d, stk *st, sv v)
{
    sv *slot = push_slot(d, st, v.kind);
    if (!slot)
        return -1;
    uint32_t born = slot->born;
    *slot = v;
    if (!v.born)   /* (a new value; one popped and pushed back keeps its age) */
        slot->born = born;
    return 0;
}

static int push_e(dc *d, stk *st, dp_expr *e)
{
    sv *slot = e ? push_slot(d, st, V_EXPR) : NULL;
    if (!slot)
        return -1;
    slot->e = e;
    return 0;
}

static int push_kind(dc *d, stk *st, vkind kind)
{
    return push_slot(d, st, kind) ? 0 : -1;
}

static int stk_copy(dc *d, const stk *from, stk *to)
{
    to->n = 0;
    to->cap = from->n + 8;
    to->v = dp_arena_array(d->arena, (size_t)to->cap, sizeof *to->v);
    if (!to->v)
        return -1;
    if (from->n)
        memcpy(to->v, from->v, (size_t)from->n * sizeof *to->v);
    to->n = from->n;
    /* (a display still being built is now on two stacks: each adds its
     * elements to a copy of its own, see display_to_extend) */
    for (int k = 0; k < from->n; k++)
        if (from->v[k].kind == V_EXPR && from->v[k].e &&
            (from->v[k].e->kind == DP_E_LIST || from->v[k].e->kind == DP_E_SET || from->v[k].e->kind == DP_E_DICT))
            from->v[k].e->shared = 1;
    return 0;
}

static int pop_raw(dc *d, stk *st, int at, sv *out)
{
    if (st->n <= 0) {
        memset(out, 0, sizeof *out);
        return fail(d, at, "stack underflow");
    }
    *out = st->v[--st->n];
    return 0;
}

static const char *kind_name(int kind)
{
    static const char *const names[] = {"an expression", "a NULL", "an iterator", "an assignment target",
                                        "a function", "a __build_class__", "a module", "an imported name",
                                        "an in-place result", "keyword names", "an AssertionError",
                                        "a saved variable", "an exception", "an __exit__",
                                        "a class namespace", "type parameters", "a generic base"};
    return kind >= 0 && kind < (int)(sizeof names / sizeof *names) ? names[kind] : "a value";
}

int dp_lambda_body(dp_arena *arena, dp_stmt *const *stmts, size_t n, int falls_to_none, dp_expr **out)
{
    static const dp_object none_obj = {DP_OBJ_NONE, {{0}}};
    const dp_stmt *s = n ? stmts[0] : NULL;
    *out = NULL;
    if (s && s->kind == DP_S_RETURN && s->u.ret.value) {
        *out = s->u.ret.value;
        return n == 1;
    }
    if (n == 0 || (n == 1 && (s->kind == DP_S_PASS || s->kind == DP_S_RETURN))) {
        /* None: a bare `return`, or the end of the statements where that
         * returns */
        if (!falls_to_none && !(s && s->kind == DP_S_RETURN))
            return 0;
        dp_expr *e = dp_arena_alloc(arena, sizeof *e);
        if (!e)
            return -1;
        e->kind = DP_E_CONSTANT;
        e->u.constant.value = &none_obj;
        *out = e;
        return 1;
    }
    if (s->kind != DP_S_IF)
        return 0;
    /* `if c: T else: E` alone, or `if c: T` followed by the rest: T's end,
     * when it has no return, goes on to the rest, which is no expression */
    const dp_stmt_list *then = &s->u.while_.body, *orelse = &s->u.while_.orelse;
    dp_expr *body, *other;
    int r;
    if (orelse->count && n != 1)
        return 0;
    r = dp_lambda_body(arena, then->items, then->count, falls_to_none && n == 1, &body);
    if (r <= 0)
        return r;
    if (orelse->count)
        r = dp_lambda_body(arena, orelse->items, orelse->count, falls_to_none, &other);
    else
        r = dp_lambda_body(arena, stmts + 1, n - 1, falls_to_none, &other);
    if (r <= 0)
        return r;
    return (*out = new_ifexp(arena, s->u.while_.test, body, other)) ? 1 : -1;
}

static dp_expr *func_as_expr(dc *d, int at, funcv *fn);
static int is_temp_name(const dp_expr *e);

/* Pop a value used as an operand.  A copy whose twin was just stored into a
 * name is a walrus: `(x := v)`; the Assign the twin made is taken back. */
static int pop_expr(dc *d, stk *st, slist *out, int at, dp_expr **e)
{
    sv v;
    TRY(pop_raw(d, st, at, &v));
    if (v.kind == V_FUNC) {
        *e = func_as_expr(d, at, v.fn);
        return *e ? 0 : null_result(d);
    }
    if (v.kind == V_ASSERT) {
        *e = e_name(d, "AssertionError", DP_LOAD);
        return *e ? 0 : -1;
    }
    if (v.kind != V_EXPR)
        return fail(d, at, "%s used as a value", kind_name(v.kind));
    /* A block (a branch of an if, a loop's body) that takes a value
     * computed before it into an expression of its own is part of that
     * expression: read as statements, it would evaluate that value after
     * its own test.  (A spilled temporary holds the value already.) */
    if (v.born < d->block_born && !is_temp_name(v.e))
        return fail(d, at, "a block takes a value computed before it");
    /* A value copied on the stack (COPY, DUP_TOP) and used twice would be
     * evaluated twice in the source: only names and constants may. */
    if (v.used_copy && !v.twin_assign && v.e->kind != DP_E_NAME && v.e->kind != DP_E_CONSTANT)
        return fail(d, at, "a computed value used twice");
    /* (only a copied value has twins: the scan stays off the common path,
     * where it made a display of n items cost n*n) */
    for (int k = 0; v.copied && k < st->n; k++)
        if (st->v[k].kind == V_EXPR && st->v[k].e == v.e)
            st->v[k].used_copy = 1;
    if (v.twin_assign) {
        dp_stmt *a = v.twin_assign;
        if (a->u.assign.targets.count == 1 && a->u.assign.targets.items[0]->kind == DP_E_NAME &&
            v.twin_store && (!out || out->n == 0 || out->v[out->n - 1] != a) &&
            !local_rebound(d, v.twin_store, at, d->ins[v.twin_store - 1].name)) {
            /* used after other statements (Dynamo keeps a value stored in a
             * temporary on the stack too): the local still holds it.  But the
             * Assign stays a statement: values computed before it and still
             * waiting would come after it (the second reading spills them). */
            if (v.twin_waiting)
                return fail(d, at, "a stored value used after values computed before it");
            *e = e_name(d, d->ins[v.twin_store - 1].name, DP_LOAD);
            return *e ? 0 : -1;
        }
        if (!out || out->n == 0 || out->v[out->n - 1] != a || a->u.assign.targets.count != 1 ||
            a->u.assign.targets.items[0]->kind != DP_E_NAME)
            return fail(d, at, "a stored value used again");
        out->n--;
        dp_expr *w = mk_expr(d, DP_E_NAMEDEXPR);
        if (!w)
            return -1;
        w->u.namedexpr.target = a->u.assign.targets.items[0];
        w->u.namedexpr.value = v.e;
        *e = w;
        return 0;
    }
    *e = v.e;
    return 0;
}

/* Whether the fast local `name` may be bound or deleted again by code in
 * [lo, hi) (a local cannot be changed from outside the frame). */
static int local_rebound(const dc *d, int lo, int hi, const char *name)
{
    for (int k = lo; k < hi && k < d->count; k++) {
        uint16_t op = d->ins[k].op;
        if ((op == DP_OP_STORE_FAST || op == DP_OP_DELETE_FAST || op == DP_OP_LOAD_FAST_AND_CLEAR) &&
            d->ins[k].name == name)
            return 1;
    }
    return 0;
}

/* The object and key of a store or delete target: an augmented assignment
 * (DUP_TOP / COPY before the load) uses them a second time legitimately,
 * since the printed `x.a += 1` evaluates them once. */
static int pop_owner(dc *d, stk *st, slist *out, int at, dp_expr **e)
{
    if (st->n && st->v[st->n - 1].kind == V_EXPR)
        st->v[st->n - 1].used_copy = 0;
    return pop_expr(d, st, out, at, e);
}

/* Pop n operands, first pushed first. */
static int pop_n(dc *d, stk *st, slist *out, int at, size_t n, dp_expr_list *l)
{
    TRY(elist(d, l, n));
    for (size_t k = n; k-- > 0;)
        TRY(pop_expr(d, st, out, at, &l->items[k]));
    return 0;
}

static dp_expr *e_seq(dc *d, dp_expr_kind kind, dp_expr_list elts, dp_ctx ctx)
{
    dp_expr *e = mk_expr(d, kind);
    if (e) {
        e->u.set.elts = elts;
        e->ctx = ctx;
    }
    return e;
}

/* A constant tuple as a Tuple of constants (for star-args and list displays). */
static dp_expr *tuple_of_const(dc *d, const dp_object *t, dp_expr_kind kind)
{
    dp_expr_list l;
    if (elist(d, &l, t->u.seq.count) < 0)
        return NULL;
    for (size_t k = 0; k < t->u.seq.count; k++)
        if (!(l.items[k] = e_const(d, t->u.seq.items[k])))
            return NULL;
    return e_seq(d, kind, l, DP_LOAD);
}

/* ---- assignment targets ------------------------------------------------ */

static group *new_group(dc *d, int kind, int n)
{
    group *g = alloc(d, sizeof *g);
    if (!g)
        return NULL;
    g->kind = kind;
    g->n = n;
    g->star = -1;
    g->targets = n ? dp_arena_array(d->arena, (size_t)n, sizeof *g->targets) : NULL;
    if (n && !g->targets)
        return NULL;
    return g;
}

/* Push a group's slots so that the first target is stored first. */
static int push_slots(dc *d, stk *st, group *g)
{
    for (int k = g->n; k-- > 0;) {
        sv v;
        memset(&v, 0, sizeof v);
        v.kind = V_SLOT;
        v.grp = g;
        v.idx = k;
        TRY(push(d, st, v));
    }
    return 0;
}

static dp_expr *group_target(dc *d, group *g)
{
    if (g->n == 1 && g->star < 0 && g->kind != G_NESTED && g->kind != G_ASSIGN)
        return g->targets[0];
    dp_expr_list l;
    if (elist(d, &l, (size_t)g->n) < 0)
        return NULL;
    for (int k = 0; k < g->n; k++) {
        dp_expr *t = g->targets[k];
        if (k == g->star) {
            dp_expr *s = mk_expr(d, DP_E_STARRED);
            if (!s)
                return NULL;
            s->u.starred.value = t;
            s->ctx = DP_STORE;
            t = s;
        }
        l.items[k] = t;
    }
    return e_seq(d, DP_E_TUPLE, l, DP_STORE);
}

static int fill_slot(dc *d, group *g, int idx, dp_expr *target, int at)
{
    if (!target)
        return -1;
    if (g->targets[idx])
        return fail(d, at, "an assignment target stored twice");
    g->targets[idx] = target;
    if (++g->filled < g->n)
        return 0;
    dp_expr *t = group_target(d, g);
    if (!t)
        return -1;
    switch (g->kind) {
    case G_NESTED:
        return fill_slot(d, g->parent, g->parent_index, t, at);
    case G_FOR:
        g->stmt->u.for_.target = t;
        return 0;
    case G_COMP:
        g->stmt->u.for_.target = t;
        return 0;
    case G_WITH:
        g->stmt->u.with.items.items[g->stmt->u.with.items.count - 1]->optional_vars = t;
        return 0;
    default: /* G_ASSIGN */
        return elist_append(d, &g->stmt->u.assign.targets, t);
    }
}

static dp_stmt *new_assign(dc *d, dp_expr *value)
{
    dp_stmt *s = mk_stmt(d, DP_S_ASSIGN);
    if (s)
        s->u.assign.value = value;
    return s;
}

static int store_sv(dc *d, stk *st, slist *out, int at, sv *v, dp_expr *target);

/* A statement is about to be emitted while values computed before it still
 * wait on the stack (code no source compiles to: Dynamo's, or stack tricks
 * we do not recognize).  Printing the statement first would evaluate them
 * after it.  Each waiting value (above the nearest construct marker) is
 * assigned, bottom first, to a fresh temporary that takes its place, so
 * the order of evaluation is kept.  Constants need no temporary. */
static int spill_values(dc *d, stk *st, slist *out, int at);

/* One of spill_pending's temporaries: assigned once, never rebound. */
static int is_temp_name(const dp_expr *e)
{
    return e->kind == DP_E_NAME && strncmp(e->u.name.id, "__depyf_t", 9) == 0;
}

/* How many of the top n values are computed: their evaluation may have
 * effects, so their order matters (a constant's or a temporary's does not). */
static int computed_values(const stk *st, int n)
{
    int count = 0;
    for (int k = st->n - n; k < st->n; k++)
        if (st->v[k].kind == V_EXPR && st->v[k].e->kind != DP_E_CONSTANT && !is_temp_name(st->v[k].e))
            count++;
    return count;
}

/* The bottom of the values that wait on the stack above the nearest
 * construct marker (spill_values' window).  With cross_null, NULLs below
 * callables wait in place among them (the second reading). */
static int waiting_from(const stk *st, int cross_null)
{
    int lo = st->n;
    while (lo > 0 && ((st->v[lo - 1].kind == V_EXPR && !st->v[lo - 1].twin_assign) ||
                      (st->v[lo - 1].kind == V_NULL && cross_null)))
        lo--;
    return lo;
}

/* How many computed values the second reading would assign to temporaries. */
static int waiting_computed(const stk *st)
{
    return computed_values(st, st->n - waiting_from(st, 1));
}

static int spill_pending(dc *d, stk *st, slist *out, int at)
{
    /* (the temporaries' names come from no instruction of their own) */
    uint32_t saved_off1 = d->cur_off1;
    int32_t saved_line = d->cur_line;
    d->cur_off1 = 0;
    d->cur_line = 0;
    int r = spill_values(d, st, out, at);
    d->cur_off1 = saved_off1;
    d->cur_line = saved_line;
    return r;
}

static int spill_values(dc *d, stk *st, slist *out, int at)
{
    /* (the NULL below a callable waits in place; the callable is spilled) */
    int lo = waiting_from(st, d->copy_spill);
    for (int k = lo; k < st->n; k++) {
        sv *v = &st->v[k];
        if (v->kind != V_EXPR || v->e->kind == DP_E_CONSTANT || is_temp_name(v->e))
            continue;
        /* a copy of it was already used in an expression: a temporary now
         * would evaluate it twice */
        if (v->used_copy && v->e->kind != DP_E_NAME)
            return fail(d, at, "a computed value used twice");
        char name[32];
        snprintf(name, sizeof name, "__depyf_t%d", d->n_temps++);
        const char *id = dp_arena_strndup(d->arena, name, strlen(name));
        dp_stmt *s = new_assign(d, v->e);
        if (!id || !s || elist_append(d, &s->u.assign.targets, e_name(d, id, DP_STORE)) < 0)
            return -1;
        TRY(sl_push(d, out, s));
        dp_expr *use = e_name(d, id, DP_LOAD);
        if (!use)
            return -1;
        /* copies of the same value (COPY/DUP_TOP) read the temporary too */
        const dp_expr *old = v->e;
        for (int q = k; q < st->n; q++)
            if (st->v[q].kind == V_EXPR && st->v[q].e == old)
                st->v[q].e = use;
    }
    (void)at;
    return 0;
}

static int store(dc *d, stk *st, slist *out, int at, dp_expr *target)
{
    sv v;
    if (!target)
        return -1;
    TRY(pop_raw(d, st, at, &v));
    return store_sv(d, st, out, at, &v, target);
}

/* ---- functions, classes, imports --------------------------------------- */

static int recover_body(dc *parent, const dp_code *code, int kind, slist *out);
static int is_none_return_at(const dc *d, int k);
static int breaks_from_exit_copies(dc *d, dp_stmt **v, size_t n, int exit, int late_only, int *made, int depth);
static int is_return_none(const dp_stmt *s);
/* BODY_GENERIC: 3.12+, the <generic parameters of X> function of a PEP 695
 * def, class or type alias (see recover_generic). */
enum { BODY_MODULE, BODY_FUNCTION, BODY_CLASS, BODY_LAMBDA, BODY_COMPREHENSION, BODY_GENERIC };

static int code_is(const dp_code *c, const char *name)
{
    return strcmp(c->name.data, name) == 0;
}

static int is_comprehension_code(const dp_code *c)
{
    return code_is(c, "<listcomp>") || code_is(c, "<setcomp>") || code_is(c, "<dictcomp>") ||
           code_is(c, "<genexpr>");
}

/* The arguments of a def or lambda, from its code object and the values
 * MAKE_FUNCTION took. */
static dp_arguments *make_arguments(dc *d, int at, const dp_code *c, funcv *fn)
{
    dp_arguments *a = alloc(d, sizeof *a);
    const dp_strs *names = c->version >= 311 ? &c->localsplus_names : &c->varnames;
    int npos = c->argcount, nkw = c->kwonlyargcount, k = 0;
    int total = npos + nkw + !!(c->flags & DP_CO_VARARGS) + !!(c->flags & DP_CO_VARKEYWORDS);
    if (!a)
        return NULL;
    if (total > (int)names->count || c->posonlyargcount > npos) {
        fail(d, at, "argument counts do not match the local names");
        return NULL;
    }
    dp_arg **all = dp_arena_array(d->arena, (size_t)total + 1, sizeof *all);
    if (!all)
        return NULL;
    for (int i = 0; i < total; i++) {
        all[i] = alloc(d, sizeof **all);
        if (!all[i])
            return NULL;
        all[i]->arg = names->items[i].data;
    }
    a->posonlyargs.items = all;
    a->posonlyargs.count = (size_t)c->posonlyargcount;
    a->args.items = all + c->posonlyargcount;
    a->args.count = (size_t)(npos - c->posonlyargcount);
    k = npos;
    a->kwonlyargs.items = all + k;
    a->kwonlyargs.count = (size_t)nkw;
    k += nkw;
    if (c->flags & DP_CO_VARARGS) {
        a->vararg = all[npos + nkw];
        /* the *args name comes after the keyword-only names in co_varnames */
        k++;
    }
    if (c->flags & DP_CO_VARKEYWORDS)
        a->kwarg = all[k];
    if (elist(d, &a->kw_defaults, (size_t)nkw) < 0)
        return NULL;

    if (fn && fn->defaults) {
        dp_expr *t = fn->defaults;
        if (t->kind == DP_E_CONSTANT && t->u.constant.value->kind == DP_OBJ_TUPLE)
            t = tuple_of_const(d, t->u.constant.value, DP_E_TUPLE);
        if (!t)
            return NULL;
        if (t->kind != DP_E_TUPLE || t->u.set.elts.count > (size_t)npos) {
            fail(d, at, "function defaults are not a tuple");
            return NULL;
        }
        a->defaults = t->u.set.elts;
    }
    if (fn && fn->kwdefaults) {
        dp_expr *m = fn->kwdefaults;
        if (m->kind != DP_E_DICT) {
            fail(d, at, "keyword defaults are not a dict");
            return NULL;
        }
        for (size_t i = 0; i < m->u.dict.keys.count; i++) {
            dp_expr *key = m->u.dict.keys.items[i];
            int found = 0;
            for (int j = 0; key && is_const_str(key) && j < nkw; j++)
                if (strcmp(a->kwonlyargs.items[j]->arg, key->u.constant.value->u.str.data) == 0) {
                    a->kw_defaults.items[j] = m->u.dict.values.items[i];
                    found = 1;
                }
            if (!found) {
                fail(d, at, "a keyword default for no keyword-only argument");
                return NULL;
            }
        }
    }
    if (fn && fn->annotations) {
        dp_expr *m = fn->annotations;
        dp_expr_list keys, values;
        if (m->kind == DP_E_DICT) {
            keys = m->u.dict.keys;
            values = m->u.dict.values;
        } else if (m->kind == DP_E_TUPLE && m->u.set.elts.count % 2 == 0) {
            size_t n = m->u.set.elts.count / 2;
            if (elist(d, &keys, n) < 0 || elist(d, &values, n) < 0)
                return NULL;
            for (size_t i = 0; i < n; i++) {
                keys.items[i] = m->u.set.elts.items[2 * i];
                values.items[i] = m->u.set.elts.items[2 * i + 1];
            }
        } else if (m->kind == DP_E_CONSTANT && m->u.constant.value->kind == DP_OBJ_TUPLE &&
                   m->u.constant.value->u.seq.count % 2 == 0) {
            dp_expr *t = tuple_of_const(d, m->u.constant.value, DP_E_TUPLE);
            size_t n = m->u.constant.value->u.seq.count / 2;
            if (!t || elist(d, &keys, n) < 0 || elist(d, &values, n) < 0)
                return NULL;
            for (size_t i = 0; i < n; i++) {
                keys.items[i] = t->u.set.elts.items[2 * i];
                values.items[i] = t->u.set.elts.items[2 * i + 1];
            }
        } else {
            fail(d, at, "annotations are neither a dict nor a tuple");
            return NULL;
        }
        for (size_t i = 0; i < keys.count; i++) {
            dp_expr *key = keys.items[i], *val = values.items[i];
            int found = 0;
            if (!key || !is_const_str(key)) {
                fail(d, at, "an annotation key is not a name");
                return NULL;
            }
            const char *kname = key->u.constant.value->u.str.data;
            if (d->rc->future_annotations && is_const_str(val)) {
                /* the compiler stored the annotation's source text */
                val = e_name(d, val->u.constant.value->u.str.data, DP_LOAD);
                if (!val)
                    return NULL;
            }
            if (strcmp(kname, "return") == 0) {
                fn->annotations = NULL; /* handled by the caller through returns */
                a->kw_defaults.count = a->kw_defaults.count; /* keep */
            }
            for (int j = 0; j < total; j++)
                if (strcmp(all[j]->arg, kname) == 0) {
                    all[j]->annotation = val;
                    found = 1;
                }
            if (!found && strcmp(kname, "return") != 0) {
                fail(d, at, "an annotation for no argument");
                return NULL;
            }
        }
    }
    return a;
}

/* The `-> x` annotation, if any. */
static dp_expr *return_annotation(dc *d, dp_expr *m)
{
    if (!m)
        return NULL;
    if (m->kind == DP_E_DICT) {
        for (size_t i = 0; i < m->u.dict.keys.count; i++)
            if (is_const_str(m->u.dict.keys.items[i]) &&
                strcmp(m->u.dict.keys.items[i]->u.constant.value->u.str.data, "return") == 0)
                return m->u.dict.values.items[i];
        return NULL;
    }
    dp_expr *t = m;
    if (m->kind == DP_E_CONSTANT && m->u.constant.value->kind == DP_OBJ_TUPLE)
        t = tuple_of_const(d, m->u.constant.value, DP_E_TUPLE);
    if (!t || t->kind != DP_E_TUPLE)
        return NULL;
    for (size_t i = 0; i + 1 < t->u.set.elts.count; i += 2)
        if (is_const_str(t->u.set.elts.items[i]) &&
            strcmp(t->u.set.elts.items[i]->u.constant.value->u.str.data, "return") == 0)
            return t->u.set.elts.items[i + 1];
    return NULL;
}

static dp_expr *func_as_expr(dc *d, int at, funcv *fn)
{
    const dp_code *c = fn->code;
    if (!code_is(c, "<lambda>")) {
        fail(d, at, "function %s used as a value", c->name.data);
        return NULL;
    }
    slist body = {0};
    int r = recover_body(d, c, BODY_LAMBDA, &body);
    if (r < 0)
        return NULL;
    dp_expr *e = mk_expr(d, DP_E_LAMBDA);
    if (!e)
        return NULL;
    e->u.lambda.args = make_arguments(d, at, c, fn);
    if (!e->u.lambda.args)
        return NULL;
    /* A lambda body is `return expr` (an if of returns when the compiler
     * copied the return into a conditional expression's branches); a
     * generator lambda is `yield ...`. */
    int r2 = dp_lambda_body(d->arena, body.v, body.n, 0, &e->u.lambda.body);
    if (r2 < 0)
        return NULL;
    if (r2 > 0)
        return e;
    if (body.n == 1 && body.v[0]->kind == DP_S_EXPR &&
        body.v[0]->u.ret.value->kind == DP_E_YIELD) {
        e->u.lambda.body = body.v[0]->u.ret.value;
        return e;
    }
    fail(d, at, "lambda body is not one expression");
    return NULL;
}

static dp_stmt *make_funcdef(dc *d, int at, funcv *fn)
{
    const dp_code *c = fn->code;
    dp_stmt *s = mk_stmt(d, DP_S_FUNCTIONDEF);
    slist body = {0};
    if (!s)
        return NULL;
    dp_expr *returns = return_annotation(d, fn->annotations);
    if (returns && d->rc->future_annotations && is_const_str(returns))
        returns = e_name(d, returns->u.constant.value->u.str.data, DP_LOAD);
    s->u.funcdef.name = c->name.data;
    s->u.funcdef.args = make_arguments(d, at, c, fn);
    if (!s->u.funcdef.args)
        return NULL;
    s->u.funcdef.returns = returns;
    s->u.funcdef.is_async = (c->flags & (DP_CO_COROUTINE | DP_CO_ASYNC_GENERATOR)) != 0;
    s->u.funcdef.decorator_list = fn->decorators;
    s->u.funcdef.type_params = fn->type_params;
    if (recover_body(d, c, BODY_FUNCTION, &body) < 0)
        return NULL;
    s->u.funcdef.body = sl_list(&body);
    return s;
}

static dp_alias *mk_alias(dc *d, const char *name, const char *asname)
{
    dp_alias *a = alloc(d, sizeof *a);
    if (a) {
        a->name = name;
        a->asname = asname;
    }
    return a;
}

static int alias_append(dc *d, dp_alias_list *l, dp_alias *a)
{
    dp_alias **n = dp_arena_grow(d->arena, l->items, l->count * sizeof *n, (l->count + 1) * sizeof *n);
    if (!n || !a)
        return -1;
    n[l->count++] = a;
    l->items = n;
    return 0;
}

static const char *target_name(const dp_expr *t)
{
    return t->kind == DP_E_NAME ? t->u.name.id : NULL;
}

/* The name a def or class statement stores: its own, or inside a class
 * its private name mangled (__f -> _C__f). */
static int same_def_name(const char *stored, const char *name)
{
    if (strcmp(stored, name) == 0)
        return 1;
    size_t ls = strlen(stored), ln = strlen(name);
    return ln > 2 && name[0] == '_' && name[1] == '_' && !(name[ln - 1] == '_' && name[ln - 2] == '_') &&
           ls > ln + 1 && stored[0] == '_' && stored[1] != '_' && strcmp(stored + ls - ln, name) == 0;
}

static int store_sv(dc *d, stk *st, slist *out, int at, sv *v, dp_expr *target)
{
    const char *tname = target_name(target);
    dp_stmt *s;
    switch (v->kind) {
    case V_SLOT:
        return fill_slot(d, v->grp, v->idx, target, at);
    case V_EXPR:
        if (v->twin_assign)
            return elist_append(d, &v->twin_assign->u.assign.targets, target);
        /* `a = b = c = v`: a copy of a value already stored by the Assign
         * just made is one more of its targets (never a second evaluation) */
        if (st->n && st->v[st->n - 1].kind == V_EXPR && st->v[st->n - 1].e == v->e &&
            st->v[st->n - 1].twin_assign && out->n && out->v[out->n - 1] == st->v[st->n - 1].twin_assign)
            return elist_append(d, &st->v[st->n - 1].twin_assign->u.assign.targets, target);
        /* A statement-level store (its value has no copy left for a walrus
         * or a chained assignment) with another value still waiting on the
         * stack would evaluate out of order as separate statements. */
        if (st->n && st->v[st->n - 1].kind == V_EXPR && st->v[st->n - 1].e != v->e &&
            !st->v[st->n - 1].twin_assign)
            TRY(spill_pending(d, st, out, at));
        /* The second reading: the store of a copied value (`COPY 1;
         * STORE_FAST`, Dynamo's `tmp = f` whose copy is called later) with
         * computed values waiting below the copy: they were evaluated
         * first, so they go to temporaries before the statement. */
        else if (d->copy_spill && st->n && st->v[st->n - 1].kind == V_EXPR && st->v[st->n - 1].e == v->e) {
            int copies = 0;
            while (copies < st->n && st->v[st->n - 1 - copies].kind == V_EXPR &&
                   st->v[st->n - 1 - copies].e == v->e)
                copies++;
            st->n -= copies;
            int waiting = waiting_computed(st);
            int r = waiting ? spill_pending(d, st, out, at) : 0;
            st->n += copies;
            TRY(r);
        }
        s = new_assign(d, v->e);
        if (!s || elist_append(d, &s->u.assign.targets, target) < 0)
            return -1;
        TRY(sl_push(d, out, s));
        if (st->n && st->v[st->n - 1].kind == V_EXPR && st->v[st->n - 1].e == v->e &&
            !st->v[st->n - 1].twin_assign) {
            st->n--;
            uint8_t waiting = waiting_computed(st) > 0;
            st->n++;
            st->v[st->n - 1].twin_waiting = waiting;
            st->v[st->n - 1].twin_assign = s;
            st->v[st->n - 1].twin_store = d->ins[at].op == DP_OP_STORE_FAST ? at + 1 : 0;
        }
        return 0;
    case V_INPLACE:
        s = mk_stmt(d, DP_S_AUGASSIGN);
        if (!s)
            return -1;
        s->u.augassign.target = target;
        s->u.augassign.op = (dp_binop)v->op;
        s->u.augassign.value = v->e;
        return sl_push(d, out, s);
    case V_FUNC:
        if (v->fn->typealias) {
            const dp_expr *alias = v->fn->typealias->u.typealias.name;
            if (!tname || strcmp(tname, alias->u.name.id) != 0)
                return fail(d, at, "type alias %s stored under another name", alias->u.name.id);
            return sl_push(d, out, v->fn->typealias);
        }
        if (v->fn->classdef) {
            if (!tname || !same_def_name(tname, v->fn->classdef->u.classdef.name))
                return fail(d, at, "class %s stored under another name", v->fn->classdef->u.classdef.name);
            v->fn->classdef->u.classdef.decorator_list = v->fn->decorators;
            return sl_push(d, out, v->fn->classdef);
        }
        if (tname && !code_is(v->fn->code, "<lambda>") && same_def_name(tname, v->fn->code->name.data))
            return sl_push(d, out, make_funcdef(d, at, v->fn));
        {
            sv e;
            memset(&e, 0, sizeof e);
            e.kind = V_EXPR;
            e.e = func_as_expr(d, at, v->fn);
            if (!e.e)
                return null_result(d);
            return store_sv(d, st, out, at, &e, target);
        }
    case V_TPARAMS:
        /* PEP 695: each type parameter is stored to its name, then the
         * class's together to .type_params */
        if (tname && v->tparams->count == 1 && strcmp(tname, v->tparams->items[0]->name) == 0)
            return 0;
        if (tname && d->body_kind == BODY_GENERIC && strcmp(tname, ".type_params") == 0) {
            d->generic_params = v->tparams;
            return 0;
        }
        return fail(d, at, "type parameters stored unusually");
    case V_GENERIC:
        if (tname && strcmp(tname, ".generic_base") == 0)
            return 0;
        return fail(d, at, "a generic base stored unusually");
    case V_LOCALS:
        /* 3.12+: a class with annotation scopes keeps its namespace in a
         * cell for them, which the compiler makes again */
        if (tname && d->body_kind == BODY_CLASS && strcmp(tname, "__classdict__") == 0)
            return 0;
        return fail(d, at, "a class namespace stored unusually");
    case V_IMPORT: {
        const char *dot = strchr(v->module, '.');
        size_t first = dot ? (size_t)(dot - v->module) : strlen(v->module);
        if (!tname || v->fromlist->kind != DP_OBJ_NONE || v->level != 0)
            return fail(d, at, "an import stored unusually");
        s = mk_stmt(d, DP_S_IMPORT);
        if (!s)
            return -1;
        if (v->aschain || !dot) {
            const char *as = (!dot && strcmp(tname, v->module) == 0) ? NULL : tname;
            TRY(alias_append(d, &s->u.import.names, mk_alias(d, v->module, as)));
        } else if (strlen(tname) == first && strncmp(tname, v->module, first) == 0) {
            TRY(alias_append(d, &s->u.import.names, mk_alias(d, v->module, NULL)));
        } else {
            return fail(d, at, "a dotted import stored under another name");
        }
        return sl_push(d, out, s);
    }
    case V_SAVED:  /* a variable gets its value from before the comprehension back */
        for (int q = 0; tname && q < v->level; q++)
            if (strcmp(tname, d->ins[v->idx + q].name) == 0)
                return 0;
        return fail(d, at, "a saved variable restored into another");
    case V_IMPORT_ATTR:
        if (!tname)
            return fail(d, at, "an imported name stored into an expression");
        return alias_append(d, &v->import_from->u.importfrom.names,
                            mk_alias(d, v->attr, strcmp(v->attr, tname) == 0 ? NULL : tname));
    default:
        return fail(d, at, "%s stored into a variable", kind_name(v->kind));
    }
}

/* ---- calls ------------------------------------------------------------- */

/* Positional arguments from a star-args value: a tuple display, a list
 * built by LIST_EXTEND (3.9+), a 3.8 BUILD_TUPLE_UNPACK_WITH_CALL, or any
 * other value as *value. */
static int star_args(dc *d, dp_expr *e, dp_expr_list *out)
{
    /* (a list is always the source's own `*[...]`: 3.9+ make the
     * arguments a tuple, 3.8 builds a tuple of each run of them) */
    if (e->kind == DP_E_TUPLE && !e->own_display) {
        *out = e->u.set.elts;
        return 0;
    }
    if (e->kind == DP_E_CONSTANT && e->u.constant.value->kind == DP_OBJ_TUPLE) {
        dp_expr *t = tuple_of_const(d, e->u.constant.value, DP_E_TUPLE);
        if (!t)
            return -1;
        *out = t->u.set.elts;
        return 0;
    }
    dp_expr *s = mk_expr(d, DP_E_STARRED);
    if (!s || elist(d, out, 1) < 0)
        return -1;
    s->u.starred.value = e;
    out->items[0] = s;
    return 0;
}

static int kw_append(dc *d, dp_keyword_list *l, const char *name, dp_expr *value)
{
    dp_keyword *k = alloc(d, sizeof *k);
    dp_keyword **n = dp_arena_grow(d->arena, l->items, l->count * sizeof *n, (l->count + 1) * sizeof *n);
    if (!k || !n)
        return -1;
    k->arg = name;
    k->value = value;
    n[l->count++] = k;
    l->items = n;
    return 0;
}

/* A run of keys the compiler (3.10+) may have split into merged displays:
 * a long display goes 17 keys at a time, a long keyword list 16 (15, to
 * take both with room). */
enum { LONG_KEY_RUN = 15 };

/* How many keyed entries end the dict display e (since its last `**`). */
static size_t keyed_run(const dp_expr *e)
{
    size_t n = 0;
    while (n < e->u.dict.keys.count && e->u.dict.keys.items[e->u.dict.keys.count - 1 - n])
        n++;
    return n;
}

/* Keywords from a **kwargs value: a dict display whose string keys are
 * keywords and whose ** entries are **value, or any other value. */
static int star_kwargs(dc *d, dp_expr *e, dp_keyword_list *out)
{
    if (e->kind == DP_E_DICT && e->u.dict.keys.count && !e->u.dict.keys.items[0]) {
        /* {**a, ...}: 3.9+ BUILD_MAP 0 then DICT_MERGE */
    }
    if (e->kind == DP_E_DICT) {
        for (size_t i = 0; i < e->u.dict.keys.count; i++) {
            dp_expr *k = e->u.dict.keys.items[i];
            if (k && !is_const_str(k))
                return 1;
            TRY(kw_append(d, out, k ? k->u.constant.value->u.str.data : NULL, e->u.dict.values.items[i]));
        }
        return 0;
    }
    return kw_append(d, out, NULL, e);
}

static dp_expr *e_call(dc *d, dp_expr *func, dp_expr_list args, dp_keyword_list kws)
{
    dp_expr *e = mk_expr(d, DP_E_CALL);
    if (!func)
        return NULL;
    if (e) {
        e->u.call.func = func;
        e->u.call.args = args;
        e->u.call.keywords = kws;
    }
    return e;
}

/* After a call's arguments are popped: the callable, and CPython's NULL or
 * self slot next to it (3.11+ always has one; before, only CALL_METHOD). */
static int pop_callable(dc *d, stk *st, slist *out, int at, sv *callable, sv *self_arg)
{
    memset(self_arg, 0, sizeof *self_arg);
    self_arg->kind = V_NULL;
    if (d->version >= 311) {
        sv top, below;
        TRY(pop_raw(d, st, at, &top));
        TRY(pop_raw(d, st, at, &below));
        if (below.kind == V_NULL) {
            *callable = top;
        } else if (top.kind == V_NULL) {
            *callable = below;
        } else {
            *callable = below;
            *self_arg = top;
        }
        return 0;
    }
    TRY(pop_raw(d, st, at, callable));
    if (st->n && st->v[st->n - 1].kind == V_NULL)
        st->n--;
    return 0;
}

static int recover_comprehension(dc *d, int at, funcv *fn, dp_expr *iter, dp_expr **out);
static int comp_ins_lines(dc *d, const dp_code *c);
static int for_loop(dc *d, int h, dp_expr *iter, const region *rg, stk *st, slist *out, int *next);
static int break_copy_past_else(const dc *d, int lo, int b, int x);
static int inlined_comprehension(dc *d, int i, const region *rg, stk *st, slist *out, int *next);
static int make_class(dc *d, stk *st, slist *out, int at, sv *argv, int argc, const dp_object *kwnames);
static int recover_generic(dc *d, int at, funcv *gen, sv *argv, int argc, sv *made);

/* CALL argc [with keyword names]: stack [callable-ish, args...]. */
static int do_call(dc *d, stk *st, slist *out, int at, int argc, const dp_object *kwnames)
{
    if (kwnames && kwnames->kind != DP_OBJ_TUPLE)   /* (hostile code: any constant can be named) */
        return fail(d, at, "keyword names that are not a tuple");
    size_t nkw = kwnames ? kwnames->u.seq.count : 0;
    sv *argv = argc ? dp_arena_array(d->arena, (size_t)argc, sizeof *argv) : NULL;
    sv callable, self_arg;
    dp_expr_list args;
    dp_keyword_list kws = {0};

    if (argc && !argv)
        return -1;
    if (nkw > (size_t)argc)
        return fail(d, at, "more keyword names than arguments");
    for (int k = argc; k-- > 0;)
        TRY(pop_raw(d, st, at, &argv[k]));
    TRY(pop_callable(d, st, out, at, &callable, &self_arg));

    /* comprehension: a <listcomp> function called on an iterator */
    if (callable.kind == V_FUNC && !callable.fn->classdef && is_comprehension_code(callable.fn->code)) {
        sv *itv = self_arg.kind != V_NULL ? &self_arg : (argc == 1 ? &argv[0] : NULL);
        if (!itv || itv->kind != V_EXPR || (self_arg.kind != V_NULL && argc != 0))
            return fail(d, at, "a comprehension called unusually");
        dp_expr *e = NULL;
        TRY(recover_comprehension(d, at, callable.fn, itv->e, &e));
        return push_e(d, st, e);
    }
    if (self_arg.kind != V_NULL) {
        /* 3.11+ [callable, self, args...]: self is the first argument
         * (how 3.11 calls AssertionError(msg) in an assert) */
        sv *grown = dp_arena_array(d->arena, (size_t)argc + 1, sizeof *grown);
        if (!grown)
            return -1;
        grown[0] = self_arg;
        if (argc)
            memcpy(grown + 1, argv, (size_t)argc * sizeof *argv);
        argv = grown;
        argc++;
    }

    /* 3.12+ PEP 695: a generic def, class or type alias (3.13 passes the
     * first of the def's defaults in the self slot) */
    if (callable.kind == V_FUNC && !callable.fn->classdef && d->version >= 312 &&
        strncmp(callable.fn->code->name.data, "<generic parameters of ", 23) == 0) {
        sv made;
        if (nkw)
            return fail(d, at, "a generic scope called with keywords");
        TRY(recover_generic(d, at, callable.fn, argv, argc, &made));
        return push(d, st, made);
    }

    /* decorator: @dec applied to a function or class being defined */
    if (callable.kind == V_EXPR && argc == 1 && nkw == 0 && argv[0].kind == V_FUNC &&
        (argv[0].fn->classdef || !code_is(argv[0].fn->code, "<lambda>"))) {
        funcv *fn = argv[0].fn;
        dp_expr_list decs;
        TRY(elist(d, &decs, fn->decorators.count + 1));
        decs.items[0] = callable.e;
        if (fn->decorators.count)
            memcpy(decs.items + 1, fn->decorators.items, fn->decorators.count * sizeof(dp_expr *));
        fn->decorators = decs;
        return push(d, st, argv[0]);
    }

    if (callable.kind == V_BUILD_CLASS)
        return make_class(d, st, out, at, argv, argc, kwnames);

    /* arguments as expressions */
    for (int k = 0; k < argc; k++) {
        if (argv[k].kind == V_FUNC) {
            dp_expr *e = func_as_expr(d, at, argv[k].fn);
            if (!e)
                return null_result(d);
            argv[k].kind = V_EXPR;
            argv[k].e = e;
            argv[k].twin_assign = NULL;
        } else if (argv[k].kind != V_EXPR) {
            return fail(d, at, "%s passed as an argument", kind_name(argv[k].kind));
        } else if (argv[k].twin_assign) {
            /* a walrus in an argument: re-push and pop through pop_expr */
            TRY(push(d, st, argv[k]));
            TRY(pop_expr(d, st, out, at, &argv[k].e));
        }
    }
    TRY(elist(d, &args, (size_t)argc - nkw));
    for (size_t k = 0; k < args.count; k++)
        args.items[k] = argv[k].e;
    for (size_t k = 0; k < nkw; k++) {
        const dp_object *name = kwnames->u.seq.items[k];
        if (name->kind != DP_OBJ_STR)
            return fail(d, at, "a keyword name is not a string");
        TRY(kw_append(d, &kws, name->u.str.data, argv[args.count + k].e));
    }

    if (callable.kind == V_ASSERT) {
        callable.kind = V_EXPR;
        callable.e = e_name(d, "AssertionError", DP_LOAD);
        if (!callable.e)
            return -1;
        dp_expr *c = e_call(d, callable.e, args, kws);
        sv r;
        memset(&r, 0, sizeof r);
        r.kind = V_ASSERT;
        r.e = c;
        return push(d, st, r);
    }
    if (callable.kind == V_FUNC && !callable.fn->classdef) {
        callable.e = func_as_expr(d, at, callable.fn);
        if (!callable.e)
            return null_result(d);
        callable.kind = V_EXPR;
    }
    if (callable.kind != V_EXPR)
        return fail(d, at, "a call of %s", kind_name(callable.kind));
    if (callable.twin_assign) {
        TRY(push(d, st, callable));
        TRY(pop_expr(d, st, out, at, &callable.e));
    }
    return push_e(d, st, e_call(d, callable.e, args, kws));
}

/* CALL_FUNCTION_EX: f(*args, **kwargs). */
static int do_call_ex(dc *d, stk *st, slist *out, int at, int has_kwargs)
{
    dp_expr *kwargs = NULL, *posargs;
    sv callable, self_arg;
    dp_expr_list args;
    dp_keyword_list kws = {0};
    if (has_kwargs)
        TRY(pop_expr(d, st, out, at, &kwargs));
    TRY(pop_expr(d, st, out, at, &posargs));
    TRY(pop_callable(d, st, out, at, &callable, &self_arg));
    if (self_arg.kind != V_NULL)
        return fail(d, at, "a call with a bound self");
    TRY(star_args(d, posargs, &args));
    if (kwargs) {
        int r = star_kwargs(d, kwargs, &kws);
        if (r != 0)
            return r < 0 ? r : fail(d, at, "keyword arguments that are not names");
    }
    /* (a call without a star compiles to no CALL_FUNCTION_EX: 3.8's
     * `f(**{'k': v})` passes that display itself; and an empty one is
     * `**{}`, which no keyword list says) */
    int starred = 0;
    for (size_t k = 0; k < args.count && !starred; k++)
        starred = args.items[k]->kind == DP_E_STARRED;
    for (size_t k = 0; k < kws.count && !starred; k++)
        starred = !kws.items[k]->arg;
    if (kwargs && kwargs->kind == DP_E_DICT && (!kwargs->u.dict.keys.count || (!starred && d->version < 309))) {
        kws.count = 0;
        TRY(kw_append(d, &kws, NULL, kwargs));
    }
    if (callable.kind == V_BUILD_CLASS) {
        /* class C(*bases): the function and name are the first positionals */
        if (args.count < 2)
            return fail(d, at, "__build_class__ without a body");
        return fail(d, at, "a class with star-arguments");
    }
    if (callable.kind != V_EXPR)
        return fail(d, at, "a call of %s", kind_name(callable.kind));
    return push_e(d, st, e_call(d, callable.e, args, kws));
}

/* ---- PEP 695 (3.12+) ---------------------------------------------------- */

/* The value of a lazily evaluated part of a PEP 695 construct (a bound,
 * constraints, a default, an alias's value): a function returning it. */
static int lazy_value(dc *d, int at, funcv *fn, dp_expr **out)
{
    slist body = {0};
    TRY(recover_body(d, fn->code, BODY_LAMBDA, &body));
    int r = dp_lambda_body(d->arena, body.v, body.n, 0, out);
    if (r < 0)
        return -1;
    if (r == 0 || !*out)
        return fail(d, at, "the lazy value %s is not one expression", fn->code->name.data);
    return 0;
}

static int push_tparams(dc *d, stk *st, dp_type_param_list *list)
{
    sv v;
    memset(&v, 0, sizeof v);
    v.kind = V_TPARAMS;
    v.tparams = list;
    return push(d, st, v);
}

/* TYPEVAR, PARAMSPEC, TYPEVARTUPLE (or TYPEVAR_WITH_BOUND) of the name
 * below: one type parameter. */
static int type_param(dc *d, stk *st, slist *out, int at, dp_type_param_kind kind, dp_expr *bound)
{
    dp_expr *name;
    TRY(pop_expr(d, st, out, at, &name));
    if (!is_const_str(name))
        return fail(d, at, "a type parameter without its name");
    dp_type_param *tp = alloc(d, sizeof *tp);
    dp_type_param_list *list = alloc(d, sizeof *list);
    dp_type_param **items = dp_arena_array(d->arena, 1, sizeof *items);
    if (!tp || !list || !items)
        return -1;
    tp->kind = kind;
    tp->name = name->u.constant.value->u.str.data;
    tp->bound = bound;
    items[0] = tp;
    list->items = items;
    list->count = 1;
    return push_tparams(d, st, list);
}

/* BUILD_TUPLE n of type parameters: the list a def or class takes. */
static int join_type_params(dc *d, stk *st, int at, int n)
{
    size_t total = 0;
    for (int k = 0; k < n; k++) {
        const sv *p = &st->v[st->n - n + k];
        if (p->kind != V_TPARAMS)
            return fail(d, at, "type parameters and other values in one tuple");
        total += p->tparams->count;
    }
    dp_type_param_list *list = alloc(d, sizeof *list);
    dp_type_param **items = dp_arena_array(d->arena, total + 1, sizeof *items);
    if (!list || !items)
        return -1;
    for (int k = 0; k < n; k++) {
        const dp_type_param_list *p = st->v[st->n - n + k].tparams;
        memcpy(items + list->count, p->items, p->count * sizeof *items);
        list->count += p->count;
    }
    list->items = items;
    st->n -= n;
    return push_tparams(d, st, list);
}

/* (name, type parameters or None, lazy value) and CALL_INTRINSIC_1
 * TYPEALIAS: a `type` statement, carried as a V_FUNC until it is stored. */
static int type_alias(dc *d, stk *st, slist *out, int at)
{
    sv fnv, params;
    dp_expr *name;
    TRY(pop_raw(d, st, at, &fnv));
    TRY(pop_raw(d, st, at, &params));
    TRY(pop_expr(d, st, out, at, &name));
    if (fnv.kind != V_FUNC || fnv.fn->classdef || fnv.fn->typealias || !is_const_str(name) ||
        !(params.kind == V_TPARAMS || (params.kind == V_EXPR && is_none(params.e))))
        return fail(d, at, "TYPEALIAS called unusually");
    dp_stmt *s = mk_stmt(d, DP_S_TYPEALIAS);
    if (!s)
        return -1;
    s->u.typealias.name = e_name(d, name->u.constant.value->u.str.data, DP_STORE);
    if (!s->u.typealias.name)
        return -1;
    if (params.kind == V_TPARAMS)
        s->u.typealias.type_params = *params.tparams;
    TRY(lazy_value(d, at, fnv.fn, &s->u.typealias.value));
    fnv.fn->typealias = s;
    return push(d, st, fnv);
}

/* 3.12+: `def f[T](...)`, `class C[T]: ...` and `type A[T] = ...` make
 * their type parameters in a function of their own, <generic parameters of
 * X>, called at once with the def's defaults as its arguments (.defaults,
 * .kwdefaults).  Its body makes the def and returns it: read it (the
 * RETURN_VALUE puts the value in `made`), then put back the defaults. */
static int recover_generic(dc *d, int at, funcv *gen, sv *argv, int argc, sv *made)
{
    const dp_code *c = gen->code;
    const dp_strs *names = &c->localsplus_names;
    slist body = {0};
    sv *outer = d->generic_made;
    memset(made, 0, sizeof *made);
    d->generic_made = made;
    int r = recover_body(d, c, BODY_GENERIC, &body);
    d->generic_made = outer;
    TRY(r);
    if (body.n || made->kind != V_FUNC || argc != c->argcount || (size_t)argc > names->count)
        return fail(d, at, "%s does not make one def", c->name.data);
    funcv *fn = made->fn;
    dp_expr **parts[2] = {&fn->defaults, &fn->kwdefaults};
    for (int p = 0; p < 2; p++) {
        dp_expr *e = *parts[p];
        if (!e || e->kind != DP_E_NAME || e->u.name.id[0] != '.')
            continue;
        int k = 0;
        while (k < argc && strcmp(names->items[k].data, e->u.name.id) != 0)
            k++;
        if (k == argc || argv[k].kind != V_EXPR || argv[k].twin_assign)
            return fail(d, at, "%s without its %s", c->name.data, e->u.name.id);
        *parts[p] = argv[k].e;
    }
    return 0;
}

/* class statements: __build_class__(func, name, *bases, **keywords).
 * The result is a V_FUNC carrying the ClassDef until it is stored. */
static int make_class(dc *d, stk *st, slist *out, int at, sv *argv, int argc, const dp_object *kwnames)
{
    size_t nkw = kwnames ? kwnames->u.seq.count : 0;
    if (argc < 2 || argv[0].kind != V_FUNC || argv[0].fn->classdef || argv[1].kind != V_EXPR ||
        !is_const_str(argv[1].e))
        return fail(d, at, "__build_class__ called unusually");
    dp_stmt *c = mk_stmt(d, DP_S_CLASSDEF);
    slist body = {0};
    if (!c)
        return -1;
    c->u.classdef.name = argv[1].e->u.constant.value->u.str.data;
    /* 3.12+ `class C[T](bases)`: Generic[T] comes after the bases */
    int npos = argc - (int)nkw, generic = npos > 2 && argv[npos - 1].kind == V_GENERIC;
    if (generic) {
        c->u.classdef.type_params = *d->generic_params;
        memmove(argv + npos - 1, argv + npos, nkw * sizeof *argv);
        argc--;
        npos--;
    }
    TRY(elist(d, &c->u.classdef.bases, (size_t)npos - 2));
    for (int k = 2; k < argc; k++) {
        if (argv[k].kind != V_EXPR || argv[k].twin_assign)
            return fail(d, at, "a class base that is not an expression");
        if (k < npos)
            c->u.classdef.bases.items[k - 2] = argv[k].e;
        else {
            const dp_object *name = kwnames->u.seq.items[(size_t)k - ((size_t)argc - nkw)];
            if (name->kind != DP_OBJ_STR)
                return fail(d, at, "a keyword name is not a string");
            TRY(kw_append(d, &c->u.classdef.keywords, name->u.str.data, argv[k].e));
        }
    }
    TRY(recover_body(d, argv[0].fn->code, BODY_CLASS, &body));
    c->u.classdef.body = sl_list(&body);
    argv[0].fn->classdef = c;
    (void)out;
    return push(d, st, argv[0]);
}

/* ---- one instruction at a time ------------------------------------------ */

/* Inside class C, `x.__a` is compiled as `x._C__a`: the attribute as the
 * source spelled it (which 3.13's __static_attributes__ records). */
static const char *unmangled(const dc *d, const char *attr)
{
    const char *c = d->private_class;
    size_t lc = c ? strlen(c) : 0, la = strlen(attr);
    if (!lc || la < lc + 4 || attr[0] != '_' || strncmp(attr + 1, c, lc) != 0 || attr[lc + 1] != '_' ||
        attr[lc + 2] != '_' || (attr[la - 1] == '_' && attr[la - 2] == '_'))
        return attr;
    return attr + lc + 1;
}

static dp_expr *e_attr(dc *d, dp_expr *v, const char *attr, dp_ctx ctx)
{
    dp_expr *e = mk_expr(d, DP_E_ATTRIBUTE);
    if (!e || !v)
        return NULL;
    attr = unmangled(d, attr);
    e->u.attribute.value = v;
    e->u.attribute.attr = attr;
    e->ctx = ctx;
    return e;
}

static dp_expr *e_subscript(dc *d, dp_expr *v, dp_expr *key, dp_ctx ctx)
{
    dp_expr *e = mk_expr(d, DP_E_SUBSCRIPT);
    if (!e || !v || !key)
        return NULL;
    e->u.subscript.value = v;
    e->u.subscript.slice = key;
    e->ctx = ctx;
    return e;
}

static dp_expr *e_slice(dc *d, dp_expr *lo, dp_expr *hi, dp_expr *step)
{
    dp_expr *e = mk_expr(d, DP_E_SLICE);
    if (!e)
        return NULL;
    e->u.slice.lower = is_none(lo) ? NULL : lo;
    e->u.slice.upper = is_none(hi) ? NULL : hi;
    e->u.slice.step = is_none(step) ? NULL : step;
    return e;
}

static int emit_expr_stmt(dc *d, slist *out, dp_expr *e)
{
    dp_stmt *s = mk_stmt(d, DP_S_EXPR);
    if (!s || !e)
        return -1;
    s->u.ret.value = e;
    return sl_push(d, out, s);
}

/* Dynamo's code extends a list that is no display being built (one lower
 * on the stack, or a slice of another): the list, and whatever waits
 * above it, go to temporaries, and `t.extend(a)` mutates it in place. */
static int extend_in_place(dc *d, stk *st, slist *out, int at, int depth, dp_expr *a, const char *method)
{
    TRY(spill_pending(d, st, out, at));
    if (depth < 1 || depth > st->n || st->v[st->n - depth].kind != V_EXPR ||
        st->v[st->n - depth].e->kind != DP_E_NAME)
        return fail(d, at, "a list extended outside a display");
    dp_expr_list args;
    dp_keyword_list kws = {0};
    TRY(elist(d, &args, 1));
    args.items[0] = a;
    return emit_expr_stmt(d, out, e_call(d, e_attr(d, st->v[st->n - depth].e, method, DP_LOAD), args, kws));
}

static int note_name(dc *d, slist *l, const char *name)
{
    for (size_t k = 0; k < l->n; k++)
        if (strcmp((const char *)l->v[k], name) == 0)
            return 0;
    TRY(grow_ptrs(d, (void ***)&l->v, l->n, &l->cap));
    l->v[l->n++] = (dp_stmt *)(void *)name;
    return 0;
}

static int is_freevar(const dp_code *c, const char *name)
{
    for (size_t k = 0; k < c->freevars.count; k++)
        if (strcmp(c->freevars.items[k].data, name) == 0)
            return 1;
    return 0;
}

/* (a global or free variable stored gets its declaration from
 * declare_stored_names) */
static dp_expr *store_target_name(dc *d, const dp_ins *x)
{
    return e_name(d, x->name, DP_STORE);
}

/* The top of the stack as an expression being built (a list display for
 * LIST_APPEND 1, ...), n places down. */
static dp_expr *display_at(stk *st, int n, dp_expr_kind kind)
{
    if (n < 1 || n > st->n)
        return NULL;
    sv *v = &st->v[st->n - n];
    return (v->kind == V_EXPR && v->e->kind == kind) ? v->e : NULL;
}

static int copy_elist(dc *d, dp_expr_list *l)
{
    if (!l->count)
        return 0;
    dp_expr **items = dp_arena_array(d->arena, l->count, sizeof *items);
    if (!items)
        return -1;
    memcpy(items, l->items, l->count * sizeof *items);
    l->items = items;
    return 0;
}

/* display_at, for adding an element: a display shared with another
 * stack (a branch read from a copy: see stk_copy) is first copied into
 * this stack's slot, so that what one branch adds does not show in the
 * other's (`[g(), *(a if c else b)]`, each branch extending the list).
 * *out NULL where there is no such display; -1 when out of memory. */
static int display_to_extend(dc *d, stk *st, int n, dp_expr_kind kind, dp_expr **out)
{
    dp_expr *e = *out = display_at(st, n, kind);
    if (!e || !e->shared)
        return 0;
    dp_expr *c = alloc(d, sizeof *c);
    if (!c)
        return -1;
    *c = *e;
    c->shared = 0;
    if (kind == DP_E_DICT) {
        TRY(copy_elist(d, &c->u.dict.keys));
        TRY(copy_elist(d, &c->u.dict.values));
    } else {
        TRY(copy_elist(d, &c->u.set.elts));
    }
    st->v[st->n - n].e = c;
    *out = c;
    return 0;
}

static int comp_append(dc *d, slist *out, dp_expr *a, dp_expr *b)
{
    /* inside a comprehension: a marker statement turned back into the
     * comprehension's element by recover_comprehension */
    dp_expr *f = e_name(d, "\x01append", DP_LOAD);
    dp_expr_list args;
    dp_keyword_list kws = {0};
    TRY(elist(d, &args, b ? 2 : 1));
    args.items[0] = a;
    if (b)
        args.items[1] = b;
    return emit_expr_stmt(d, out, e_call(d, f, args, kws));
}

static int is_pjif(uint16_t op)
{
    return op == DP_OP_POP_JUMP_IF_FALSE || op == DP_OP_POP_JUMP_IF_TRUE ||
           op == DP_OP_POP_JUMP_IF_NONE || op == DP_OP_POP_JUMP_IF_NOT_NONE;
}

/* No instruction after this one runs: the block ends here. */
static int ends_block(uint16_t op)
{
    return op == DP_OP_RETURN_VALUE || op == DP_OP_RAISE_VARARGS || op == DP_OP_RERAISE || op == DP_N_JUMP;
}

/* 3.11+: a try statement in [lo, hi) whose normal path ends, right before
 * its handlers, in a jump to head */
static int try_goes_back_before_handlers(const dc *d, int lo, int hi, int head)
{
    for (int q = lo; q + 1 < hi; q++) {
        if (d->ins[q].op != DP_N_JUMP || d->ins[q].target != head)
            continue;
        if (d->ins[q + 1].op == DP_OP_PUSH_EXC_INFO)
            return 1;
        /* (3.9, 3.10: after the body's POP_BLOCK, right before the handler
         * its SETUP_FINALLY goes to) */
        for (int k = lo; d->version < 311 && q > lo && d->ins[q - 1].op == DP_OP_POP_BLOCK && k < q; k++)
            if (d->ins[k].op == DP_OP_SETUP_FINALLY && d->ins[k].target == q + 1)
                return 1;
    }
    return 0;
}

/* The one place past `after` that jumps in [lo, hi) go to: inside the
 * region or its follow; -1 if there is none, -2 if there are several. */
static int forward_exit(dc *d, int lo, int hi, int after, const region *rg)
{
    int exit = -1;
    for (int k = lo; k < hi; k++) {
        int t = d->ins[k].target;
        if (!(is_pjif(d->ins[k].op) || d->ins[k].op == DP_N_JUMP) || t <= after)
            continue;
        if (t > rg->hi && t != rg->follow)
            continue;
        if (exit >= 0 && t != exit)
            return -2;
        exit = t;
    }
    return exit;
}

/* 3.11+: where the except clauses of try statements in [lo, hi), their
 * handlers placed after them, jump at their ends (POP_EXCEPT; JUMP t) past
 * x, all to one t: `break`s of a loop in [lo, hi) that nothing else leaves
 * (`while True:`), to where the statement goes on.  -1: none, several, or
 * [lo, hi) inside a try statement (whose clauses say nothing of it). */
static int clause_exit_past(const dc *d, int lo, int hi, int x)
{
    int last_h = -1, t = -1;
    for (int q = lo; d->version >= 311 && q < hi; q++) {
        int H = d->ins[q].handler;
        if (H < hi || H == last_h || H >= d->count || d->ins[H].op != DP_OP_PUSH_EXC_INFO)
            continue;
        last_h = H;
        /* (not a try around [lo, hi), whose clauses leave it too) */
        if ((lo > 0 && d->ins[lo - 1].handler == H) || (hi < d->count && d->ins[hi].handler == H))
            return -1;
        /* (the clauses lie between H and their cleanup handler C) */
        int C = d->ins[H].handler;
        for (int k = H + 2; k < C && k < d->count; k++)
            if (d->ins[k].op == DP_N_JUMP && d->ins[k].target > x && d->ins[k - 1].op == DP_OP_POP_EXCEPT &&
                d->ins[k - 2].handler == C) {
                if (t >= 0 && t != d->ins[k].target)
                    return -1;
                t = d->ins[k].target;
            }
    }
    return t;
}

static int is_store_start(uint16_t op)
{
    switch (op) {
    case DP_OP_STORE_FAST: case DP_OP_STORE_NAME: case DP_OP_STORE_GLOBAL: case DP_OP_STORE_DEREF:
    case DP_OP_UNPACK_SEQUENCE: case DP_OP_UNPACK_EX: case DP_OP_STORE_ATTR: case DP_OP_STORE_SUBSCR:
        return 1;
    default:
        return 0;
    }
}

/* `a, b = b, a` without a tuple: 2 or 3 values, permuted by ROT_TWO /
 * ROT_THREE / SWAP into reverse order, then stored one by one.  The values
 * become the slots of one tuple assignment. */
static int swap_assign(dc *d, stk *st, slist *out, int i, int *next)
{
    int n = 0, k = i, perm[4] = {0, 1, 2, 3};
    if (d->copy_spill)
        return 0;   /* the second reading: swaps only move values */
    if (i > 0 && (d->ins[i - 1].op == DP_OP_ROT_TWO || d->ins[i - 1].op == DP_OP_ROT_THREE ||
                  d->ins[i - 1].op == DP_OP_SWAP))
        return 0;   /* (the end of a permutation read from its start already: `a.b[i] += 1`'s
                     * SWAP 3; SWAP 2) */
    while (k < d->count) {
        const dp_ins *x = &d->ins[k];
        int tmp;
        if (x->op == DP_OP_ROT_TWO || (x->op == DP_OP_SWAP && x->arg == 2)) {
            tmp = perm[3]; perm[3] = perm[2]; perm[2] = tmp;
            n = n < 2 ? 2 : n;
        } else if (x->op == DP_OP_ROT_THREE) {
            tmp = perm[3]; perm[3] = perm[2]; perm[2] = perm[1]; perm[1] = tmp;
            n = 3;
        } else if (x->op == DP_OP_SWAP && x->arg == 3) {
            tmp = perm[3]; perm[3] = perm[1]; perm[1] = tmp;
            n = 3;
        } else {
            break;
        }
        k++;
    }
    /* reversed top n? (perm holds, top last, which original position is there)
     * and then targets: a store, or the loads of an attribute or subscript
     * target */
    uint16_t after = k < d->count ? d->ins[k].op : DP_OP_INVALID;
    int target_follows = is_store_start(after) || after == DP_OP_LOAD_FAST || after == DP_OP_LOAD_NAME ||
                         after == DP_OP_LOAD_GLOBAL || after == DP_OP_LOAD_DEREF;
    if (n < 2 || !target_follows || st->n < n)
        return 0;
    for (int j = 0; j < n; j++)
        if (perm[3 - j] != 4 - n + j)
            return 0;
    for (int j = 0; j < n; j++)
        if (st->v[st->n - 1 - j].kind != V_EXPR || st->v[st->n - 1 - j].twin_assign)
            return 0;
    group *g = new_group(d, G_ASSIGN, n);
    dp_expr_list vals;
    if (!g || elist(d, &vals, (size_t)n) < 0)
        return -1;
    for (int j = 0; j < n; j++)
        vals.items[j] = st->v[st->n - n + j].e;
    g->stmt = new_assign(d, e_seq(d, DP_E_TUPLE, vals, DP_LOAD));
    if (!g->stmt)
        return -1;
    TRY(sl_push(d, out, g->stmt));
    st->n -= n;
    TRY(push_slots(d, st, g));
    mark(d, i + 1, k);
    *next = k;
    return 1;
}

static int is_name_store(uint16_t op)
{
    return op == DP_OP_STORE_FAST || op == DP_OP_STORE_NAME || op == DP_OP_STORE_GLOBAL ||
           op == DP_OP_STORE_DEREF;
}

/* 3.12+ drops the SWAPs of `a, b = b, a` by reordering the stores: n values
 * on the stack, then n name stores, the first taking the top.  Sequential
 * assignments would be wrong (the second would see the first); it is
 * one tuple assignment. */
static int multi_store(dc *d, stk *st, slist *out, int i, int *next)
{
    int m = 0;
    while (m < st->n && st->v[st->n - 1 - m].kind == V_EXPR && !st->v[st->n - 1 - m].twin_assign)
        m++;
    for (int k = 0; k < m; k++)
        if (i + k >= d->count || !is_name_store(d->ins[i + k].op))   /* (Dynamo's code) */
            return store(d, st, out, i, store_target_name(d, &d->ins[i]));
    dp_expr_list targets, values;
    TRY(elist(d, &targets, (size_t)m));
    TRY(elist(d, &values, (size_t)m));
    for (int k = 0; k < m; k++) {
        targets.items[m - 1 - k] = store_target_name(d, &d->ins[i + k]);
        values.items[k] = st->v[st->n - m + k].e;
        if (!targets.items[m - 1 - k])
            return -1;
    }
    st->n -= m;
    dp_stmt *s = new_assign(d, e_seq(d, DP_E_TUPLE, values, DP_LOAD));
    if (!s || elist_append(d, &s->u.assign.targets, e_seq(d, DP_E_TUPLE, targets, DP_STORE)) < 0)
        return -1;
    mark(d, i + 1, i + m);
    *next = i + m;
    return sl_push(d, out, s);
}

static int unpack(dc *d, stk *st, slist *out, int at, int n, int star)
{
    sv v;
    group *g;
    TRY(pop_raw(d, st, at, &v));
    if (v.kind == V_SLOT) {
        g = new_group(d, G_NESTED, n);
        if (!g)
            return -1;
        g->parent = v.grp;
        g->parent_index = v.idx;
    } else if (v.kind == V_EXPR) {
        g = new_group(d, G_ASSIGN, n);
        if (!g)
            return -1;
        if (v.twin_assign) {
            g->stmt = v.twin_assign;
        } else {
            g->stmt = new_assign(d, v.e);
            TRY(sl_push(d, out, g->stmt));
            if (st->n && st->v[st->n - 1].kind == V_EXPR && st->v[st->n - 1].e == v.e &&
                !st->v[st->n - 1].twin_assign)
                st->v[st->n - 1].twin_assign = g->stmt;
        }
    } else {
        return fail(d, at, "unpacking %s", kind_name(v.kind));
    }
    g->star = star;
    return push_slots(d, st, g);
}

static int make_function(dc *d, stk *st, slist *out, int at, int flags)
{
    dp_expr *code_e;
    funcv *fn = alloc(d, sizeof *fn);
    if (!fn)
        return -1;
    if (d->version <= 310) {
        dp_expr *qualname;
        TRY(pop_expr(d, st, out, at, &qualname));
    }
    TRY(pop_expr(d, st, out, at, &code_e));
    if (code_e->kind != DP_E_CONSTANT || code_e->u.constant.value->kind != DP_OBJ_CODE)
        return fail(d, at, "MAKE_FUNCTION without a code object");
    fn->code = code_e->u.constant.value->u.code;
    if (flags & 0x10) {
        dp_expr *ann;
        TRY(pop_expr(d, st, out, at, &ann));
    }
    if (flags & 0x08) {
        dp_expr *closure;
        TRY(pop_expr(d, st, out, at, &closure));
    }
    if (flags & 0x04)
        TRY(pop_expr(d, st, out, at, &fn->annotations));
    if (flags & 0x02)
        TRY(pop_expr(d, st, out, at, &fn->kwdefaults));
    if (flags & 0x01)
        TRY(pop_expr(d, st, out, at, &fn->defaults));
    sv v;
    memset(&v, 0, sizeof v);
    v.kind = V_FUNC;
    v.fn = fn;
    return push(d, st, v);
}

static const char *intrinsic_name(dc *d, int arg)
{
    const dp_names *n = &d->n.vi->intrinsic1;
    return (arg >= 0 && (size_t)arg < n->count) ? n->items[arg] : "";
}

static const char *intrinsic2_name(dc *d, int arg)
{
    const dp_names *n = &d->n.vi->intrinsic2;
    return (arg >= 0 && (size_t)arg < n->count) ? n->items[arg] : "";
}

/* UNPACK_SEQUENCE 1 at i that makes no assignment target: a starred
 * expression's one element (3.11+ PEP 646).  In the annotations' tuple,
 * after the name "args" of `*args: *Ts` (before the next name or the
 * tuple's end); or 3.13's lazy value of a default `*Ts = *tuple[int]`,
 * returned at once. */
static int unpacks_starred(const dc *d, const stk *st, int i)
{
    const dp_ins *next = i + 1 < d->count ? &d->ins[i + 1] : NULL;
    if (d->ins[i].arg != 1 || !next || d->version < 311)
        return 0;
    if (d->body_kind == BODY_LAMBDA && d->version >= 313 && next->op == DP_OP_RETURN_VALUE &&
        !code_is(d->code, "<lambda>"))
        return 1;
    return st->n >= 2 && st->v[st->n - 2].kind == V_EXPR && is_const_str(st->v[st->n - 2].e) &&
           ((next->op == DP_OP_BUILD_TUPLE && next->arg % 2 == 0) ||
            (next->op == DP_OP_LOAD_CONST && next->obj->kind == DP_OBJ_STR));
}

static int fstring_piece(dc *d, dp_expr_list *vals, dp_expr *e)
{
    if (e->kind == DP_E_JOINEDSTR) {
        for (size_t k = 0; k < e->u.joinedstr.values.count; k++)
            TRY(elist_append(d, vals, e->u.joinedstr.values.items[k]));
        return 0;
    }
    return elist_append(d, vals, e);
}

static dp_expr *as_joinedstr(dc *d, dp_expr *e)
{
    if (e->kind == DP_E_JOINEDSTR)
        return e;
    dp_expr *j = mk_expr(d, DP_E_JOINEDSTR);
    if (!j || elist_append(d, &j->u.joinedstr.values, e) < 0)
        return NULL;
    return j;
}

static int is_assertion_38(const dc *d, const dp_expr *exc);
static int is_folded_negation(const dp_expr *e);
static int has_folded_negation(const dp_expr *e);
static dp_expr *negate_through(dc *d, dp_expr *e);
static dp_expr *unfold_test(dc *d, dp_expr *test);
static int negates_without_fold(const dc *d, const dp_expr *e);

/* One instruction that is not a jump: 0 and *next, or < 0. */
static int step(dc *d, stk *st, slist *out, int i, int *next)
{
    const dp_ins *x = &d->ins[i];
    d->cur_off1 = d->track_source ? x->offset + 1 : 0;
    d->cur_line = d->ins_line ? d->ins_line[i] : 0;
    dp_expr *a, *b, *c;
    dp_expr_list l;
    dp_stmt *s;
    sv v;
    int r;

    *next = i + 1;
    switch (x->op) {
    case DP_OP_LOAD_CONST:
        return push_e(d, st, e_const(d, x->obj));
    case DP_OP_LOAD_FAST: case DP_OP_LOAD_DEREF: case DP_OP_LOAD_GLOBAL: case DP_OP_LOAD_NAME:
    case DP_OP_LOAD_CLOSURE:
        if (d->body_kind == BODY_GENERIC && x->op == DP_OP_LOAD_FAST && strcmp(x->name, ".generic_base") == 0)
            return push_kind(d, st, V_GENERIC);
        /* 3.8: a module's assert loads AssertionError with LOAD_GLOBAL,
         * where `raise AssertionError` would use LOAD_NAME */
        if (x->op == DP_OP_LOAD_GLOBAL && d->version < 309 && d->body_kind == BODY_MODULE &&
            strcmp(x->name, "AssertionError") == 0)
            return push_kind(d, st, V_ASSERT);
        return push_e(d, st, e_name(d, x->name, DP_LOAD));
    case DP_OP_LOAD_LOCALS:
        return push_kind(d, st, V_LOCALS);
    case DP_OP_LOAD_FROM_DICT_OR_GLOBALS: case DP_OP_LOAD_FROM_DICT_OR_DEREF:
        /* 3.12+: a name read in a class body or in an annotation scope
         * inside a class, looked up in the class namespace first (below
         * it: LOAD_LOCALS, or __classdict__ in an annotation scope) */
        if (d->version < 312)   /* (3.11's LOAD_CLASSDEREF: no namespace on the stack) */
            return push_e(d, st, e_name(d, x->name, DP_LOAD));
        if (!st->n || !(st->v[st->n - 1].kind == V_LOCALS ||
                        (st->v[st->n - 1].kind == V_EXPR && st->v[st->n - 1].e->kind == DP_E_NAME &&
                         strcmp(st->v[st->n - 1].e->u.name.id, "__classdict__") == 0)))
            return fail(d, i, "%s without its namespace", x->op == DP_OP_LOAD_FROM_DICT_OR_DEREF ?
                        "LOAD_FROM_DICT_OR_DEREF" : "LOAD_FROM_DICT_OR_GLOBALS");
        st->n--;
        return push_e(d, st, e_name(d, x->name, DP_LOAD));
    case DP_OP_LOAD_ATTR:
        TRY(pop_expr(d, st, out, i, &a));
        return push_e(d, st, e_attr(d, a, x->name, DP_LOAD));
    case DP_OP_LOAD_METHOD:
        TRY(pop_expr(d, st, out, i, &a));
        TRY(push_kind(d, st, V_NULL));
        return push_e(d, st, e_attr(d, a, x->name, DP_LOAD));
    case DP_OP_LOAD_SUPER_ATTR: {
        dp_expr *self_e, *cls, *sup;
        dp_keyword_list kws = {0};
        TRY(pop_expr(d, st, out, i, &self_e));
        TRY(pop_expr(d, st, out, i, &cls));
        TRY(pop_expr(d, st, out, i, &sup));
        TRY(elist(d, &l, (x->flag & DP_FLAG_SUPER_TWO_ARGS) ? 2 : 0));
        if (x->flag & DP_FLAG_SUPER_TWO_ARGS) {
            l.items[0] = cls;
            l.items[1] = self_e;
        }
        if (x->arg)
            TRY(push_kind(d, st, V_NULL));
        return push_e(d, st, e_attr(d, e_call(d, sup, l, kws), x->name, DP_LOAD));
    }
    case DP_OP_PUSH_NULL:
        return push_kind(d, st, V_NULL);
    case DP_OP_STORE_FAST: case DP_OP_STORE_NAME: case DP_OP_STORE_GLOBAL: case DP_OP_STORE_DEREF:
        if (st->n >= 2 && st->v[st->n - 1].kind == V_EXPR && st->v[st->n - 2].kind == V_EXPR &&
            !st->v[st->n - 1].twin_assign && !st->v[st->n - 2].twin_assign &&
            st->v[st->n - 1].e != st->v[st->n - 2].e)
            return multi_store(d, st, out, i, next);
        return store(d, st, out, i, store_target_name(d, x));
    case DP_OP_STORE_ATTR:
        TRY(pop_owner(d, st, out, i, &a));
        return store(d, st, out, i, e_attr(d, a, x->name, DP_STORE));
    case DP_OP_STORE_SUBSCR:
        TRY(pop_owner(d, st, out, i, &b));
        TRY(pop_owner(d, st, out, i, &a));
        return store(d, st, out, i, e_subscript(d, a, b, DP_STORE));
    case DP_OP_STORE_SLICE:
        TRY(pop_owner(d, st, out, i, &c));
        TRY(pop_owner(d, st, out, i, &b));
        TRY(pop_owner(d, st, out, i, &a));
        return store(d, st, out, i, e_subscript(d, a, e_slice(d, b, c, NULL), DP_STORE));
    case DP_OP_DELETE_FAST: case DP_OP_DELETE_NAME: case DP_OP_DELETE_GLOBAL: case DP_OP_DELETE_DEREF:
        a = e_name(d, x->name, DP_DEL);
        goto delete;
    case DP_OP_DELETE_ATTR:
        TRY(pop_owner(d, st, out, i, &b));
        a = e_attr(d, b, x->name, DP_DEL);
        goto delete;
    case DP_OP_DELETE_SUBSCR:
        TRY(pop_owner(d, st, out, i, &c));
        TRY(pop_owner(d, st, out, i, &b));
        a = e_subscript(d, b, c, DP_DEL);
    delete:
        /* (Dynamo's code deletes while values wait: they are evaluated first) */
        if (st->n && st->v[st->n - 1].kind == V_EXPR && st->v[st->n - 1].e->kind != DP_E_CONSTANT &&
            !st->v[st->n - 1].twin_assign)
            TRY(spill_pending(d, st, out, i));
        s = mk_stmt(d, DP_S_DELETE);
        if (!s || elist_append(d, &s->u.del.targets, a) < 0)
            return -1;
        return sl_push(d, out, s);
    case DP_OP_BINARY_OP:
        TRY(pop_expr(d, st, out, i, &b));
        TRY(pop_expr(d, st, out, i, &a));
        if (x->arg >= DP_BINOP_COUNT && x->arg < 2 * DP_BINOP_COUNT) {
            memset(&v, 0, sizeof v);
            v.kind = V_INPLACE;
            v.e = b;
            v.op = x->arg - DP_BINOP_COUNT;
            return push(d, st, v);
        }
        if (x->arg < 0 || x->arg >= DP_BINOP_COUNT)
            return fail(d, i, "BINARY_OP %d", (int)x->arg);
        c = mk_expr(d, DP_E_BINOP);
        if (!c)
            return -1;
        if (x->arg == DP_MOD && !(a = unfoldable_format(d, a, b)))
            return -1;
        c->u.binop.left = a;
        c->u.binop.op = (dp_binop)x->arg;
        c->u.binop.right = b;
        return push_e(d, st, c);
    case DP_OP_UNARY_POSITIVE: case DP_OP_UNARY_NEGATIVE: case DP_OP_UNARY_NOT: case DP_OP_UNARY_INVERT:
        TRY(pop_expr(d, st, out, i, &a));
        return push_e(d, st, e_unary(d, x->op == DP_OP_UNARY_POSITIVE ? DP_UADD :
                                        x->op == DP_OP_UNARY_NEGATIVE ? DP_USUB :
                                        x->op == DP_OP_UNARY_NOT ? DP_NOT : DP_INVERT, a));
    case DP_OP_COMPARE_OP:
        if (x->arg > DP_GTE)
            return fail(d, i, "exception match outside a handler");
        TRY(pop_expr(d, st, out, i, &b));
        TRY(pop_expr(d, st, out, i, &a));
        return push_e(d, st, e_compare1(d, a, (dp_cmpop)x->arg, b));
    case DP_OP_IS_OP: case DP_OP_CONTAINS_OP:
        TRY(pop_expr(d, st, out, i, &b));
        TRY(pop_expr(d, st, out, i, &a));
        /* `x in {1, 2}`: the compiler made the set a frozenset constant */
        if (x->op == DP_OP_CONTAINS_OP && b->kind == DP_E_CONSTANT && b->u.constant.value->kind == DP_OBJ_FROZENSET &&
            b->u.constant.value->u.seq.count)
            b = tuple_of_const(d, b->u.constant.value, DP_E_SET);
        return push_e(d, st, e_compare1(d, a, x->op == DP_OP_IS_OP ? (x->arg ? DP_ISNOT : DP_IS)
                                                                : (x->arg ? DP_NOTIN : DP_IN), b));
    case DP_OP_BINARY_SUBSCR:
        TRY(pop_expr(d, st, out, i, &b));
        TRY(pop_expr(d, st, out, i, &a));
        return push_e(d, st, e_subscript(d, a, b, DP_LOAD));
    case DP_OP_BINARY_SLICE:
        TRY(pop_expr(d, st, out, i, &c));
        TRY(pop_expr(d, st, out, i, &b));
        TRY(pop_expr(d, st, out, i, &a));
        return push_e(d, st, e_subscript(d, a, e_slice(d, b, c, NULL), DP_LOAD));
    case DP_OP_BUILD_SLICE:
        c = NULL;
        if (x->arg == 3)
            TRY(pop_expr(d, st, out, i, &c));
        TRY(pop_expr(d, st, out, i, &b));
        TRY(pop_expr(d, st, out, i, &a));
        return push_e(d, st, e_slice(d, a, b, c));
    case DP_OP_BUILD_TUPLE: case DP_OP_BUILD_LIST: case DP_OP_BUILD_SET:
        if (x->op == DP_OP_BUILD_TUPLE && d->version >= 312 && x->arg >= 1 && st->n >= x->arg &&
            st->v[st->n - 1].kind == V_TPARAMS)
            return join_type_params(d, st, i, (int)x->arg);
        if (x->op == DP_OP_BUILD_TUPLE && x->arg == 3 && i + 1 < d->count &&
            d->ins[i + 1].op == DP_OP_CALL_INTRINSIC_1 &&
            strcmp(intrinsic_name(d, d->ins[i + 1].arg), "INTRINSIC_TYPEALIAS") == 0) {
            *next = i + 2;
            mark(d, i + 1, i + 2);
            return type_alias(d, st, out, i);
        }
        TRY(pop_n(d, st, out, i, (size_t)x->arg, &l));
        return push_e(d, st, e_seq(d, x->op == DP_OP_BUILD_TUPLE ? DP_E_TUPLE :
                                      x->op == DP_OP_BUILD_LIST ? DP_E_LIST : DP_E_SET, l, DP_LOAD));
    case DP_OP_BUILD_MAP: case DP_OP_BUILD_CONST_KEY_MAP: {
        dp_expr *m = mk_expr(d, DP_E_DICT);
        if (!m)
            return -1;
        if (x->op == DP_OP_BUILD_CONST_KEY_MAP) {
            TRY(pop_expr(d, st, out, i, &a));
            if (a->kind != DP_E_CONSTANT || a->u.constant.value->kind != DP_OBJ_TUPLE ||
                a->u.constant.value->u.seq.count != (size_t)x->arg)
                return fail(d, i, "BUILD_CONST_KEY_MAP without its keys");
            TRY(pop_n(d, st, out, i, (size_t)x->arg, &m->u.dict.values));
            TRY(elist(d, &m->u.dict.keys, (size_t)x->arg));
            for (int k = 0; k < x->arg; k++)
                if (!(m->u.dict.keys.items[k] = e_const(d, a->u.constant.value->u.seq.items[k])))
                    return -1;
        } else {
            TRY(pop_n(d, st, out, i, 2 * (size_t)x->arg, &l));
            TRY(elist(d, &m->u.dict.keys, (size_t)x->arg));
            TRY(elist(d, &m->u.dict.values, (size_t)x->arg));
            for (int k = 0; k < x->arg; k++) {
                m->u.dict.keys.items[k] = l.items[2 * k];
                m->u.dict.values.items[k] = l.items[2 * k + 1];
            }
        }
        return push_e(d, st, m);
    }
    case DP_OP_BUILD_STRING: {
        dp_expr *j = mk_expr(d, DP_E_JOINEDSTR);
        if (!j)
            return -1;
        TRY(pop_n(d, st, out, i, (size_t)x->arg, &l));
        for (size_t k = 0; k < l.count; k++)
            TRY(fstring_piece(d, &j->u.joinedstr.values, l.items[k]));
        return push_e(d, st, j);
    }
    case DP_OP_CONVERT_VALUE: {
        static const int conv[4] = {-1, 's', 'r', 'a'};
        TRY(pop_expr(d, st, out, i, &a));
        b = mk_expr(d, DP_E_FORMATTEDVALUE);
        if (!b)
            return -1;
        b->u.formatted.value = a;
        b->u.formatted.conversion = (x->arg >= 0 && x->arg < 4) ? conv[x->arg] : -1;
        b->ctx = DP_STORE; /* provisional: FORMAT_VALUE completes it */
        return push_e(d, st, b);
    }
    case DP_OP_FORMAT_VALUE: {
        static const int conv[4] = {-1, 's', 'r', 'a'};
        c = NULL;
        if (x->arg & 4) {
            TRY(pop_expr(d, st, out, i, &c));
            c = as_joinedstr(d, c);
            if (!c)
                return -1;
        }
        TRY(pop_expr(d, st, out, i, &a));
        if (a->kind == DP_E_FORMATTEDVALUE && a->ctx == DP_STORE) {
            b = a;
            b->ctx = DP_LOAD;
        } else {
            b = mk_expr(d, DP_E_FORMATTEDVALUE);
            if (!b)
                return -1;
            b->u.formatted.value = a;
            b->u.formatted.conversion = conv[x->arg & 3];
        }
        b->u.formatted.format_spec = c;
        return push_e(d, st, as_joinedstr(d, b));
    }
    case DP_OP_LIST_APPEND: case DP_OP_SET_ADD:
        TRY(pop_expr(d, st, out, i, &a));
        TRY(display_to_extend(d, st, x->arg, x->op == DP_OP_LIST_APPEND ? DP_E_LIST : DP_E_SET, &b));
        if (b && x->arg == 1)
            return elist_append(d, &b->u.set.elts, a);
        return comp_append(d, out, a, NULL);
    case DP_OP_MAP_ADD:
        TRY(pop_expr(d, st, out, i, &b));
        TRY(pop_expr(d, st, out, i, &a));
        if (d->version == 307) /* value, key order before 3.8 (never reached) */
            return comp_append(d, out, b, a);
        TRY(display_to_extend(d, st, x->arg, DP_E_DICT, &c));
        if (c && x->arg == 1) {
            TRY(elist_append(d, &c->u.dict.keys, a));
            return elist_append(d, &c->u.dict.values, b);
        }
        return comp_append(d, out, a, b);
    case DP_OP_LIST_EXTEND: case DP_OP_SET_UPDATE:
        TRY(pop_expr(d, st, out, i, &a));
        TRY(display_to_extend(d, st, x->arg, x->op == DP_OP_LIST_EXTEND ? DP_E_LIST : DP_E_SET, &b));
        if (!b || x->arg != 1)
            return extend_in_place(d, st, out, i, x->arg, a, x->op == DP_OP_LIST_EXTEND ? "extend" : "update");
        if (a->kind == DP_E_CONSTANT && b->u.set.elts.count == 0 &&
            (a->u.constant.value->kind == DP_OBJ_TUPLE || a->u.constant.value->kind == DP_OBJ_FROZENSET)) {
            const dp_object *t = a->u.constant.value;
            for (size_t k = 0; k < t->u.seq.count; k++)
                TRY(elist_append(d, &b->u.set.elts, e_const(d, t->u.seq.items[k])));
            return 0;
        }
        c = mk_expr(d, DP_E_STARRED);
        if (!c)
            return -1;
        c->u.starred.value = a;
        return elist_append(d, &b->u.set.elts, c);
    case DP_OP_DICT_UPDATE: case DP_OP_DICT_MERGE:
        TRY(pop_expr(d, st, out, i, &a));
        TRY(display_to_extend(d, st, x->arg, DP_E_DICT, &b));
        if (!b || x->arg != 1)
            return fail(d, i, "DICT_UPDATE outside a display");
        /* (a display's entries become the enclosing one's only right after
         * a `**x`, or after a long run of keys: the compiler merges keys
         * that follow one as such a display, `{**x, 'k': v}`, and builds a
         * long display, 3.10+ a long keyword list, 17 keys at a time;
         * anywhere else it is `**{'k': v}`) */
        if (a->kind == DP_E_DICT && a->u.dict.keys.count &&
            (b->u.dict.keys.count ? !b->u.dict.keys.items[b->u.dict.keys.count - 1] || keyed_run(b) >= LONG_KEY_RUN : 0)) {
            for (size_t k = 0; k < a->u.dict.keys.count; k++) {
                TRY(elist_append(d, &b->u.dict.keys, a->u.dict.keys.items[k]));
                TRY(elist_append(d, &b->u.dict.values, a->u.dict.values.items[k]));
            }
            return 0;
        }
        b->u.dict.keys.items = dp_arena_grow(d->arena, b->u.dict.keys.items,
                                             b->u.dict.keys.count * sizeof(dp_expr *),
                                             (b->u.dict.keys.count + 1) * sizeof(dp_expr *));
        if (!b->u.dict.keys.items)
            return -1;
        b->u.dict.keys.items[b->u.dict.keys.count++] = NULL;
        return elist_append(d, &b->u.dict.values, a);
    case DP_OP_LIST_TO_TUPLE:
        TRY(pop_expr(d, st, out, i, &a));
        if (a->kind != DP_E_LIST)
            return fail(d, i, "LIST_TO_TUPLE of a non-list");
        return push_e(d, st, e_seq(d, DP_E_TUPLE, a->u.set.elts, DP_LOAD));
    case DP_OP_BUILD_TUPLE_UNPACK: case DP_OP_BUILD_LIST_UNPACK: case DP_OP_BUILD_SET_UNPACK:
    case DP_OP_BUILD_TUPLE_UNPACK_WITH_CALL: {
        dp_expr_list elts = {0};
        TRY(pop_n(d, st, out, i, (size_t)x->arg, &l));
        for (size_t k = 0; k < l.count; k++) {
            dp_expr_list part;
            TRY(star_args(d, l.items[k], &part));
            for (size_t j = 0; j < part.count; j++)
                TRY(elist_append(d, &elts, part.items[j]));
        }
        dp_expr *seq = e_seq(d, x->op == DP_OP_BUILD_LIST_UNPACK ? DP_E_LIST :
                                x->op == DP_OP_BUILD_SET_UNPACK ? DP_E_SET : DP_E_TUPLE, elts, DP_LOAD);
        if (seq && x->op != DP_OP_BUILD_TUPLE_UNPACK_WITH_CALL)
            seq->own_display = 1;
        return push_e(d, st, seq);
    }
    case DP_OP_BUILD_MAP_UNPACK: case DP_OP_BUILD_MAP_UNPACK_WITH_CALL: {
        dp_expr *m = mk_expr(d, DP_E_DICT);
        if (!m)
            return -1;
        TRY(pop_n(d, st, out, i, (size_t)(x->arg & 0xff), &l));
        for (size_t k = 0; k < l.count; k++) {
            dp_expr *p = l.items[k];
            /* (keys are the display's own first, or right after a `**x`;
             * else `**{'k': v}`, which a lone one needs too: `{**{'k': v}}`) */
            if (p->kind == DP_E_DICT && p->u.dict.keys.count && (k ? l.items[k - 1]->kind != DP_E_DICT : l.count > 1)) {
                for (size_t j = 0; j < p->u.dict.keys.count; j++) {
                    TRY(elist_append(d, &m->u.dict.values, p->u.dict.values.items[j]));
                    m->u.dict.keys.items = dp_arena_grow(d->arena, m->u.dict.keys.items,
                                                         m->u.dict.keys.count * sizeof(dp_expr *),
                                                         (m->u.dict.keys.count + 1) * sizeof(dp_expr *));
                    if (!m->u.dict.keys.items)
                        return -1;
                    m->u.dict.keys.items[m->u.dict.keys.count++] = p->u.dict.keys.items[j];
                }
            } else {
                TRY(elist_append(d, &m->u.dict.values, p));
                m->u.dict.keys.items = dp_arena_grow(d->arena, m->u.dict.keys.items,
                                                     m->u.dict.keys.count * sizeof(dp_expr *),
                                                     (m->u.dict.keys.count + 1) * sizeof(dp_expr *));
                if (!m->u.dict.keys.items)
                    return -1;
                m->u.dict.keys.items[m->u.dict.keys.count++] = NULL;
            }
        }
        return push_e(d, st, m);
    }
    case DP_OP_UNPACK_SEQUENCE:
        if (unpacks_starred(d, st, i)) {
            TRY(pop_expr(d, st, out, i, &a));
            b = mk_expr(d, DP_E_STARRED);
            if (!b)
                return -1;
            b->u.starred.value = a;
            return push_e(d, st, b);
        }
        return unpack(d, st, out, i, x->arg, -1);
    case DP_OP_UNPACK_EX:
        return unpack(d, st, out, i, (x->arg & 0xff) + 1 + (x->arg >> 8), x->arg & 0xff);
    case DP_OP_ROT_TWO: case DP_OP_ROT_THREE: case DP_OP_SWAP:
        r = swap_assign(d, st, out, i, next);
        if (r != 0)
            return r < 0 ? r : 0;
        /* fall through */
    case DP_OP_ROT_FOUR: case DP_OP_ROT_N: {
        int n = x->op == DP_OP_ROT_TWO ? 2 : x->op == DP_OP_ROT_THREE ? 3 :
                x->op == DP_OP_ROT_FOUR ? 4 : (int)x->arg;
        if (n < 1 || n > st->n)
            return fail(d, i, "stack underflow");
        /* The second reading: two computed values about to change places
         * would be spilled (bottom first) in the new order, so evaluated in
         * an order other than the code's; they go to temporaries now. */
        if (d->copy_spill && computed_values(st, n) >= 2)
            TRY(spill_pending(d, st, out, i));
        if (x->op == DP_OP_SWAP) {
            sv t = st->v[st->n - 1];
            st->v[st->n - 1] = st->v[st->n - n];
            st->v[st->n - n] = t;
        } else {
            sv t = st->v[st->n - 1];
            memmove(&st->v[st->n - n + 1], &st->v[st->n - n], (size_t)(n - 1) * sizeof t);
            st->v[st->n - n] = t;
        }
        return 0;
    }
    case DP_OP_DUP_TOP: case DP_OP_COPY: {
        int n = x->op == DP_OP_DUP_TOP ? 1 : (int)x->arg;
        if (n < 1 || n > st->n)
            return fail(d, i, "stack underflow");
        /* The second reading (after the patterns failed): a computed value
         * that is copied goes to a temporary, with everything evaluated
         * before it, so that each copy reads the one value. */
        if (d->copy_spill && st->v[st->n - n].kind == V_EXPR && st->v[st->n - n].e->kind != DP_E_CONSTANT &&
            st->v[st->n - n].e->kind != DP_E_NAME && !st->v[st->n - n].twin_assign && !st->v[st->n - n].copied &&
            st->v[st->n - 1].kind == V_EXPR)
            TRY(spill_pending(d, st, out, i));
        st->v[st->n - n].copied = 1;
        v = st->v[st->n - n];
        v.twin_assign = NULL;
        return push(d, st, v);
    }
    case DP_OP_DUP_TOP_TWO:
        if (st->n < 2)
            return fail(d, i, "stack underflow");
        st->v[st->n - 2].copied = st->v[st->n - 1].copied = 1;
        v = st->v[st->n - 2];
        TRY(push(d, st, v));
        v = st->v[st->n - 2];
        return push(d, st, v);
    case DP_OP_POP_TOP:
        TRY(pop_raw(d, st, i, &v));
        switch (v.kind) {
        case V_EXPR:
            if (v.twin_assign) {
                TRY(push(d, st, v));
                TRY(pop_expr(d, st, out, i, &a));
            } else {
                a = v.e;
            }
            if (is_temp_name(a))
                return 0;   /* a temporary dropped: nothing to evaluate */
            if (st->n && st->v[st->n - 1].kind == V_EXPR && st->v[st->n - 1].e != a && !st->v[st->n - 1].twin_assign)
                TRY(spill_pending(d, st, out, i));
            return emit_expr_stmt(d, out, a);
        case V_FUNC:
            if (v.fn->classdef || !code_is(v.fn->code, "<lambda>"))
                return fail(d, i, "a function made and dropped");
            return emit_expr_stmt(d, out, func_as_expr(d, i, v.fn));
        case V_ITER: case V_NULL: case V_IMPORT:
            return 0;
        case V_SLOT: {
            /* 3.13 drops a store that the next store to the same local
             * overwrites (`_, _, x = t`): the slot is that name's */
            int k = i + 1;
            while (d->version >= 313 && k < d->count && d->ins[k].op == DP_OP_POP_TOP)
                k++;
            if (d->version < 313 || k >= d->count || d->ins[k].op != DP_OP_STORE_FAST)
                return fail(d, i, "POP_TOP of %s", kind_name(v.kind));
            return fill_slot(d, v.grp, v.idx, e_name(d, d->ins[k].name, DP_STORE), i);
        }
        default:
            return fail(d, i, "POP_TOP of %s", kind_name(v.kind));
        }
    case DP_OP_RETURN_VALUE:
        if (d->body_kind == BODY_GENERIC && d->generic_made) {
            if (d->generic_made->kind != V_EXPR || d->generic_made->e)
                return fail(d, i, "a generic scope that returns twice");
            return pop_raw(d, st, i, d->generic_made);
        }
        TRY(pop_expr(d, st, out, i, &a));
        s = mk_stmt(d, DP_S_RETURN);
        if (!s)
            return -1;
        s->u.ret.value = a;
        s->u.ret.const_kept_apart = a->kind == DP_E_CONSTANT &&
                                    !(i > 0 && d->ins[i - 1].op == DP_OP_LOAD_CONST &&
                                      (d->version < 312 || d->ins[i - 1].offset == d->ins[i].offset));
        return sl_push(d, out, s);
    case DP_OP_YIELD_VALUE:
        d->saw_yield = 1;
        TRY(pop_expr(d, st, out, i, &a));
        b = mk_expr(d, DP_E_YIELD);
        if (!b)
            return -1;
        b->u.value.value = is_none(a) ? NULL : a;
        return push_e(d, st, b);
    case DP_OP_ASYNC_GEN_WRAP:
        return 0;
    case DP_OP_TO_BOOL:   /* standalone (see norm.c): `not not x` */
        TRY(pop_expr(d, st, out, i, &a));
        return push_e(d, st, e_unary(d, DP_NOT, e_unary(d, DP_NOT, a)));
    case DP_OP_CALL_INTRINSIC_1: {
        const char *name = intrinsic_name(d, x->arg);
        if (strcmp(name, "INTRINSIC_LIST_TO_TUPLE") == 0) {
            TRY(pop_expr(d, st, out, i, &a));
            if (a->kind != DP_E_LIST)
                return fail(d, i, "LIST_TO_TUPLE of a non-list");
            return push_e(d, st, e_seq(d, DP_E_TUPLE, a->u.set.elts, DP_LOAD));
        }
        if (strcmp(name, "INTRINSIC_UNARY_POSITIVE") == 0) {
            TRY(pop_expr(d, st, out, i, &a));
            return push_e(d, st, e_unary(d, DP_UADD, a));
        }
        if (strcmp(name, "INTRINSIC_ASYNC_GEN_WRAP") == 0)
            return 0;
        if (strcmp(name, "INTRINSIC_IMPORT_STAR") == 0)
            goto import_star;
        if (strcmp(name, "INTRINSIC_TYPEVAR") == 0)
            return type_param(d, st, out, i, DP_TP_TYPEVAR, NULL);
        if (strcmp(name, "INTRINSIC_PARAMSPEC") == 0)
            return type_param(d, st, out, i, DP_TP_PARAMSPEC, NULL);
        if (strcmp(name, "INTRINSIC_TYPEVARTUPLE") == 0)
            return type_param(d, st, out, i, DP_TP_TYPEVARTUPLE, NULL);
        if (strcmp(name, "INTRINSIC_SUBSCRIPT_GENERIC") == 0 && d->body_kind == BODY_GENERIC) {
            /* Generic[*.type_params]: the class's base, named .generic_base */
            TRY(pop_expr(d, st, out, i, &a));
            if (!d->generic_params || a->kind != DP_E_NAME || strcmp(a->u.name.id, ".type_params") != 0)
                return fail(d, i, "SUBSCRIPT_GENERIC of something but the type parameters");
            return push_kind(d, st, V_GENERIC);
        }
        return fail(d, i, "CALL_INTRINSIC_1 %s", name);
    }
    case DP_OP_CALL_INTRINSIC_2: {
        const char *name = intrinsic2_name(d, x->arg);
        if (strcmp(name, "INTRINSIC_TYPEVAR_WITH_BOUND") == 0 ||
            strcmp(name, "INTRINSIC_TYPEVAR_WITH_CONSTRAINTS") == 0) {
            TRY(pop_raw(d, st, i, &v));
            if (v.kind != V_FUNC || v.fn->classdef || v.fn->typealias)
                return fail(d, i, "a type variable's bound that is no lazy value");
            TRY(lazy_value(d, i, v.fn, &a));
            return type_param(d, st, out, i, DP_TP_TYPEVAR, a);
        }
        if (strcmp(name, "INTRINSIC_SET_TYPEPARAM_DEFAULT") == 0) {
            TRY(pop_raw(d, st, i, &v));
            if (v.kind != V_FUNC || v.fn->classdef || v.fn->typealias)
                return fail(d, i, "a type parameter's default that is no lazy value");
            TRY(lazy_value(d, i, v.fn, &a));
            if (!st->n || st->v[st->n - 1].kind != V_TPARAMS || st->v[st->n - 1].tparams->count != 1)
                return fail(d, i, "a default without its type parameter");
            st->v[st->n - 1].tparams->items[0]->default_value = a;
            return 0;
        }
        if (strcmp(name, "INTRINSIC_SET_FUNCTION_TYPE_PARAMS") == 0 && d->body_kind == BODY_GENERIC) {
            sv f;
            TRY(pop_raw(d, st, i, &v));
            TRY(pop_raw(d, st, i, &f));
            if (v.kind != V_TPARAMS || f.kind != V_FUNC || f.fn->classdef || f.fn->typealias)
                return fail(d, i, "SET_FUNCTION_TYPE_PARAMS without a function and its type parameters");
            f.fn->type_params = *v.tparams;
            return push(d, st, f);
        }
        return fail(d, i, "CALL_INTRINSIC_2 %s", name);
    }
    case DP_OP_MAKE_FUNCTION:
        return make_function(d, st, out, i, d->version >= 313 ? 0 : x->arg);
    case DP_OP_SET_FUNCTION_ATTRIBUTE:
        TRY(pop_raw(d, st, i, &v));
        if (v.kind != V_FUNC)
            return fail(d, i, "SET_FUNCTION_ATTRIBUTE without a function");
        TRY(pop_expr(d, st, out, i, &a));
        if (x->arg == 1) v.fn->defaults = a;
        else if (x->arg == 2) v.fn->kwdefaults = a;
        else if (x->arg == 4) v.fn->annotations = a;
        else if (x->arg != 8) return fail(d, i, "SET_FUNCTION_ATTRIBUTE %d", (int)x->arg);
        return push(d, st, v);
    case DP_OP_LOAD_BUILD_CLASS:
        return push_kind(d, st, V_BUILD_CLASS);
    case DP_OP_LOAD_ASSERTION_ERROR:
        return push_kind(d, st, V_ASSERT);
    case DP_OP_SETUP_ANNOTATIONS:
        d->uses_annotations = 1;
        return 0;
    case DP_OP_IMPORT_NAME:
        TRY(pop_expr(d, st, out, i, &b));
        TRY(pop_expr(d, st, out, i, &a));
        if (a->kind != DP_E_CONSTANT || a->u.constant.value->kind != DP_OBJ_INT ||
            b->kind != DP_E_CONSTANT)
            return fail(d, i, "IMPORT_NAME without constant level and names");
        memset(&v, 0, sizeof v);
        v.kind = V_IMPORT;
        v.module = x->name;
        v.level = (int)a->u.constant.value->u.integer.small;
        v.fromlist = b->u.constant.value;
        return push(d, st, v);
    case DP_OP_IMPORT_FROM:
        if (!st->n || st->v[st->n - 1].kind != V_IMPORT)
            return fail(d, i, "IMPORT_FROM without a module");
        v = st->v[st->n - 1];
        if (v.fromlist->kind == DP_OBJ_NONE) {
            v.aschain = 1;
            return push(d, st, v);
        }
        if (!v.import_from) {
            s = mk_stmt(d, DP_S_IMPORTFROM);
            if (!s)
                return -1;
            s->u.importfrom.module = v.module[0] ? v.module : NULL;
            s->u.importfrom.level = v.level;
            TRY(sl_push(d, out, s));
            st->v[st->n - 1].import_from = s;
            v.import_from = s;
        }
        v.kind = V_IMPORT_ATTR;
        v.attr = x->name;
        return push(d, st, v);
    case DP_OP_IMPORT_STAR:
    import_star:
        TRY(pop_raw(d, st, i, &v));
        if (v.kind != V_IMPORT)
            return fail(d, i, "import * without a module");
        s = mk_stmt(d, DP_S_IMPORTFROM);
        if (!s)
            return -1;
        s->u.importfrom.module = v.module[0] ? v.module : NULL;
        s->u.importfrom.level = v.level;
        TRY(alias_append(d, &s->u.importfrom.names, mk_alias(d, "*", NULL)));
        TRY(sl_push(d, out, s));
        if (x->op == DP_OP_CALL_INTRINSIC_1)
            return push_kind(d, st, V_NULL); /* its result is popped next */
        return 0;
    case DP_OP_RAISE_VARARGS:
        s = mk_stmt(d, DP_S_RAISE);
        if (!s)
            return -1;
        if (x->arg == 2)
            TRY(pop_expr(d, st, out, i, &s->u.raise.cause));
        if (x->arg >= 1) {
            TRY(pop_raw(d, st, i, &v));
            if (v.kind == V_ASSERT) {
                s->u.raise.assertion = DP_ASSERTION;
                s->u.raise.exc = v.e ? v.e : e_name(d, "AssertionError", DP_LOAD);
                if (!s->u.raise.exc)
                    return -1;
            } else {
                TRY(push(d, st, v));
                TRY(pop_expr(d, st, out, i, &s->u.raise.exc));
                if (x->arg == 1 && is_assertion_38(d, s->u.raise.exc))
                    s->u.raise.assertion = DP_MAYBE_ASSERTION;
            }
        }
        return sl_push(d, out, s);
    case DP_OP_KW_NAMES:  /* read by the CALL that follows */
        if (i + 1 < d->count && d->ins[i + 1].op == DP_OP_CALL)
            return 0;
        return fail(d, i, "KW_NAMES not followed by CALL");
    case DP_OP_CALL:
        if (i > 0 && d->ins[i - 1].op == DP_OP_KW_NAMES)
            return do_call(d, st, out, i, x->arg, d->ins[i - 1].obj);
        return do_call(d, st, out, i, x->arg, NULL);
    case DP_OP_CALL_KW:
        TRY(pop_expr(d, st, out, i, &a));
        if (a->kind != DP_E_CONSTANT || a->u.constant.value->kind != DP_OBJ_TUPLE)
            return fail(d, i, "CALL_KW without a names tuple");
        return do_call(d, st, out, i, x->arg, a->u.constant.value);
    case DP_OP_CALL_FUNCTION_EX:
        return do_call_ex(d, st, out, i, x->arg & 1);
    default:
        return fail(d, i, "%s not expected here", dp_opcode_name((dp_opcode)x->op));
    }
}

/* Whether x and y do the same: a jump's argument may differ (relative jumps)
 * where it goes to the same place. */
static int same_start(const dp_ins *x, const dp_ins *y)
{
    return x->op == y->op && x->name == y->name && x->obj == y->obj && (x->target >= 0) == (y->target >= 0) &&
           (x->target >= 0 ? x->target == y->target : x->arg == y->arg);
}

/* The length of the exit block at k: up to its first return, raise or
 * jump; -1 if there is none near. */
static int exit_len(const dc *d, int k)
{
    for (int n = 1; k + n <= d->count && n <= 64; n++) {
        uint16_t op = d->ins[k + n - 1].op;
        if (op == DP_OP_RETURN_VALUE || op == DP_OP_RAISE_VARARGS || op == DP_OP_RERAISE || op == DP_N_JUMP)
            return n;
    }
    return -1;
}

/* Where the exit block at k ends in a jump: its target; else -1. */
static int exit_jump_target(const dc *d, int k)
{
    int n = exit_len(d, k);
    return n > 0 && d->ins[k + n - 1].op == DP_N_JUMP ? d->ins[k + n - 1].target : -1;
}

/* Code at `copy` repeats the code at `canon` up to and including a return,
 * raise or jump (3.10+ copies small exit blocks to each exit): its length,
 * 0 when copy == canon, -1 when it is not a copy. */
/* Whether k is a finally handler's closing RERAISE that
 * unshare_finally_exits(_310) made a jump to the RERAISE at to (to < 0:
 * to any RERAISE). */
static int made_reraise_jump(const dc *d, int k, int to)
{
    if (k < 0 || k >= d->count)
        return 0;
    const dp_ins *x = &d->ins[k];
    return x->op == DP_N_JUMP && (x->flag & DP_FLAG_MADE_JUMP) && x->target >= 0 && x->target < d->count &&
           (to < 0 || x->target == to) && d->ins[x->target].op == DP_OP_RERAISE;
}

static int same_exit(const dc *d, int copy, int canon)
{
    if (copy == canon)
        return 0;
    if (copy < 0 || canon < 0 || copy >= d->count || canon >= d->count)
        return -1;
    int n = exit_len(d, copy);
    if (n < 0 || canon + n > d->count)
        return -1;
    for (int k = 0; k < n; k++) {
        /* (3.10: the copy's closing RERAISE made a jump to the one it
         * copies, see unshare_finally_exits_310, or the other way round) */
        if (k == n - 1 && d->version == 310 &&
            (made_reraise_jump(d, copy + k, canon + k) || made_reraise_jump(d, canon + k, copy + k)))
            continue;
        if (!same_start(&d->ins[copy + k], &d->ins[canon + k]))
            return -1;
    }
    return n;
}

static uint32_t start_hash(const dp_ins *x)
{
    uint64_t h = x->op * 0x9E3779B97F4A7C15u;
    h ^= (uint64_t)(uint32_t)(x->target >= 0 ? x->target : x->arg) + 0x7F4A7C15u + (h << 6) + (h >> 2);
    h ^= (uint64_t)(uintptr_t)x->name + (h << 6) + (h >> 2);
    h ^= (uint64_t)(uintptr_t)x->obj + (h << 6) + (h >> 2);
    return (uint32_t)(h ^ (h >> 32));
}

/* d->prev_same: each instruction's previous one that same_start takes as
 * equal, from one pass with a hash table of the latest index per kind. */
static int build_prev_same(dc *d)
{
    size_t cap = 16;
    while (cap < 2 * (size_t)d->count)
        cap *= 2;
    int32_t *prev = dp_arena_array_uninit(d->arena, (size_t)d->count, sizeof *prev);
    int32_t *slot = dp_arena_array_uninit(d->arena, cap, sizeof *slot);
    if (!prev || !slot)
        return -1;
    memset(slot, 0xff, cap * sizeof *slot);
    for (int k = 0; k < d->count; k++) {
        size_t h = start_hash(&d->ins[k]) & (cap - 1);
        while (slot[h] >= 0 && !same_start(&d->ins[slot[h]], &d->ins[k]))
            h = (h + 1) & (cap - 1);
        prev[k] = slot[h];
        slot[h] = k;
    }
    d->prev_same = prev;
    return 0;
}

/* The last index P in (lo, hi), at the stack depth of `copy` and not
 * claimed, whose exit block the code at `copy` repeats (see same_exit):
 * *out, -1 if none.  A long range walks only the indices that start the
 * same way (from `copy`, past it), so that a chain of N elifs, each
 * searching the rest of the chain, costs O(N) and not O(N^2). */
static int exit_canon_in(dc *d, int copy, int lo, int hi, int *out)
{
    int indexed = hi - lo > 64 && copy >= hi;
    if (indexed && !d->prev_same)
        TRY(build_prev_same(d));
    int P = indexed ? copy : hi - 1;
    while (indexed && P >= hi)
        P = d->prev_same[P];
    for (*out = -1; P > lo; P = indexed ? d->prev_same[P] : P - 1)
        if (d->ins[P].stack == d->ins[copy].stack && !d->claimed[P] && same_exit(d, copy, P) > 0) {
            *out = P;
            break;
        }
    return 0;
}

/* Whether code in [lo, hi) jumps into (a, b): into the middle of a block. */
static int enters_between(const dc *d, int lo, int hi, int a, int b)
{
    for (int q = lo; q < hi; q++)
        if (d->ins[q].target > a && d->ins[q].target < b)
            return 1;
    return 0;
}

static int raw_handler(dc *d, int k);
static int under_raw(dc *d, int k, int X);
static int eff_handler(dc *d, int k);
static int exit_call_at(const dc *d, int k);
static int leaves_clause_before(const dc *d, int k);
static int after_name_cleanup(const dc *d, int k);
static int past_dead_ins(const dc *d, int k);
static int past_block_exits(const dc *d, int q);
static int unwind_38(const dc *d, int k, int *value);

static int clause_return_end(const dc *d, int k);

/* 3.11+: whether the block at F, with the stack the code at T has, is
 * still to be read (the start of lone_exit_block and else_exit_block). */
static int exit_block_free(const dc *d, int F, int T)
{
    return d->version >= 311 && F < d->count && !d->claimed[F] && !d->visits[F] && d->ins[F].stack == d->ins[T].stack;
}

/* 3.11+: from F, code under j's handler straight to a return or raise,
 * with no jump into it past F and none out of it: its end, else -1. */
static int exit_block_under(dc *d, int F, int j)
{
    int h = raw_handler(d, j);
    for (int q = F; q < d->count && q < F + 64; q++) {
        uint16_t op = d->ins[q].op;
        if (raw_handler(d, q) != h || d->ins[q].stack < 0 || d->claimed[q] || d->visits[q] ||
            (q > F && d->incoming[q]) || d->ins[q].target >= 0)
            return -1;
        if (op == DP_OP_RETURN_VALUE || op == DP_OP_RAISE_VARARGS || op == DP_OP_RERAISE)
            return q + 1;
    }
    return -1;
}

/* 3.11+: the block at F, when only the conditional jump j goes there and
 * it runs under j's handler straight to a return or raise: its end, else
 * -1. */
static int lone_exit_block(dc *d, int F, int j, int T)
{
    return exit_block_free(d, F, T) && d->incoming[F] == 1 ? exit_block_under(d, F, j) : -1;
}

/* 3.11+: the else-part at F of the test whose last jump is at `last`,
 * placed apart: only the test's jumps (in [lo, last]) go there, and it is
 * a return out of the except clause the test is in (which runs outside the
 * clause's handler) or a lone_exit_block.  Its end, else -1. */
static int is_control_op(uint16_t op);

static int else_exit_block(dc *d, int F, int lo, int last, int T)
{
    if (d->version == 310 && F < d->count && !d->claimed[F] && !d->visits[F] && d->ins[F].stack == d->ins[T].stack &&
        d->incoming[F] && d->first_from[F] >= lo && d->last_from[F] == last) {
        /* 3.10: an else-part that raises, placed after the then-part's
         * copy of the clause's end, in the test's block */
        for (int q = F; q < d->count && q < F + 64; q++) {
            if (d->ins[q].stack < 0 || d->claimed[q] || d->visits[q] || (q > F && d->incoming[q]) ||
                d->ins[q].target >= 0 || d->bstack[q] != d->bstack[last])
                return -1;
            if (d->ins[q].op == DP_OP_RAISE_VARARGS)
                return q + 1;
            if (ends_block(d->ins[q].op))
                return -1;
        }
        return -1;
    }
    if (!exit_block_free(d, F, T) || !d->incoming[F] || d->first_from[F] < lo || d->last_from[F] != last)
        return -1;
    int re = clause_return_end(d, F), from = F;
    if (re <= F && d->version >= 313) {
        /* (3.13: `return value`, the value computed first, straight code
         * under the test's handler, or under none where it cannot raise,
         * then swapped below the exception) */
        int h = raw_handler(d, last);
        for (int q = F; q < d->count && q < F + 64; q++) {
            if ((q > F && d->incoming[q]) || d->claimed[q] || d->visits[q] || d->ins[q].target >= 0)
                break;
            if (q > F && d->ins[q].op == DP_OP_SWAP && d->ins[q].arg == 2 && d->ins[q].stack == d->ins[F].stack + 1) {
                re = clause_return_end(d, q);
                from = q;
                break;
            }
            if ((raw_handler(d, q) != h && raw_handler(d, q) >= 0) || is_control_op(d->ins[q].op))
                break;
        }
    }
    if (re <= F)
        return exit_block_under(d, F, last);
    for (int q = from + 1; q < re; q++)
        if (d->claimed[q] || d->visits[q] || d->incoming[q] || d->ins[q].target >= 0)
            return -1;
    return re;
}

/* 3.10+: the block at F, reached only from the conditional jump j, runs
 * under j's handler (3.10: in j's block) up to E, where a copy of the code
 * at `follow` (where the enclosing block goes on) begins: the else-part of
 * an if whose then-part falls into `follow`, moved past it (an except
 * clause's if/else, each branch ending in its own copy of the clause's
 * end).  The else-part may branch forward (an elif, whose own then-part
 * ends in the copy at E and whose else-part lies past it), but only its
 * own jumps go into it.  E, else -1. */
static int jumped_only_from(const dc *d, int t, int lo, int hi);

static int else_before_copy(dc *d, int F, int j, int T, int follow)
{
    if (d->version < 310 || follow < 0 || F >= d->count || d->claimed[F] || d->visits[F] || d->incoming[F] != 1 ||
        d->ins[F].stack != d->ins[T].stack)
        return -1;
    int h = raw_handler(d, j);
    for (int q = F; q < d->count && q < F + 64; q++) {
        if (q > F && !jumped_only_from(d, q, F, q))
            return -1;
        if (q > F && d->ins[q].stack == d->ins[follow].stack && same_exit(d, q, follow) > 0)
            return q;
        uint16_t op = d->ins[q].op;
        /* (a raise may end a branch inside it, `elif c: raise E`, where a
         * jump from inside goes on after it) */
        int branch_raises = op == DP_OP_RAISE_VARARGS && q + 1 < d->count && d->incoming[q + 1] &&
                            d->first_from[q + 1] >= F && d->last_from[q + 1] < q;
        /* (3.13: or the body of a try statement there, under a handler
         * inside j's, its handlers placed past E) */
        int nested = d->version >= 313 && raw_handler(d, q) != h && h >= 0 && under_raw(d, q, h) &&
                     raw_handler(d, q) > q;
        if ((raw_handler(d, q) != h && !nested) || (d->bstack && d->bstack[q] != d->bstack[j]) || d->ins[q].stack < 0 ||
            d->claimed[q] || d->visits[q] || (d->ins[q].target >= 0 && d->ins[q].target <= q) ||
            op == DP_OP_RETURN_VALUE || (op == DP_OP_RAISE_VARARGS && !branch_raises) || op == DP_OP_RERAISE)
            return -1;
    }
    return -1;
}

/* Some jump goes into [lo, hi). */
static int jumped_into(const dc *d, int lo, int hi)
{
    for (int q = lo; q < hi; q++)
        if (d->incoming[q])
            return 1;
    return 0;
}

/* Code [lo, hi) ends in a return or raise and jumps nowhere past it: the
 * code after it is not reached from it. */
static int else_never_falls(const dc *d, int lo, int hi)
{
    if (hi <= lo)
        return 0;
    uint16_t last = d->ins[hi - 1].op;
    if (!(last == DP_OP_RETURN_VALUE || last == DP_OP_RAISE_VARARGS || last == DP_OP_RERAISE))
        return 0;
    for (int q = lo; q < hi; q++)
        if (d->ins[q].target >= hi)
            return 0;
    return 1;
}

typedef struct name_slot {
    const char *data;
    int32_t index;
} name_slot;

static int cmp_name_slot(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const name_slot *)a)->data, y = (uintptr_t)((const name_slot *)b)->data;
    return x < y ? -1 : x > y;
}

/* The instruction's name is a fast local, cell or free variable, not one
 * of co_names. */
static int names_a_local(uint16_t op)
{
    switch (op) {
    case DP_OP_LOAD_FAST: case DP_OP_LOAD_FAST_CHECK: case DP_OP_LOAD_FAST_AND_CLEAR:
    case DP_OP_STORE_FAST: case DP_OP_DELETE_FAST: case DP_OP_LOAD_DEREF: case DP_OP_STORE_DEREF:
    case DP_OP_DELETE_DEREF: case DP_OP_LOAD_CLOSURE: case DP_OP_LOAD_CLASSDEREF:
    case DP_OP_LOAD_FROM_DICT_OR_DEREF:
        return 1;
    default:
        return 0;
    }
}

/* d->first_ref and d->first_use_tree, built on first use: where each
 * co_consts or co_names index is first used (a name found by its string's
 * address, the one the normalizer gives it), and over the instructions a
 * segment tree of the indices first used there; with them d->consts_before
 * and d->loop_consts.  They are set only once all are built. */
static int build_refs(dc *d)
{
    size_t nn = d->code->names.count, sizes[2] = {d->code->n_consts, nn};
    size_t n = (size_t)d->count;
    int32_t *first_ref[2], *tree[2], *ref_at[2];
    name_slot *slots = dp_arena_array(d->arena, nn ? nn : 1, sizeof *slots);
    if (!slots)
        return -1;
    for (size_t i = 0; i < nn; i++) {
        slots[i].data = d->code->names.items[i].data;
        slots[i].index = (int32_t)i;
    }
    qsort(slots, nn, sizeof *slots, cmp_name_slot);
    for (int w = 0; w < 2; w++) {
        tree[w] = dp_arena_array_uninit(d->arena, 2 * n + 1, sizeof(int32_t));
        ref_at[w] = dp_arena_array_uninit(d->arena, n + 1, sizeof(int32_t));
        first_ref[w] = dp_arena_array(d->arena, sizes[w] ? sizes[w] : 1, sizeof(int32_t));
        if (!tree[w] || !first_ref[w] || !ref_at[w])
            return -1;
        for (size_t i = 0; i < sizes[w]; i++)
            first_ref[w][i] = INT32_MAX;
    }
    int32_t *consts_before = dp_arena_array(d->arena, n + 1, sizeof(int32_t));
    if (!consts_before)
        return -1;
    consts_before[0] = -1;
    for (size_t k = 0; k < n; k++) {
        const dp_ins *in = &d->ins[k];
        int32_t ref[2] = {-1, -1};
        /* (not None: a function without a docstring holds it in
         * co_consts[0], and the compiler's own code loads it anywhere) */
        if (in->op == DP_OP_LOAD_CONST && in->obj && in->obj->kind != DP_OBJ_NONE && in->arg >= 0 &&
            (size_t)in->arg < sizes[0])
            ref[0] = in->arg;
        if (in->name && !names_a_local(in->op)) {
            name_slot key = {in->name, 0};
            const name_slot *hit = bsearch(&key, slots, nn, sizeof *slots, cmp_name_slot);
            ref[1] = hit ? hit->index : -1;
        }
        for (int w = 0; w < 2; w++) {
            int first = ref[w] >= 0 && first_ref[w][ref[w]] == INT32_MAX;
            if (first)
                first_ref[w][ref[w]] = (int32_t)k;
            tree[w][n + k] = first ? ref[w] : INT32_MAX;
            ref_at[w][k] = ref[w];
        }
        consts_before[k + 1] = ref[0] > consts_before[k] ? ref[0] : consts_before[k];
    }
    for (int w = 0; w < 2; w++)
        for (size_t i = n; i-- > 1;)
            tree[w][i] = tree[w][2 * i] < tree[w][2 * i + 1] ? tree[w][2 * i] : tree[w][2 * i + 1];
    d->loop_consts[0] = d->loop_consts[1] = -1;
    for (size_t i = 0; i < sizes[0]; i++) {
        const dp_object *o = d->code->consts[i];
        if (o->kind == DP_OBJ_TRUE)
            d->loop_consts[0] = (int32_t)i;
        else if (o->kind == DP_OBJ_INT && !o->u.integer.is_big && o->u.integer.small == 1)
            d->loop_consts[1] = (int32_t)i;
    }
    d->consts_before = consts_before;
    for (int w = 0; w < 2; w++) {
        d->first_use_tree[w] = tree[w];
        d->first_ref[w] = first_ref[w];
        d->ref_at[w] = ref_at[w];
    }
    return 0;
}

/* The lowest co_consts (which = 0) or co_names (1) index whose first use
 * is in [lo, hi); -1 if none (also when out of memory: then nothing is
 * known).  A segment tree query: source_order asks it of every branch of
 * an if chain, and a scan made a long elif chain quadratic. */
static int first_used_min(dc *d, int lo, int hi, int which)
{
    if (!d->first_use_tree[which] && build_refs(d) < 0)
        return -1;
    const int32_t *tree = d->first_use_tree[which];
    int32_t low = INT32_MAX;
    size_t n = (size_t)d->count;
    if (lo < 0 || hi > d->count)
        return -1;
    for (size_t l = (size_t)lo + n, r = (size_t)hi + n; l < r; l >>= 1, r >>= 1) {
        if (l & 1) {
            low = tree[l] < low ? tree[l] : low;
            l++;
        }
        if (r & 1) {
            r--;
            low = tree[r] < low ? tree[r] : low;
        }
    }
    return low == INT32_MAX ? -1 : low;
}

/* Whether code [a, b) came before [b, c) in the source (1), after it (-1)
 * or nothing tells (0): the constants and names it is the first to use
 * have lower indices than those [b, c) is (the compiler numbers them in
 * source order, so a copy it makes of code after both keeps the later
 * numbers). */
static int source_order(dc *d, int a, int b, int c)
{
    for (int which = 0; which < 2; which++) {
        int x = first_used_min(d, a, b, which), y = first_used_min(d, b, c, which);
        if (x >= 0 && y >= 0)
            return x < y ? 1 : -1;
    }
    return 0;   /* nothing tells */
}

/* Whether the reference to r at k is the first the compiler numbered: the
 * first in the code, or (with `later` >= 0, for a handler placed at the
 * end) one whose earlier uses are all plain code from `later` on, which
 * follows the handler's statement in the source (other handlers placed
 * before this one came first). */
static int first_here(const dc *d, int w, int r, int k, int later)
{
    int f = d->first_ref[w][r];
    if (f == k)
        return 1;
    if (later < 0 || f < later || f > k || k - f > 4096)
        return 0;   /* (a bounded scan; past it, nothing is known) */
    for (int q = f; q < k; q++)
        if (d->ref_at[w][q] == r && !d->plain[q])
            return 0;
    return 1;
}

/* For order_against_handlers, with ref_mark holding which of the code
 * (bit 0) and the handlers (bit 1) use each index: whether side s was
 * compiled after the other, as a name both use shows that s meets first
 * after one only s uses, first numbered there, that has a higher index
 * (compiled first, s would have numbered that one first). */
static int numbered_by_other(dc *d, int w, const int span[2][2], int s, int hi)
{
    int top = -1;   /* the highest index of s's own met so far */
    for (int k = span[s][0]; k < span[s][1]; k++) {
        int32_t r = d->ref_at[w][k];
        if (r < 0 || (s == 0 && d->claimed[k]) || (d->ref_mark[r] & (4 << s)))
            continue;
        d->ref_mark[r] |= (uint8_t)(4 << s);   /* (its first use in s) */
        int f = d->first_ref[w][r];
        if ((d->ref_mark[r] & 3) == (1 << s)) {
            if (first_here(d, w, r, k, s ? hi : -1) && r > top &&
                (w == 1 || (r != d->loop_consts[0] && r != d->loop_consts[1])))
                top = r;
        } else if ((d->ref_mark[r] & 3) == 3 && r < top &&
                   ((f >= span[0][0] && f < span[0][1]) || (f >= span[1][0] && f < span[1][1]))) {
            return 1;
        }
    }
    return 0;
}

/* 3.12+: whether the code [lo, hi) after a try body came before the
 * statement's handlers [H, maxk) in the source, as its else block (1),
 * or after them, following the statement (-1); 0 where nothing tells.
 * The compiler places the handlers at the end either way, but numbers
 * constants and names as it compiles: it tells by the lowest of those
 * that each of the two is the first to use and the other does not use. */
static int order_against_handlers(dc *d, int lo, int hi, int H, int maxk)
{
    if (lo >= hi || H >= maxk || (!d->first_use_tree[0] && build_refs(d) < 0))
        return 0;
    size_t n = d->code->n_consts > d->code->names.count ? d->code->n_consts : d->code->names.count;
    if (!d->ref_mark && !(d->ref_mark = dp_arena_array(d->arena, n ? n : 1, 1)))
        return 0;
    int lows[2][2] = {{INT32_MAX, INT32_MAX}, {INT32_MAX, INT32_MAX}};   /* [which][0: the code, 1: handlers] */
    const int span[2][2] = {{lo, hi}, {H, maxk}};
    for (int w = 0; w < 2; w++) {
        /* (the code's side leaves out other statements' handlers placed
         * among it, which the walk skips) */
        for (int side = 0; side < 2; side++)
            for (int k = span[side][0]; k < span[side][1]; k++)
                if (d->ref_at[w][k] >= 0 && !(side == 0 && d->claimed[k]))
                    d->ref_mark[d->ref_at[w][k]] |= (uint8_t)(1 << side);
        for (int side = 0; side < 2; side++)
            for (int k = span[side][0]; k < span[side][1]; k++) {
                int32_t r = d->ref_at[w][k];
                /* (not True or 1, which a `while True:` numbers where
                 * no instruction loads it) */
                if (r >= 0 && !(side == 0 && d->claimed[k]) && first_here(d, w, r, k, side ? hi : -1) &&
                    d->ref_mark[r] == (1 << side) &&
                    r < lows[w][side] &&
                    (w == 1 || (r != d->loop_consts[0] && r != d->loop_consts[1])))
                    lows[w][side] = r;
            }
        /* (where one side numbers nothing of its own: a name both use) */
        int later[2] = {0, 0};
        for (int side = 0; side < 2 && (lows[w][0] == INT32_MAX || lows[w][1] == INT32_MAX); side++)
            later[side] = numbered_by_other(d, w, span, side, hi);
        for (int side = 0; side < 2; side++)
            for (int k = span[side][0]; k < span[side][1]; k++)
                if (d->ref_at[w][k] >= 0)
                    d->ref_mark[d->ref_at[w][k]] = 0;
        if (lows[w][0] != INT32_MAX && lows[w][1] != INT32_MAX)
            return lows[w][0] < lows[w][1] ? 1 : -1;
        if (later[0] != later[1])
            return later[1] ? 1 : -1;
    }
    return 0;
}

/* ---- conditions ----------------------------------------------------------
 *
 * A condition is a run of atoms: straight-line code computing one value,
 * then a POP_JUMP_IF_xxx.  Every atom jumps to the true exit T (the code
 * after the last atom), the false exit F, or the start of a later atom; the
 * and/or tree is rebuilt from those targets. */

typedef struct atom {
    dp_expr *e;
    int jump;              /* index of its conditional jump */
    int start;             /* index of its first instruction (-1: the first atom) */
    int jump_if_true;
    int flip;              /* `is None` tests: negate by flipping is / is not */
    int target;            /* where it jumps, copies of an exit block counted as the exit */
    int cleanup;           /* a chained comparison's cleanup placed apart, to mark; -1 */
    int cleanup_len;       /* its length: POP_TOP (falling on), or POP_TOP; JUMP */
    int to;                /* where its jump goes (see take_ternary_jump) */
    int fall;              /* where control goes when it does not jump */
    int tern_jump;         /* the jump to the end of a conditional expression after it; -1 */
} atom;

#define MAX_ATOMS 64
#define MAX_COND_CLEANUPS 4

static int fall_through(const dc *d, int j);

static int make_atom(dc *d, dp_expr *e, int j, int start, atom *a)
{
    uint16_t op = d->ins[j].op;
    memset(a, 0, sizeof *a);
    a->jump = j;
    a->start = start;
    a->cleanup = -1;
    a->to = d->ins[j].target;
    a->fall = fall_through(d, j);
    a->tern_jump = -1;
    a->jump_if_true = op != DP_OP_POP_JUMP_IF_FALSE;
    if (d->none_chain && e == d->none_chain && j == d->none_chain_jump) {
        a->jump_if_true = 0;   /* (the chain holds the `is None`: see chained_compare) */
    } else if (op == DP_OP_POP_JUMP_IF_NONE || op == DP_OP_POP_JUMP_IF_NOT_NONE) {
        e = e_compare1(d, e, op == DP_OP_POP_JUMP_IF_NONE ? DP_IS : DP_ISNOT, e_none(d));
        a->flip = 1;
    }
    a->e = e;
    return e ? 0 : -1;
}

static dp_expr *negate(dc *d, dp_expr *e, int flip)
{
    if (flip && e->kind == DP_E_COMPARE && e->u.compare.comparators.count == 1 &&
        (e->u.compare.ops[0] == DP_IS || e->u.compare.ops[0] == DP_ISNOT)) {
        dp_expr *c = e_compare1(d, e->u.compare.left, e->u.compare.ops[0] == DP_IS ? DP_ISNOT : DP_IS,
                                e->u.compare.comparators.items[0]);
        return c;
    }
    if (e->kind == DP_E_UNARYOP && e->u.unaryop.op == DP_NOT)
        return e->u.unaryop.operand;
    return e_unary(d, DP_NOT, e);
}

/* 3.8 (no LOAD_ASSERTION_ERROR): `raise AssertionError[(msg)]` in a
 * function, which an assert compiles to as well. */
static int is_assertion_38(const dc *d, const dp_expr *exc)
{
    if (d->version >= 309 || !(d->code->flags & DP_CO_OPTIMIZED))
        return 0;
    if (exc->kind == DP_E_CALL && exc->u.call.args.count == 1 && !exc->u.call.keywords.count &&
        exc->u.call.args.items[0]->kind != DP_E_STARRED)
        exc = exc->u.call.func;
    return exc->kind == DP_E_NAME && strcmp(exc->u.name.id, "AssertionError") == 0;
}

/* The instruction at k loads the AssertionError an assert raises. */
static int starts_assertion(const dc *d, int k)
{
    if (d->ins[k].op == DP_OP_LOAD_ASSERTION_ERROR)
        return 1;
    return d->version < 309 && (d->code->flags & DP_CO_OPTIMIZED) && d->ins[k].op == DP_OP_LOAD_GLOBAL &&
           strcmp(d->ins[k].name, "AssertionError") == 0;
}

/* One is/in compare: the compiler's AST optimizer folds a `not` over it
 * into the compare (`not (a is b)` is `a is not b`). */
static int takes_not_in(const dp_expr *e)
{
    if (e->kind != DP_E_COMPARE || e->u.compare.comparators.count != 1)
        return 0;
    dp_cmpop op = e->u.compare.ops[0];
    return op == DP_IS || op == DP_ISNOT || op == DP_IN || op == DP_NOTIN;
}

/* `not (a is b)`, `not (a in b)` and their mirrors. */
static int is_folded_negation(const dp_expr *e)
{
    return e->kind == DP_E_UNARYOP && e->u.unaryop.op == DP_NOT && takes_not_in(e->u.unaryop.operand);
}

/* A folded negation in e or in its and/or terms. */
static int has_folded_negation(const dp_expr *e)
{
    if (e->kind == DP_E_BOOLOP) {
        for (size_t k = 0; k < e->u.boolop.values.count; k++)
            if (has_folded_negation(e->u.boolop.values.items[k]))
                return 1;
        return 0;
    }
    return is_folded_negation(e);
}

/* 3.11+: `x is None` and `x is not None` test with POP_JUMP_IF_NONE or
 * POP_JUMP_IF_NOT_NONE as the jump needs: `not` over them, folded or
 * not, and the flipped compare all compile alike. */
static int is_none_test(const dc *d, const dp_expr *e)
{
    return d->version >= 311 && e->kind == DP_E_COMPARE && e->u.compare.comparators.count == 1 &&
           (e->u.compare.ops[0] == DP_IS || e->u.compare.ops[0] == DP_ISNOT) &&
           is_none(e->u.compare.comparators.items[0]);
}

/* Whether negate_through(e) stays clear of `not` over an is/in compare. */
static int negates_without_fold(const dc *d, const dp_expr *e)
{
    if (e->kind == DP_E_BOOLOP) {
        for (size_t k = 0; k < e->u.boolop.values.count; k++)
            if (!negates_without_fold(d, e->u.boolop.values.items[k]))
                return 0;
        return 1;
    }
    return !takes_not_in(e) || is_none_test(d, e);
}

/* not e, taken through and/or (De Morgan): `not (not (a is b) and c)` is
 * `a is b or not c`, whose compare the compiler tests as written. */
static dp_expr *negate_through(dc *d, dp_expr *e)
{
    if (e->kind != DP_E_BOOLOP)
        return negate(d, e, is_none_test(d, e));
    dp_expr *n = mk_expr(d, DP_E_BOOLOP);
    if (!n || elist(d, &n->u.boolop.values, e->u.boolop.values.count) < 0)
        return NULL;
    n->u.boolop.op = e->u.boolop.op == DP_AND ? DP_OR : DP_AND;
    for (size_t k = 0; k < e->u.boolop.values.count; k++)
        if (!(n->u.boolop.values.items[k] = negate_through(d, e->u.boolop.values.items[k])))
            return NULL;
    return n;
}

/* A test with a `not` over an is/in compare (the recovered jumps read that
 * way, but the compiler folds such a `not` into the compare, which then
 * tests the other way): each smallest and/or around one becomes `not` over
 * its negation taken through and/or where that clears every such `not` --
 * `not (a in b and c)` for `not (a in b) or not c`, the same jumps. */
static dp_expr *unfold_test(dc *d, dp_expr *test)
{
    if (test->kind != DP_E_BOOLOP || !has_folded_negation(test))
        return test;
    if (negates_without_fold(d, test)) {
        dp_expr *positive = negate_through(d, test);
        return positive ? e_unary(d, DP_NOT, positive) : NULL;
    }
    dp_expr *n = mk_expr(d, DP_E_BOOLOP);
    if (!n || elist(d, &n->u.boolop.values, test->u.boolop.values.count) < 0)
        return NULL;
    n->u.boolop.op = test->u.boolop.op;
    for (size_t k = 0; k < test->u.boolop.values.count; k++)
        if (!(n->u.boolop.values.items[k] = unfold_test(d, test->u.boolop.values.items[k])))
            return NULL;
    return n;
}

static int is_control_op(uint16_t op)
{
    switch (op) {
    case DP_N_JUMP: case DP_OP_JUMP_IF_FALSE_OR_POP: case DP_OP_JUMP_IF_TRUE_OR_POP:
    case DP_OP_FOR_ITER: case DP_OP_GET_ITER: case DP_OP_RETURN_VALUE: case DP_OP_RAISE_VARARGS:
    case DP_OP_SETUP_FINALLY: case DP_OP_SETUP_WITH: case DP_OP_SETUP_ASYNC_WITH: case DP_OP_POP_BLOCK:
    case DP_OP_RERAISE: case DP_OP_POP_EXCEPT: case DP_OP_JUMP_IF_NOT_EXC_MATCH: case DP_OP_SEND:
    case DP_OP_YIELD_FROM: case DP_OP_GET_AWAITABLE: case DP_OP_GET_YIELD_FROM_ITER:
    case DP_OP_BEFORE_WITH: case DP_OP_BEFORE_ASYNC_WITH: case DP_OP_PUSH_EXC_INFO:
    case DP_OP_LOAD_FAST_AND_CLEAR: case DP_OP_MATCH_CLASS: case DP_OP_MATCH_MAPPING:
    case DP_OP_MATCH_SEQUENCE: case DP_OP_MATCH_KEYS: case DP_OP_GET_LEN:
        return 1;
    default:
        return is_pjif(op);
    }
}

/* Simulate one atom from pos: straight-line code leaving one value, then a
 * conditional jump.  1: found; 0: not an atom; < 0: hard error. */
static int sim_atom_at(dc *d, const stk *st, int pos, int hi, atom *a);
static int boolop_value(dc *d, int i, int rhs_lo, int t, int is_or, const region *rg, stk *st, slist *out,
                        int *next);
static int keep_pattern_at(dc *d, int k);
static int chained_compare(dc *d, int i, const region *rg, stk *st, slist *out, int *next);
static int jump_end(const dc *d, int k);

static int sim_atom(dc *d, const stk *st, int pos, int hi, atom *a)
{
    d->speculating++;
    int r = sim_atom_at(d, st, pos, hi, a);
    d->speculating--;
    return r;
}

/* The cleanup of the chained comparison read from i to its last test at
 * `last`, where it lies apart from that test, as chained_compare claimed
 * it: the POP_TOP its false links jump to, alone (it falls into code
 * jumped to from elsewhere, a copy of where a false chain goes), or with
 * the jump after it (3.12+, `for ...: if a and b < c < d: return`, whose
 * false paths each jump back to the loop's head; that jump may be the
 * loop's own back jump, read already).  Its start, and its length in
 * *len; else -1. */
static int cleanup_apart(const dc *d, int i, int last, int *len)
{
    for (int k = i; k < last; k++) {
        int C = d->ins[k].target;
        if (d->ins[k].op != DP_OP_POP_JUMP_IF_FALSE || C <= last + 1 || C + 2 >= d->count ||
            d->ins[C].op != DP_OP_POP_TOP || !d->claimed[C])
            continue;
        *len = !d->claimed[C + 1] ? 1
               : d->version >= 312 && d->ins[C + 1].op == DP_N_JUMP && !d->claimed[C + 2] ? 2 : 0;
        return *len ? C : -1;
    }
    return -1;
}

/* At i, an and/or in value context (JUMP_IF_X_OR_POP, or 3.12+'s COPY 1;
 * POP_JUMP_IF_X; POP_TOP) that ends before hi, where only its own jumps
 * go: where its right operand starts, else -1; *t its end, *is_or. */
static int value_boolop_at(const dc *d, int i, int hi, int *t, int *is_or)
{
    const dp_ins *x = &d->ins[i];
    int rhs_lo = -1, j = i;
    if (x->op == DP_OP_JUMP_IF_TRUE_OR_POP || x->op == DP_OP_JUMP_IF_FALSE_OR_POP) {
        rhs_lo = i + 1;
    } else if (x->op == DP_OP_COPY && x->arg == 1 && i + 2 < hi &&
               (d->ins[i + 1].op == DP_OP_POP_JUMP_IF_FALSE || d->ins[i + 1].op == DP_OP_POP_JUMP_IF_TRUE) &&
               d->ins[i + 2].op == DP_OP_POP_TOP) {
        rhs_lo = i + 3;
        j = i + 1;
    }
    if (rhs_lo < 0)
        return -1;
    *t = d->ins[j].target;
    *is_or = d->ins[j].op == DP_OP_JUMP_IF_TRUE_OR_POP || d->ins[j].op == DP_OP_POP_JUMP_IF_TRUE;
    if (*t <= rhs_lo || *t >= hi || d->ins[*t].stack != x->stack)
        return -1;
    int own = 0;
    for (int q = i; q < *t; q++)
        own += d->ins[q].target == *t;
    return own == d->incoming[*t] ? rhs_lo : -1;
}

static int sim_atom_at(dc *d, const stk *st, int pos, int hi, atom *a)
{
    stk tmp;
    slist tmpout = {0};
    TRY(stk_copy(d, st, &tmp));
    int base = tmp.n, cleanup = -1, cleanup_len = 0;
    int boolop_end = -1;   /* (where an and/or in value context read last ends) */
    for (int i = pos; i < hi;) {
        const dp_ins *x = &d->ins[i];
        int next, r, t = -1, is_or = 0, rhs_lo;
        if (i > pos && d->incoming[i] > 0 && i != boolop_end)
            return 0;
        if (x->stack < 0)
            return 0;
        if (tmp.n > base && (rhs_lo = value_boolop_at(d, i, hi, &t, &is_or)) > i) {
            /* `(b or c) == d` as an operand of the condition */
            region within = {hi, -1, NULL, NULL, NULL};
            r = boolop_value(d, i, rhs_lo, t, is_or, &within, &tmp, &tmpout, &next);
            if (r == UNRECOVERED) {
                d->why[0] = 0;
                return 0;
            }
            TRY(r);
            boolop_end = i = next;
            continue;
        }
        if (is_pjif(x->op)) {
            dp_expr *e;
            if (tmp.n != base + 1)
                return 0;
            r = pop_expr(d, &tmp, &tmpout, i, &e);
            if (r == UNRECOVERED) {
                d->why[0] = 0;
                return 0;
            }
            TRY(r);
            if (tmpout.n)
                return 0;
            TRY(make_atom(d, e, i, pos, a));
            a->cleanup = cleanup;
            a->cleanup_len = cleanup_len;
            return 1;
        }
        if ((x->op == DP_OP_GET_ITER && !(i + 1 < d->count && d->ins[i + 1].op == DP_OP_FOR_ITER)) ||
            x->op == DP_OP_GET_AITER) {
            i++;   /* (a generator expression's argument, as run() reads it) */
            continue;
        }
        if (is_control_op(x->op))
            return 0;
        if (keep_pattern_at(d, i) && tmp.n == base + 2 && tmp.v[tmp.n - 1].kind == V_EXPR &&
            tmp.v[tmp.n - 2].kind == V_EXPR) {
            /* a chained comparison: an operand of the condition (its
             * cleanup is claimed; the jump at `next` ends the atom) */
            region within = {hi, -1, NULL, NULL, NULL};
            r = chained_compare(d, i, &within, &tmp, &tmpout, &next);
            /* (only with its cleanup right after its last jump, where
             * mark_cond() finds it, or apart, which the atom hands on) */
            if (r == 0 && !(is_pjif(d->ins[next].op) && fall_through(d, next) > next + 1)) {
                if (cleanup >= 0 || (cleanup = cleanup_apart(d, i, next, &cleanup_len)) < 0)
                    return 0;
            }
        } else {
            r = step(d, &tmp, &tmpout, i, &next);
        }
        if (r == UNRECOVERED) {
            d->why[0] = 0;
            return 0;
        }
        TRY(r);
        if (tmp.n < base)
            return 0;
        i = next;
    }
    return 0;
}

/* Where control goes when the conditional jump at j does not jump: j + 1;
 * past a jump to the instruction after it; or, where chained_compare()
 * took the cleanup of a chained comparison placed there (`JUMP X; POP_TOP;
 * ...` up to X), X: a test after it in an and/or starts there, and so does
 * the then-part. */
static int fall_through(const dc *d, int j)
{
    int k = j + 1, t = k < d->count ? d->ins[k].target : -1;
    /* (a jump to the next instruction, once NOPs are dropped: `a if s
     * else True` as a test leaves `JUMP end; NOP; end:`) */
    if (t == k + 1 && d->ins[k].op == DP_N_JUMP)
        return t;
    if (t <= k + 1 || d->ins[k].op != DP_N_JUMP || d->ins[k + 1].op != DP_OP_POP_TOP || t > d->count)
        return k;
    int e = k + 1;
    while (e < t && d->claimed[e])
        e++;
    /* (3.8, 3.9: the jump over the cleanup, threaded on through the
     * then-part's own jump back to the loop's head, which it leaves dead
     * right after the cleanup: `if a < b < c: pass` then an else-part
     * ending a loop's body; the then-part is that dead jump) */
    if (d->version < 310 && e > k + 1 && e < t && d->ins[e].op == DP_N_JUMP && d->ins[e].stack < 0 &&
        d->ins[e].target < e && jump_end(d, e) == jump_end(d, k)) {
        /* (to the head of the innermost loop around it: not an inner
         * loop's break threaded to an outer loop's head) */
        int h = e - 1;
        while (h >= 0 && d->back_from[h] <= e)
            h--;
        if (h == d->ins[e].target)
            return e;
    }
    return e < t ? k : t;
}

static int build_cond(dc *d, atom *at, int lo, int hi, int T, int F, dp_expr **out);

/* Whether atom a, the last of x in `x if c else y` used as a test, goes
 * to `end` when it does not jump: by its jump to the end, which the
 * compiler may thread on (to a loop's head), or (3.10+) through its own
 * copy of the end, a small exit block. */
static int tern_falls_to(const dc *d, const atom *a, int end)
{
    if (a->fall == end)
        return 1;
    if (a->tern_jump < 0 || end < 0 || end >= d->count)
        return 0;
    if (d->ins[a->tern_jump].op == DP_N_JUMP)
        return jump_end(d, a->fall) == jump_end(d, end);
    return same_exit(d, a->tern_jump, end) > 0;
}

/* `x if c else y`, true exactly when it leads to `to`: not `not x if c
 * else not y` but `not (x if c else y)`, which compiles the same. */
static dp_expr *e_ternary(dc *d, dp_expr *c, dp_expr *x, dp_expr *y, int negated)
{
    dp_expr *g = mk_expr(d, DP_E_IFEXP);
    if (!g || !c || !x || !y)
        return NULL;
    if (x->kind == DP_E_UNARYOP && x->u.unaryop.op == DP_NOT && y->kind == DP_E_UNARYOP && y->u.unaryop.op == DP_NOT) {
        x = x->u.unaryop.operand;
        y = y->u.unaryop.operand;
        negated = !negated;
    }
    g->u.ifexp.test = c;
    g->u.ifexp.body = x;
    g->u.ifexp.orelse = y;
    return negated ? e_unary(d, DP_NOT, g) : g;
}

/* The `not`s in a test's and/or/not/conditional-expression tree. */
static int count_nots(const dp_expr *e, int depth)
{
    if (depth > 64)
        return 0;
    switch (e->kind) {
    case DP_E_UNARYOP:
        return (e->u.unaryop.op == DP_NOT) + count_nots(e->u.unaryop.operand, depth + 1);
    case DP_E_BOOLOP: {
        int n = 0;
        for (size_t k = 0; k < e->u.boolop.values.count; k++)
            n += count_nots(e->u.boolop.values.items[k], depth + 1);
        return n;
    }
    case DP_E_IFEXP:
        return count_nots(e->u.ifexp.test, depth + 1) + count_nots(e->u.ifexp.body, depth + 1) +
               count_nots(e->u.ifexp.orelse, depth + 1);
    default:
        return 0;
    }
}

/* build_cond() where atoms lo.. start with a conditional expression used
 * as a test, `if (x if c else y) and z:`: the atoms of c, then those of x,
 * the last of which has the jump to its end (tern_jump), then those of y,
 * falling into that end; x's and y's tests jump to one place, `to`.  What
 * follows the expression (its end or `to`) is T, F or the rest's atoms. */
static int build_ternary(dc *d, atom *at, int lo, int hi, int T, int F, dp_expr **out)
{
    for (int xb = lo + 1; xb < hi; xb++) {
        if (at[xb].tern_jump < 0)
            continue;
        int to = at[xb].target, ys = xb + 1;
        for (int cl = lo; cl < xb; cl++) {   /* c: lo..cl, x: cl+1..xb */
            dp_expr *c, *x, *y, *x2, *y2, *rest = NULL;
            int r = build_cond(d, at, lo, cl, at[cl + 1].start, at[ys].start, &c);
            if (r < 0)
                return r;
            if (r)
                continue;
            for (int yl = ys; yl <= hi; yl++) {
                int end = at[yl].fall;   /* (y falls into the end) */
                if (!tern_falls_to(d, &at[xb], end))
                    continue;
                /* x, y true exactly when they lead to `to`; x2, y2 to the end */
                if ((r = build_cond(d, at, cl + 1, xb, to, end, &x)) ||
                    (r = build_cond(d, at, ys, yl, to, end, &y)) ||
                    (r = build_cond(d, at, cl + 1, xb, end, to, &x2)) ||
                    (r = build_cond(d, at, ys, yl, end, to, &y2))) {
                    if (r < 0)
                        return r;
                    continue;
                }
                int after = yl < hi ? at[yl + 1].start : -1;
                if (after >= 0 && (r = build_cond(d, at, yl + 1, hi, T, F, &rest)) < 0)
                    return r;
                if (r)
                    continue;
                /* to_side: the expression must be true exactly when it leads to `to` */
                int to_side, op = -1;
                if (after < 0 && to == T && end == F)
                    to_side = 1;
                else if (after < 0 && to == F && end == T)
                    to_side = 0;
                else if (after == end && (to == T || to == F))
                    to_side = to == T, op = to == T ? DP_OR : DP_AND;
                else if (after == to && (end == T || end == F))
                    to_side = end == F, op = end == T ? DP_OR : DP_AND;
                else
                    continue;
                /* (of the two equal forms, the one with fewer `not`s) */
                dp_expr *g_to = e_ternary(d, c, x, y, !to_side), *g_end = e_ternary(d, c, x2, y2, to_side);
                if (!g_to || !g_end)
                    return -1;
                dp_expr *g = count_nots(g_end, 0) < count_nots(g_to, 0) ? g_end : g_to;
                *out = op < 0 ? g : e_boolop(d, (dp_boolop)op, g, rest);
                return *out ? 0 : -1;
            }
        }
    }
    return 1;
}

/* The most build_cond calls for one condition: build_ternary tries every
 * split of its atoms, which nested conditional expressions make
 * exponential; past this the condition is not read (reported). */
#define COND_STEPS 20000

/* The expression that is true exactly when atoms lo..hi lead to T. */
static int build_cond(dc *d, atom *at, int lo, int hi, int T, int F, dp_expr **out)
{
    if (++d->cond_steps > COND_STEPS)
        return 1;
    int fall = at[hi].fall;
    int t = at[lo].target;
    const atom *a = &at[lo];
    dp_expr *first, *rest;
    if (lo == hi && a->tern_jump >= 0)
        fall = tern_falls_to(d, a, T) ? T : tern_falls_to(d, a, F) ? F : fall;
    if (lo == hi) {
        if (fall == T && t == F)
            *out = a->jump_if_true ? negate(d, a->e, a->flip) : a->e;
        else if (fall == F && t == T)
            *out = a->jump_if_true ? a->e : negate(d, a->e, a->flip);
        else
            return 1;
        return *out ? 0 : -1;
    }
    for (int q = lo; q < hi; q++)
        if (at[q].tern_jump >= 0) {
            int r = build_ternary(d, at, lo, hi, T, F, out);
            if (r <= 0)
                return r;
            break;
        }
    if (t == T || t == F) {
        int r = build_cond(d, at, lo + 1, hi, T, F, &rest);
        if (r)
            return r;
        if (t == F) {
            first = a->jump_if_true ? negate(d, a->e, a->flip) : a->e;
            *out = e_boolop(d, DP_AND, first, rest);
        } else {
            first = a->jump_if_true ? a->e : negate(d, a->e, a->flip);
            *out = e_boolop(d, DP_OR, first, rest);
        }
        return *out ? 0 : -1;
    }
    int m = -1, exit_to = -1;
    for (int q = lo + 1; q <= hi; q++)
        if (at[q].start == t)
            m = q;
    if (m < 0)
        return 1;
    for (int q = lo; q < m; q++) {
        int tq = at[q].target;
        if (tq == T || tq == F) {
            if (exit_to >= 0 && exit_to != tq)
                return 1;
            exit_to = tq;
        }
    }
    if (exit_to < 0)
        return 1;
    dp_expr *grp_e;
    int r = exit_to == F ? build_cond(d, at, lo, m - 1, t, F, &grp_e)
                         : build_cond(d, at, lo, m - 1, T, t, &grp_e);
    if (r)
        return r;
    r = build_cond(d, at, m, hi, T, F, &rest);
    if (r)
        return r;
    *out = e_boolop(d, exit_to == F ? DP_AND : DP_OR, grp_e, rest);
    return *out ? 0 : -1;
}

typedef struct cond {
    dp_expr *e;            /* true exactly when control reaches T */
    int T, F;
    int last;              /* the last atom's jump */
    int last_jumps_if_true;
    int first_start;       /* where the condition's code begins, -1 if unknown */
    int cleanups[MAX_COND_CLEANUPS];   /* chained comparisons' cleanups placed apart, to mark */
    int cleanup_lens[MAX_COND_CLEANUPS];
    int n_cleanups;
} cond;

/* The cleanups' POP_TOPs, and their jumps but where read already (the
 * loop's own back jump, see cleanup_apart). */
static void mark_cleanups(dc *d, const cond *c)
{
    for (int q = 0; q < c->n_cleanups; q++) {
        int C = c->cleanups[q];
        mark(d, C, C + 1);
        if (c->cleanup_lens[q] == 2 && !d->visits[C + 1])
            mark(d, C + 1, C + 2);
    }
}

/* mark() for a condition read from `from`: its code up to the last jump,
 * and the cleanup of a chained comparison after that jump or placed apart,
 * taken while the condition was simulated (a chain read by run() marked
 * its own). */
static void mark_cond(dc *d, int from, const cond *c)
{
    mark_cleanups(d, c);
    for (int k = from; k <= c->last + 1 && k < d->count; k++) {
        int after = k > 0 && is_pjif(d->ins[k - 1].op) ? fall_through(d, k - 1) : k;
        if (after > k) {   /* a chained comparison's cleanup */
            if (!d->visits[k])
                mark(d, k, after);
            k = after - 1;
        } else if (k <= c->last) {
            mark(d, k, k + 1);
        }
    }
}

/* Whether reachable code right before t runs into it. */
static int falls_into(const dc *d, int t)
{
    return t > 0 && d->ins[t - 1].stack >= 0 && !ends_block(d->ins[t - 1].op);
}

/* Whether what falls into t is the cleanup, placed apart, of a chained
 * comparison in one of atoms [0, m).  3.12+ `assert a and b < c < d`: the
 * cleanup falls into the raise that a jumps to, and the chain's last test
 * falls into a copy of it. */
static int cleanup_falls_into(const atom *at, int m, int t)
{
    for (int q = 0; q < m; q++)
        if (at[q].cleanup >= 0 && at[q].cleanup_len == 1 && at[q].cleanup == t - 1)
            return 1;
    return 0;
}

/* Whether only the jumps of atoms [0, m) get to t (no other jump, and no
 * code falling into it but a chained comparison's cleanup of theirs): a
 * copy of an exit block made for them alone. */
static int only_atoms_reach(const dc *d, const atom *at, int m, int t)
{
    int from_atoms = 0;
    for (int p = 0; p < m; p++)
        from_atoms += d->ins[at[p].jump].target == t;
    if (falls_into(d, t) && !cleanup_falls_into(at, m, t))
        return 0;
    return from_atoms == d->incoming[t];
}

/* Where control that reaches k goes, through unconditional jumps (as the
 * compiler threads a jump to a jump). */
static int jump_end(const dc *d, int k)
{
    for (int n = 0; n < 8 && k >= 0 && k < d->count && d->ins[k].op == DP_N_JUMP; n++)
        k = d->ins[k].target;
    return k;
}

static int bottom_test_end(const dc *d, int T, int F);
static int same_ins(const dc *d, int a, int as, int b, int bs);
static int expr_start(const dc *d, int lo, int j);

/* At q, the jump of a loop's bottom test: conditional, or (3.13) a jump
 * back that the test's conditional jump, right before, skips. */
static int is_bottom_test_jump(const dc *d, int q)
{
    return is_pjif(d->ins[q].op) ||
           (q > 0 && d->ins[q].op == DP_N_JUMP && is_pjif(d->ins[q - 1].op) && d->ins[q - 1].target == q + 1);
}

/* 3.10+: q > 0 where atoms [q, m), but not all of [0, m), are the first
 * test of an inverted while loop at T whose bottom test, right before F
 * (3.12+: or past it, before hi),
 * is a copy of their code: the atoms before q are an if's test around
 * that loop.  Else 0. */
static int inverted_loop_test_from(const dc *d, const atom *at, int m, int T, int F, int hi)
{
    int b = bottom_test_end(d, T, F), last = at[m - 1].jump;
    /* (3.12+: a loop whose body holds a try statement ends past the
     * handlers, which come after F: the bottom test, the last jump back
     * to T) */
    int bf = T >= 0 && T < d->count ? d->back_from[T] : -1;
    if (d->version >= 312 && (b < T || d->ins[b].target != T || d->back_from[T] != b) && bf > F && bf < hi &&
        is_bottom_test_jump(d, bf))
        b = bf;
    if (b < T || d->ins[b].target != T || d->back_from[T] != b)
        return 0;
    for (int q = 0; q < m; q++) {
        /* (the atoms before q must not reach into the loop's test past its
         * start, as those of `while (x if c else y)` do) */
        int into = 0;
        for (int p = 0; p < q && !into; p++) {
            into = at[p].tern_jump >= 0;
            for (int r = q + 1; r < m && !into; r++)
                into = at[p].to == at[r].start;
        }
        if (into)
            continue;
        /* (the first atom, simulated already: where its value's code began) */
        int cs = at[q].start >= 0 ? at[q].start : expr_start(d, 0, at[q].jump);
        int len = last - cs + 1;
        int bs = d->ins[b].op == DP_N_JUMP ? b - len : b - len + 1;
        if (cs < 0 || bs < T)
            continue;
        int k = 0;
        while (k < len && same_ins(d, cs + k, cs, bs + k, bs))
            k++;
        if (k == len)
            return q;
    }
    return 0;
}

/* Whether the atom's code starts at a loop's head (a jump back to it). */
static int starts_loop(const dc *d, const atom *a)
{
    int cs = a->start >= 0 ? a->start : expr_start(d, 0, a->jump);
    return cs >= 0 && d->back_from[cs] > cs;
}

/* Whether one of atoms [0, n) jumps to t. */
static int targeted_by(const atom *at, int n, int t)
{
    for (int q = 0; q < n; q++)
        if (at[q].to == t)
            return 1;
    return 0;
}

/* Whether the code being read is a comprehension's loop: its own code
 * object (<= 3.11, and generator expressions), or inlined (3.12+: the
 * variables it saves are on the stack). */
static int in_comprehension(const dc *d, const stk *st)
{
    if (d->body_kind == BODY_COMPREHENSION)
        return 1;
    for (int k = 0; st && k < st->n; k++)
        if (st->v[k].kind == V_SAVED)
            return 1;
    return 0;
}

/* Whether [lo, hi) holds no jump, no return and no raise. */
static int is_straight(const dc *d, int lo, int hi)
{
    for (int k = lo; k < hi; k++)
        if (d->ins[k].target >= 0 || ends_block(d->ins[k].op))
            return 0;
    return 1;
}

/* After atom at[n - 1], at *pos where it falls through: the jump to the end
 * of a conditional expression used as a test, `if (x if c else y):`, whose
 * else-part an earlier atom (c's) jumps to right after it.  The atom then
 * falls to that end; *pos moves past the jump.  3.12+ turns a jump back
 * to a loop's head (x false: round a comprehension) into `POP_JUMP_IF_TRUE
 * J; JUMP_BACKWARD head; J: JUMP end`: read it as the jump to the head. */
static void take_ternary_jump(const dc *d, const stk *st, atom *at, int n, int *pos, int hi)
{
    atom *a = &at[n - 1];
    int k = *pos, len = 0;
    /* (x's jump, or the jump to the end, going round a loop: the same
     * code as `if c: if not x: continue / else: ...` reads that way, but
     * in a comprehension's condition, which holds no statements) */
    int comp = in_comprehension(d, st);
    if (a->fall != k || k + 1 >= hi || (!comp && a->to < k))
        return;
    if (d->ins[k].op == DP_N_JUMP && (comp ? d->ins[k].target != k + 1 : d->ins[k].target > k + 1) &&
        d->ins[k].target <= hi && targeted_by(at, n - 1, k + 1)) {
        a->tern_jump = k;
        a->fall = d->ins[k].target;
        *pos = k + 1;
    } else if (d->version >= 312 && comp && a->to == k + 1 && d->ins[k].op == DP_N_JUMP && d->ins[k].target < k &&
               k + 2 < hi && d->ins[k + 1].op == DP_N_JUMP && d->ins[k + 1].target > k + 2 &&
               targeted_by(at, n - 1, k + 2)) {
        a->to = d->ins[k].target;
        a->jump_if_true = !a->jump_if_true;
        a->tern_jump = k + 1;
        a->fall = d->ins[k + 1].target;
        *pos = k + 2;
    } else if (d->version >= 310 && !d->incoming[k] && (len = exit_len(d, k)) > 0 && len <= 5 && k + len < hi &&
               d->ins[k + len - 1].op != DP_N_JUMP && is_straight(d, k, k + len - 1) &&
               targeted_by(at, n - 1, k + len)) {
        /* (3.10+: the jump replaced by a copy of the end, a small block
         * that returns or raises, as the compiler inlines them) */
        a->tern_jump = k;
        *pos = k + len;
    }
}

/* Atoms from `first` (already simulated, its jump at j) or, with first ==
 * NULL, from index j; choose the longest run that forms a condition. */
static int analyze_cond(dc *d, const stk *st, dp_expr *first, int j, int hi, cond *out)
{
    atom at[MAX_ATOMS], untaken[MAX_ATOMS];   /* (each atom before take_ternary_jump) */
    int n = 0, pos, r;
    if (first) {
        TRY(make_atom(d, first, j, -1, &at[0]));
        n = 1;
        pos = fall_through(d, j);
    } else {
        r = sim_atom(d, st, j, hi, &at[0]);
        if (r <= 0)
            return r < 0 ? r : 1;
        n = 1;
        pos = fall_through(d, at[0].jump);
    }
    while (n < MAX_ATOMS && pos < hi) {
        /* (3.11+: a test under another handler is inside a try or with
         * statement that the then-part starts: `if a: try: if b:`) */
        const atom *prev = &at[n - 1];
        if (d->version >= 311 && eff_handler(d, pos) != eff_handler(d, prev->start >= 0 ? prev->start : prev->jump))
            break;
        untaken[n - 1] = at[n - 1];
        r = sim_atom(d, st, pos, hi, &at[n]);
        TRY(r);
        if (r == 0) {
            /* (a conditional expression's else-part must follow its jump) */
            int was = pos;
            take_ternary_jump(d, st, at, n, &pos, hi);
            if (pos == was)
                break;
            r = sim_atom(d, st, pos, hi, &at[n]);
            TRY(r);
            if (r == 0) {
                at[n - 1] = untaken[n - 1];
                break;
            }
        }
        pos = fall_through(d, at[n].jump);
        n++;
    }
    for (int m = n; m >= 1; m--) {
        /* (the last atom is no conditional expression's x, then: what
         * follows it is the then-part, `if a and b: pass` then elif) */
        if (at[m - 1].tern_jump >= 0)
            at[m - 1] = untaken[m - 1];
        int T = at[m - 1].fall, F = at[m - 1].to, ok = 1;
        /* (T == F: `if a: pass`, where every atom must jump there) */
        for (int q = 0; q < m && F == T && ok; q++)
            ok = at[q].to == T;
        if (!ok || F < 0)
            continue;
        /* (3.10+: where the copies that earlier atoms jump to lie right
         * before F, the then-part ends at the first: `if a and b: for ...`,
         * whose loop's exit, a further copy, comes after them) */
        for (int moved = 1; d->version >= 310 && F > T && moved;) {
            moved = 0;
            for (int q = 0; q < m - 1 && !moved; q++) {
                int t = at[q].to;
                if (t > T && t < F && same_exit(d, t, F) > 0 && t + same_exit(d, t, F) == F &&
                    only_atoms_reach(d, at, m, t))
                    F = t, moved = 1;
            }
        }
        /* 3.10+ gives each exit its own copy of a small exit block */
        for (int q = 0; q < m; q++) {
            int t = at[q].to, other = 0;
            for (int p = q + 1; p < m; p++)
                other |= t == at[p].start;
            at[q].target = (d->version >= 310 && t != T && t != F && !other && same_exit(d, t, F) > 0 &&
                            only_atoms_reach(d, at, m, t))
                               ? F : t;
            /* (or a copy of T, where the last test falls into its own copy
             * of it: see cleanup_falls_into) */
            if (at[q].target == t && t != T && t != F && !other && same_exit(d, t, T) > 0 &&
                cleanup_falls_into(at, m, t) && only_atoms_reach(d, at, m, t))
                at[q].target = T;
            /* (a jump to the back jump to F, a loop's head, which the
             * compiler did not thread: a comprehension's condition over
             * several lines) */
            if (at[q].target == t && t != T && t != F && !other && t < d->count && d->ins[t].op == DP_N_JUMP &&
                d->ins[t].target == F && F < t)
                at[q].target = F;
            /* (3.8, 3.9: to where the then-part, a lone jump, goes, the
             * jump to it threaded past it: `if not a or b: continue`; not
             * where the condition starts a loop's head, a while loop's test
             * going to the loop's exit; F after the then-part, or the
             * loop's head, where its back jump after the then-part goes) */
            /* (or to a jump to where that goes: a break out of a loop, to
             * its exit, and the then-part's break threaded on through the
             * jump there, `if a or b: break` before an outer `continue`) */
            if (at[q].target == t && t != T && t != F && !other && d->version < 310 && T + 1 < d->count &&
                d->ins[T].op == DP_N_JUMP &&
                (d->ins[T].target == t || (t < d->count && d->ins[t].op == DP_N_JUMP && t > T &&
                                           d->ins[t].target == d->ins[T].target)) &&
                (T + 1 == F || (d->ins[T + 1].op == DP_N_JUMP && d->ins[T + 1].target == F && F < T)) &&
                !starts_loop(d, &at[0]))
                at[q].target = T;
        }
        for (int q = 1; q < m && ok; q++) {
            int from_atoms = 0, past = at[q - 1].fall;
            for (int p = 0; p < m; p++)
                from_atoms += (at[p].target == at[q].start) +
                              (at[p].tern_jump >= 0 && d->ins[at[p].tern_jump].target == at[q].start);
            /* (and the jump over a chained comparison's cleanup before it) */
            if (past > at[q - 1].jump + 1 && past == at[q].start && d->ins[at[q - 1].jump + 1].target == past)
                from_atoms++;
            if (from_atoms != d->incoming[at[q].start])
                ok = 0;
        }
        /* (a jump back into the condition's own code is a loop's bottom
         * test after it, `while c: pass`, no atom of it) */
        for (int q = 1; q < m && ok; q++)
            ok = !(at[q].to > at[0].jump && at[q].to <= at[q].jump);
        for (int q = 0; q < m && ok; q++) {
            int t = at[q].target, good = (t == T || t == F);
            for (int p = q + 1; p < m && !good; p++)
                good = (t == at[p].start);
            ok = good;
        }
        /* (3.10+: the last atoms alone are the test of an inverted while
         * loop that the then-part is: `if a: while b: ...`, no `a and b`) */
        int loop_atoms = ok && m > 1 && d->version >= 310 ? inverted_loop_test_from(d, at, m, T, F, hi) : 0;
        if (loop_atoms > 0) {
            m = loop_atoms + 1;   /* (the next try: the atoms before the loop's) */
            continue;
        }
        /* (the cleanups of chains placed apart: cond holds a few) */
        int n_cleanups = 0;
        for (int q = 0; q < m && ok; q++)
            if (at[q].cleanup >= 0)
                ok = ++n_cleanups <= MAX_COND_CLEANUPS;
        if (!ok)
            continue;
        dp_expr *e;
        d->cond_steps = 0;
        r = build_cond(d, at, 0, m - 1, T, F, &e);
        TRY(r);
        if (r)
            continue;
        /* the copies are recovered as the exit (but a lone jump past the
         * block: the enclosing block's own final jump, its to recover) */
        for (int q = 0; q < m; q++) {
            int t = at[q].to;
            if (at[q].target != t && !(t >= hi && d->ins[t].op == DP_N_JUMP))
                equiv_code(d, t, at[q].target);
        }
        out->e = e;
        out->T = T;
        out->F = F;
        out->last = at[m - 1].jump;
        out->last_jumps_if_true = at[m - 1].jump_if_true;
        out->first_start = first ? -1 : j;
        out->n_cleanups = 0;
        for (int q = 0; q < m; q++)
            if (at[q].cleanup >= 0) {
                out->cleanups[out->n_cleanups] = at[q].cleanup;
                out->cleanup_lens[out->n_cleanups++] = at[q].cleanup_len;
            }
        return 0;
    }
    return 1;
}

/* ---- statements and control flow --------------------------------------- */

static int run(dc *d, int lo, const region *rg, stk *st, slist *out);

/* Recover [lo, hi) as statements on a copy of the stack. */
/* Whether the statements never complete: they end in a return, raise,
 * break or continue, or a try statement no path of which completes. */
static int list_ends_flow(const dp_stmt_list *l, int depth)
{
    if (!l->count || depth > 32)
        return 0;
    const dp_stmt *s = l->items[l->count - 1];
    dp_stmt_kind k = s->kind;
    if (k == DP_S_RETURN || k == DP_S_RAISE || k == DP_S_BREAK || k == DP_S_CONTINUE)
        return 1;
    if (k != DP_S_TRY || s->u.try_.is_star)
        return 0;
    if (list_ends_flow(&s->u.try_.finalbody, depth + 1))
        return 1;
    if (!list_ends_flow(s->u.try_.orelse.count ? &s->u.try_.orelse : &s->u.try_.body, depth + 1))
        return 0;
    for (size_t h = 0; h < s->u.try_.handlers.count; h++)
        if (!list_ends_flow(&s->u.try_.handlers.items[h]->body, depth + 1))
            return 0;
    return 1;
}

static int ends_flow_stmt(const slist *l)
{
    if (!l->n)
        return 0;
    dp_stmt_kind k = l->v[l->n - 1]->kind;
    return k == DP_S_RETURN || k == DP_S_RAISE || k == DP_S_BREAK || k == DP_S_CONTINUE;
}

/* Whether a forward jump follows statement s's own code.  (After a raise,
 * break or continue the peephole pass keeps the jump over an else-part;
 * only after a return does it drop it.) */
static int jump_follows(const dc *d, const dp_stmt *s)
{
    if (s->src_code != d->code)
        return 0;
    int lo = 0, hi = d->count;   /* (offsets ascend) */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (d->ins[mid].offset < s->src_hi)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < d->count && d->ins[lo].offset == s->src_hi && d->ins[lo].op == DP_N_JUMP && d->ins[lo].target > lo;
}

/* <= 3.9: statements l that end in a compound statement, as dead code the
 * compiler kept right after them tells (an end label there: a function's
 * final `return None`, a then-part's jump over its else-part), but read
 * as `if c: <leaves>` then more that leaves too: the last such if holds
 * the statements after it as its else-part (the same behaviour). */
static int fold_tail_into_else(dc *d, slist *l)
{
    if (l->n < 2 || !ends_flow_stmt(l))
        return 0;
    for (size_t j = l->n - 1; j-- > 0;) {
        dp_stmt *s = l->v[j];
        if (s->kind != DP_S_IF || s->u.while_.orelse.count)
            continue;
        size_t m = s->u.while_.body.count;
        if (m && ends_flow_stmt(&(slist){s->u.while_.body.items, m, m}) &&
            (s->u.while_.body.items[m - 1]->kind == DP_S_RETURN || jump_follows(d, s->u.while_.body.items[m - 1]))) {
            size_t n = l->n - j - 1;
            dp_stmt **items = dp_arena_array(d->arena, n, sizeof *items);   /* l->v moves later */
            if (!items)
                return -1;
            memcpy(items, l->v + j + 1, n * sizeof *items);
            s->u.while_.orelse.items = items;
            s->u.while_.orelse.count = n;
            l->n = j + 1;
            break;
        }
    }
    return 0;
}

/* 3.8, 3.9: a function that ends in a loop without a break, then a
 * return: read that way, or with the return as the loop's else block, it
 * compiles alike, but for the final `return None` the compiler adds after
 * an else block, dead code it drops while its None stays numbered last in
 * co_consts.  Such a None, loaded nowhere, puts the return in the else. */
static const dp_stmt_list *child_list(const dp_stmt *s, size_t n);
static int breaks_loop(const dp_stmt *const *v, size_t n, int depth);

static int return_into_loop_else(dc *d, slist *l)
{
    const dp_code *c = d->code;
    if (l->n < 2 || c->n_consts < 2 || c->consts[c->n_consts - 1]->kind != DP_OBJ_NONE)
        return 0;
    for (size_t k = 0; k + 1 < c->n_consts; k++)
        if (c->consts[k]->kind == DP_OBJ_NONE)
            return 0;
    for (int q = 0; q < d->count; q++)
        if (d->ins[q].op == DP_OP_LOAD_CONST && d->ins[q].obj->kind == DP_OBJ_NONE)
            return 0;
    dp_stmt *loop = l->v[l->n - 2], *ret = l->v[l->n - 1];
    if ((loop->kind != DP_S_FOR && loop->kind != DP_S_WHILE) || ret->kind != DP_S_RETURN || !ret->u.ret.value)
        return 0;
    dp_stmt_list *orelse = (dp_stmt_list *)child_list(loop, 1);
    const dp_stmt_list *body = child_list(loop, 0);
    if (orelse->count || breaks_loop((const dp_stmt *const *)body->items, body->count, 0))
        return 0;
    dp_stmt **items = dp_arena_array(d->arena, 1, sizeof *items);   /* (l->v moves later) */
    if (!items)
        return -1;
    items[0] = ret;
    orelse->items = items;
    orelse->count = 1;
    l->n--;
    return 0;
}

/* 3.8, 3.9: a loop body l that returns, followed by its back jump at J,
 * dead, which the compiler kept for the end label of an if/else there:
 * see fold_tail_into_else. */
static int fold_before_dead_jump(dc *d, int J, slist *l)
{
    if (d->version < 310 && J >= 0 && J < d->count && d->ins[J].op == DP_N_JUMP && d->ins[J].stack < 0 && l->n &&
        l->v[l->n - 1]->kind == DP_S_RETURN)
        return fold_tail_into_else(d, l);
    return 0;
}

/* 3.11+: through final try statements too (the layout of 3.8-3.10 keeps
 * dead code after such a try that the older readings expect) */
static int ends_flow(const dc *d, const slist *l)
{
    dp_stmt_list v = {l->v, l->n};
    return d->version >= 311 ? list_ends_flow(&v, 0) : ends_flow_stmt(l);
}

/* Ends a body that completes with `kind` (continue or break): a clause's
 * body that goes round its loop, a loop body that leaves its loop. */
static int append_exit(dc *d, dp_stmt_list *l, dp_stmt_kind kind)
{
    if (l->count) {
        dp_stmt_kind k = l->items[l->count - 1]->kind;
        if (k == DP_S_RETURN || k == DP_S_RAISE || k == DP_S_BREAK || k == DP_S_CONTINUE)
            return 0;
        if (l->count == 1 && k == DP_S_PASS)
            l->count = 0;
    }
    dp_stmt *c = mk_stmt(d, kind);
    dp_stmt **items = dp_arena_grow(d->arena, l->items, l->count * sizeof *items, (l->count + 1) * sizeof *items);
    if (!c || !items)
        return -1;
    items[l->count++] = c;
    l->items = items;
    return 0;
}

/* With after == NULL, [lo, hi) is a block of statements: where it falls
 * through, it must leave the stack as it found it. */
static int run_sub(dc *d, int lo, int hi, int follow, const loopctx *loop, const stk *st, slist *out,
                   stk *after)
{
    stk tmp;
    region rg = {hi, follow, loop, d->falls_to, d->try_falls_to};
    d->falls_to = NULL;   /* (this region's own; not those inside it) */
    d->try_falls_to = NULL;
    TRY(stk_copy(d, st, &tmp));
    if (d->region_depth + 1 > MAX_REGION_NESTING || nesting_cost(d->rc) + 1 > MAX_NESTING_COST)
        return fail(d, lo, "blocks nested too deeply");
    d->region_depth++;
    d->rc->region_depth++;
    uint32_t saved_born = d->block_born;
    if (!after)   /* (statements; a value's parts may take values from before them) */
        d->block_born = d->pushes + 1;
    int r = run(d, lo, &rg, &tmp, out);
    d->block_born = saved_born;
    d->region_depth--;
    d->rc->region_depth--;
    TRY(r);
    if (after)
        *after = tmp;
    else if (tmp.n != st->n && !ends_flow(d, out))
        return fail(d, lo, "a block leaves values on the stack");
    return 0;
}

/* An elif chain is read as a loop, not by recursion, so that a chain of
 * any length takes the same C stack: while an else-part is read, the if
 * statement that ends it (its elif, or the last statement of the else)
 * hands its own else-part back instead of reading it.  Nothing of the
 * region runs after that if, so reading its else-part later, on the
 * state it would have had, reads the same. */
typedef struct tail_else {
    int depth, lo, hi;         /* the run that may hand back: its region_depth, start, end */
    dp_stmt *stmt;             /* the if handed back (NULL: none) */
    int else_lo, else_hi, join;
    const loopctx *loop;
    stk st;
    int cur_handler;
    fin_blocks fin;
} tail_else;

/* Whether the if being read at the end of the run of [lo, rg->hi) may hand
 * back its else-part. */
static int may_hand_back(const dc *d, int lo, const region *rg)
{
    return d->tail && !d->tail->stmt && d->tail->depth == d->region_depth && d->tail->lo == lo &&
           d->tail->hi == rg->hi;
}

static int hand_back_else(dc *d, dp_stmt *s, int else_lo, int else_hi, int join, const loopctx *loop,
                          const stk *st)
{
    tail_else *t = d->tail;
    TRY(stk_copy(d, st, &t->st));
    t->stmt = s;
    t->else_lo = else_lo;
    t->else_hi = else_hi;
    t->join = join;
    t->loop = loop;
    t->cur_handler = d->cur_handler;
    t->fin = d->fin;
    return 0;
}

/* Reads the else-part [lo, hi) into orelse, and then the else-parts the
 * chain's ifs hand back, each into its if. */
static int run_else(dc *d, int lo, int hi, int follow, const loopctx *loop, const stk *st, slist *orelse)
{
    tail_else *outer = d->tail, t;
    int cur_handler = d->cur_handler;
    fin_blocks fin = d->fin;
    dp_stmt *s = NULL;
    stk at = *st;
    int r;
    for (;;) {
        slist part = {0};
        t.depth = d->region_depth + 1;
        t.lo = lo;
        t.hi = hi;
        t.stmt = NULL;
        d->tail = &t;
        r = run_sub(d, lo, hi, follow, loop, &at, s ? &part : orelse, NULL);
        d->tail = outer;
        if (r < 0)
            break;
        if (s && part.n)
            s->u.while_.orelse = sl_list(&part);
        if (!t.stmt)
            break;
        s = t.stmt;
        lo = t.else_lo;
        hi = t.else_hi;
        follow = t.join;
        loop = t.loop;
        at = t.st;
        d->cur_handler = t.cur_handler;
        d->fin = t.fin;
    }
    d->cur_handler = cur_handler;
    d->fin = fin;
    return r;
}

/* [lo, hi) computes exactly one value on top of st. */
static int vexpr(dc *d, int lo, int hi, const stk *st, dp_expr **out)
{
    slist body = {0};
    stk after;
    TRY(run_sub(d, lo, hi, hi, NULL, st, &body, &after));
    if (body.n || after.n != st->n + 1 || after.v[after.n - 1].kind != V_EXPR)
        return fail(d, lo, "a branch of an expression is not one value");
    slist none = {0};
    return pop_expr(d, &after, &none, lo, out);
}

/* The break target of a loop whose body is [lo, hi) and whose normal exit
 * is `exit`: the unique target of jumps from the body to beyond it. */
static int find_break(dc *d, int lo, int hi, int exit)
{
    int brk = -1;
    for (int k = lo; k < hi; k++) {
        const dp_ins *x = &d->ins[k];
        /* (3.11: not a clause's test of the exception, which jumps to the
         * next clause or to the RERAISE after the clauses) */
        if (k > lo && d->ins[k - 1].op == DP_OP_CHECK_EXC_MATCH)
            continue;
        if ((x->op == DP_N_JUMP || is_pjif(x->op)) && x->target >= exit && x->target > hi) {
            if (brk < 0 || x->target < brk)
                brk = x->target;
        }
    }
    return brk < 0 ? exit : brk;
}

/* A break threaded past the loop's else block to where the enclosing block
 * goes next (often an outer loop's head): any jump there from the body. */
static int break_to_follow(dc *d, int lo, int hi, const region *rg)
{
    if (rg->follow < 0 || rg->follow >= lo)
        return 0;
    for (int k = lo; k < hi; k++)
        if ((d->ins[k].op == DP_N_JUMP || is_pjif(d->ins[k].op)) && d->ins[k].target == rg->follow)
            return 1;
    return 0;
}

/* Whether all code in [lo, hi) that runs without an exception is taken
 * by statements already. */
static int only_claimed(const dc *d, int lo, int hi)
{
    for (int k = lo; k < hi && k < d->count; k++)
        if (!d->claimed[k] && d->ins[k].stack >= 0 && d->normal[k])
            return 0;
    return 1;
}

/* A jump to t that leaves the block: `break` out of the loop, `continue`
 * to its next round, else the region is reported (why, at `at`). */
static int loop_exit_stmt(dc *d, int t, const loopctx *loop, slist *out, int at, const char *why)
{
    if (loop && t == loop->brk)
        return sl_push(d, out, mk_stmt(d, DP_S_BREAK));
    if (is_continue_target(loop, t))
        return sl_push(d, out, mk_stmt(d, DP_S_CONTINUE));
    /* (<= 3.9: a break threaded through the jump the loop's exit is, the
     * `continue` of an enclosing loop after this one: no other jump
     * leaves a loop for where that goes) */
    if (loop && d->version < 310 && loop->brk >= 0 && loop->brk < d->count && d->ins[loop->brk].op == DP_N_JUMP &&
        d->ins[loop->brk].target == t && t != loop->brk)
        return sl_push(d, out, mk_stmt(d, DP_S_BREAK));
    return fail(d, at, "%s", why);
}

/* Whether the n instructions at k are `return constant` (3.12+: also
 * RETURN_CONST alone). */
static int returns_constant(const dc *d, int k, int n)
{
    if (n == 1)
        return d->ins[k].op == DP_OP_RETURN_CONST;
    return n == 2 && d->ins[k].op == DP_OP_LOAD_CONST && d->ins[k + 1].op == DP_OP_RETURN_VALUE;
}

static int handle_jump(dc *d, int i, const region *rg, slist *out)
{
    int t = d->ins[i].target;
    const loopctx *loop = rg->loop;
    /* (the end of the block, unless the block goes elsewhere and this is
     * the loop's exit: a break) */
    if (i == rg->hi - 1 && (t == rg->follow || (t == rg->hi && !(loop && t == loop->brk && rg->follow >= 0))))
        return 0;
    /* (3.11 puts a finally block's handler after the normal path's jump to
     * where the block goes on: that is still the end) */
    if (t == rg->follow && t >= 0 && only_claimed(d, i + 1, rg->hi))
        return 0;
    /* (or there through the jump the block goes on with, threaded: the
     * normal path of a try/finally ending a then-part in a loop, 3.10) */
    if (d->version == 310 && rg->follow >= 0 && rg->follow < d->count && d->ins[rg->follow].op == DP_N_JUMP &&
        d->ins[rg->follow].target == t && t != rg->follow && i + 1 < rg->hi && only_claimed(d, i + 1, rg->hi))
        return 0;
    /* (3.10+: a break whose jump goes to its own copy of the code after
     * the loop, a small exit block) */
    int n = loop && d->version >= 310 && loop->brk >= 0 && t != loop->brk && t > i && d->incoming[t] == 1
                ? same_exit(d, t, loop->brk) : -1;
    /* (untouched, or taken already as a copy by equiv_code, which both
     * marks and claims it) */
    if (n > 0 && d->ins[t + n - 1].op != DP_N_JUMP && d->claimed[t] == d->visits[t]) {
        if (!d->visits[t])
            TRY(equiv_code(d, t, loop->brk) ? 0 : -1);
        return sl_push(d, out, mk_stmt(d, DP_S_BREAK));
    }
    /* (3.11: to the loop's own jump back, placed after the handlers of a
     * try statement that ends the body: from its else block, `continue`;
     * with the stack as there, so from no with or except clause inside the
     * loop, and from no try/finally inside it, which a continue leaves by
     * a copy of its finally block first) */
    if (loop && d->version == 311 && t > i && t < d->count && d->ins[t].op == DP_N_JUMP &&
        is_continue_target(loop, d->ins[t].target) && d->ins[t].stack == d->ins[i].stack &&
        (d->fin.block[0].len <= 0 || d->fin.start < loop->head))
        return sl_push(d, out, mk_stmt(d, DP_S_CONTINUE));
    return loop_exit_stmt(d, t, loop, out, i, "a jump that is no break, continue or branch end");
}

/* An async for loop's head at h: its body's first instruction, where the
 * body must end (its back jump right before), and its exit.
 *   3.8-3.10: h: SETUP_FINALLY E; GET_ANEXT; LOAD_CONST None; YIELD_FROM;
 *             POP_BLOCK; body; JUMP h; E: END_ASYNC_FOR; exit:
 *   3.11+:    h: GET_ANEXT (handler E); LOAD_CONST None; SEND B; ...;
 *             [B: END_SEND (3.12+)]; body; JUMP h;
 *             [CLEANUP_THROW; JUMP (3.12+)]; E: END_ASYNC_FOR; exit: */
static int async_for_at(dc *d, int h, int *body, int *tail, int *exit)
{
    int E, lo;
    if (h < 0 || h + 4 >= d->count)
        return 0;
    if (d->version < 311) {
        E = d->ins[h].target;
        if (d->ins[h].op != DP_OP_SETUP_FINALLY || d->ins[h + 1].op != DP_OP_GET_ANEXT ||
            d->ins[h + 2].op != DP_OP_LOAD_CONST || d->ins[h + 3].op != DP_OP_YIELD_FROM ||
            d->ins[h + 4].op != DP_OP_POP_BLOCK)
            return 0;
        lo = h + 5;
    } else {
        E = raw_handler(d, h);
        int t = d->ins[h + 2].target;
        if (d->ins[h].op != DP_OP_GET_ANEXT || d->ins[h + 1].op != DP_OP_LOAD_CONST ||
            d->ins[h + 2].op != DP_OP_SEND || t <= h + 2 || t >= d->count)
            return 0;
        lo = t + (d->ins[t].op == DP_OP_END_SEND);
    }
    if (E <= lo || E >= d->count || d->ins[E].op != DP_OP_END_ASYNC_FOR)
        return 0;
    *body = lo;
    *tail = E;
    if (E - 2 > lo && d->ins[E - 2].op == DP_OP_CLEANUP_THROW && d->ins[E - 1].op == DP_N_JUMP)
        *tail = E - 2;
    *exit = E + 1;
    return 1;
}

static int is_async_for_head(dc *d, int h)
{
    int body, tail, exit;
    return async_for_at(d, h, &body, &tail, &exit);
}

/* 3.8, 3.9: where a loop's breaks go, brk, past the enclosing block: a
 * jump to where that block goes, not threaded on (the end of an if
 * statement whose then-part the loop ends), is that place itself. */
static int break_target_38(const dc *d, int brk, const region *rg)
{
    if (brk > rg->hi && brk != rg->follow && rg->follow >= 0 && d->version < 310 && brk < d->count &&
        d->ins[brk].op == DP_N_JUMP && d->ins[brk].target == rg->follow)
        return rg->follow;
    return brk;
}

/* for and async for (see async_for_at) at h. */
static int jumped_to(dc *d, int lo, int hi, int t);

static int for_loop(dc *d, int h, dp_expr *iter, const region *rg, stk *st, slist *out, int *next)
{
    int x = d->ins[h].target, lo = h + 1, tail;
    int is_async = async_for_at(d, h, &lo, &tail, &x);
    if (!is_async)
        tail = x;
    int b = tail - 1;
    if (x <= h + 1 || x > d->count)
        return fail(d, h, "a for loop without its exit");
    if (is_async && x > rg->hi)
        return fail(d, h, "an async for loop that ends outside its block");
    if (d->ins[b].op != DP_N_JUMP || d->ins[b].target != h)
        b = tail;   /* the body ends in return, raise or continue: no back jump after it */
    int exit_copied = 0;
    /* (or whose body ends in a try statement's handler, its last
     * instruction the RERAISE of the clauses, the back jumps before it) */
    int ends_in_handler = !is_async && b == x && x > rg->hi && d->version >= 310 && rg->hi - 1 > h &&
                          d->ins[rg->hi - 1].op == DP_OP_RERAISE && jumped_to(d, h + 1, rg->hi, h);
    if (!is_async && b == x && x > rg->hi && d->version >= 310 && rg->follow >= 0 && x != rg->follow &&
        rg->hi - 1 > h && ((d->ins[rg->hi - 1].op == DP_N_JUMP && d->ins[rg->hi - 1].target == h) || ends_in_handler) &&
        d->incoming[x] == 1 && !d->claimed[x] && d->ins[x].stack == d->ins[rg->follow].stack &&
        same_exit(d, x, rg->follow) > 0) {
        /* 3.10, 3.11: the loop ends the block, and its exit is a copy of the code
         * the block goes on with (a small exit block), placed after it */
        TRY(equiv_code(d, x, rg->follow) ? 0 : -1);
        b = ends_in_handler ? rg->hi : rg->hi - 1;
        exit_copied = 1;
    }
    if (b > rg->hi || (b == tail && x > rg->hi))
        return fail(d, h, "a for loop that ends outside its block");
    if (b < tail && !(exit_copied && ends_in_handler))
        mark(d, b, b + 1);
    if (is_async) {
        mark(d, h, lo);   /* (the wait for the next item) */
        mark(d, tail, x);
    }
    loopctx L = {h, -1, -1, find_break(d, lo, b, x), 1, NULL};
    if (L.brk == x && break_to_follow(d, lo, b, rg))
        L.brk = rg->follow;
    if (L.brk == x && !is_async)
        L.brk = break_copy_past_else(d, lo, b, x);
    /* (3.13: breaks fall into the end of the except clause around the
     * loop, placed in its body; the else block, up to the block's end,
     * cannot complete: see clause_break_end) */
    int brk_in_body = !is_async && d->clause_brk_for == h && L.brk == x && x < rg->hi &&
                      d->clause_brk_end > lo && d->clause_brk_end < b;
    if (brk_in_body)
        L.brk = d->clause_brk_end;
    dp_stmt *s = mk_stmt(d, DP_S_FOR);
    group *g = new_group(d, G_FOR, 1);
    stk body_st;
    slist body = {0}, orelse = {0};
    if (!s || !g)
        return -1;
    if (iter->kind == DP_E_CONSTANT && iter->u.constant.value->kind == DP_OBJ_FROZENSET &&
        iter->u.constant.value->u.seq.count)
        iter = tuple_of_const(d, iter->u.constant.value, DP_E_SET);   /* for x in {1, 2} */
    if (!iter)
        return -1;
    s->u.for_.iter = iter;
    s->u.for_.is_async = is_async;
    g->stmt = s;
    TRY(stk_copy(d, st, &body_st));
    TRY(push_kind(d, &body_st, V_ITER));
    TRY(push_slots(d, &body_st, g));
    stk after;
    TRY(run_sub(d, lo, b, h, &L, &body_st, &body, &after));
    int made = 0;
    TRY(breaks_from_exit_copies(d, body.v, body.n, L.brk, 0, &made, 0));
    if (L.brk == x && x < rg->hi && rg->follow >= rg->hi && !is_async && !made) {
        /* (no break jumps past the code at x, but a return in the body
         * copies where the block goes on and numbers its constant after
         * that code's: a break's copy, the code at x the else block) */
        TRY(breaks_from_exit_copies(d, body.v, body.n, rg->follow, 1, &made, 0));
        if (made)
            L.brk = rg->follow;
    }
    int falls_out = 0;
    if (b == x && d->ins[x - 1].op == DP_OP_POP_TOP && after.n == st->n && !ends_flow(d, &body) &&
        x == L.brk) {
        /* the body ends in `break`: the iterator's POP_TOP, whose jump to
         * the loop's exit right after it the compiler left out */
        TRY(sl_push(d, &body, mk_stmt(d, DP_S_BREAK)));
        falls_out = 1;
    }
    if (after.n != body_st.n - 1 && !ends_flow(d, &body))
        return fail(d, h, "a loop body leaves values on the stack");
    if (b == tail && !falls_out) {
        uint16_t last = d->ins[tail - 1].op;
        /* (or a `break` read inside, see run: the iterator's POP_TOP) */
        int inner_break = last == DP_OP_POP_TOP && (d->version == 310 || d->version == 311) && x == L.brk &&
                          d->visits[tail - 1];
        if (last != DP_N_JUMP && last != DP_OP_RETURN_VALUE && last != DP_OP_RAISE_VARARGS && last != DP_OP_RERAISE &&
            !inner_break)
            return fail(d, h, "a for loop body that falls out of the loop");
    }
    if (!s->u.for_.target)
        return fail(d, h, "a for loop without a target");
    if (b < tail)
        TRY(fold_before_dead_jump(d, b, &body));
    s->u.for_.body = sl_list(&body);
    L.brk = break_target_38(d, L.brk, rg);
    /* (3.8, 3.9: breaks jump where the enclosing loop's breaks go, threaded
     * through the `break` after this loop's else block, which the else
     * block's own end, a jump too, leaves dead: the loop ends there) */
    int dead_break = -1;
    if (L.brk > rg->hi && L.brk != rg->follow && rg->loop && L.brk == rg->loop->brk && d->version < 310)
        for (int q = x + 1; q < rg->hi && dead_break < 0; q++)
            if (d->ins[q].op == DP_N_JUMP && d->ins[q].target == L.brk && !d->incoming[q] &&
                ends_block(d->ins[q - 1].op) && !d->visits[q] && !d->claimed[q])
                L.brk = dead_break = q;
    int end = L.brk;
    if (brk_in_body) {
        TRY(run_sub(d, x, rg->hi, rg->follow, rg->loop, st, &orelse, NULL));
        if (!ends_flow(d, &orelse))
            return fail(d, x, "a for loop's else block that completes, its breaks into the clause's end");
        s->u.for_.orelse = sl_list(&orelse);
        end = rg->hi;
    } else if (exit_copied) {
        end = rg->hi;
    } else if (L.brk == rg->follow && L.brk < h) {
        /* breaks go where the enclosing block goes: the rest is the else */
        if (x < rg->hi)
            TRY(run_sub(d, x, rg->hi, rg->follow, rg->loop, st, &orelse, NULL));
        s->u.for_.orelse = sl_list(&orelse);
        end = rg->hi;
    } else if (L.brk > rg->hi && L.brk != rg->follow && d->version >= 310 && rg->loop && x <= rg->hi &&
               jump_end(d, L.brk) == jump_end(d, rg->loop->brk) &&
               ((x < rg->hi && ends_block(d->ins[rg->hi - 1].op)) || is_continue_target(rg->loop, rg->follow))) {
        /* 3.10+: breaks jump where the enclosing loop's breaks go: this
         * loop's else block ends in a jump (`continue`; or is the end of
         * the enclosing loop's body), and the `break` after it, where they
         * would go, is left out as well as threaded through: `for ...: ...
         * break / else: continue / break` */
        if (x < rg->hi)
            TRY(run_sub(d, x, rg->hi, rg->follow, rg->loop, st, &orelse, NULL));
        if (!ends_flow(d, &orelse) && is_continue_target(rg->loop, rg->follow))
            TRY(sl_push(d, &orelse, mk_stmt(d, DP_S_CONTINUE)));   /* (the enclosing loop's own back jump) */
        if (!ends_flow(d, &orelse))
            return fail(d, h, "a break out of the enclosing block");
        s->u.for_.orelse = sl_list(&orelse);
        *next = rg->hi;
        TRY(sl_push(d, out, s));
        return sl_push(d, out, mk_stmt(d, DP_S_BREAK));
    } else if (L.brk > x) {
        int hi = (L.brk > rg->hi && L.brk == rg->follow) ? rg->hi : L.brk;
        if (L.brk > rg->hi && L.brk != rg->follow)
            return fail(d, h, "a break out of the enclosing block");
        TRY(run_sub(d, x, hi, L.brk, rg->loop, st, &orelse, NULL));
        s->u.for_.orelse = sl_list(&orelse);
        end = hi;
    }
    *next = end;
    TRY(sl_push(d, out, s));
    if (dead_break >= 0 && end != dead_break)
        return fail(d, h, "a break out of the enclosing block");
    if (dead_break >= 0) {
        /* (that `break`, which the breaks jumped past) */
        mark(d, dead_break, dead_break + 1);
        *next = dead_break + 1;
        return sl_push(d, out, mk_stmt(d, DP_S_BREAK));
    }
    return 0;
}

/* The constant of a loop without a test, [h, end): `while True` or `while
 * 1` compile alike but for where the constant takes its co_consts index,
 * between those of the code before the loop and of its body (3.10 and
 * 3.11 keep it unused; 3.12+ only where the code uses it elsewhere). */
static const dp_object *forever_const(dc *d, int h, int end)
{
    static const dp_object true_obj = {DP_OBJ_TRUE, {{0}}};
    if (d->version < 310 || (!d->first_use_tree[0] && build_refs(d) < 0))
        return &true_obj;
    const dp_object *found = NULL, *numbered = NULL;
    for (int w = 0; w < 2; w++) {
        int32_t i = d->loop_consts[w];
        if (i < 0)
            continue;
        if (i <= d->consts_before[h] || d->first_ref[0][i] < h) {
            /* (numbered, or used, before the loop: 3.10/3.11 add no
             * constant for it, where a `while True` would add True) */
            if (!numbered)
                numbered = d->code->consts[i];
            continue;
        }
        /* numbered before everything else the body is the first to use
         * (i itself, when the body is, is the lowest) */
        int32_t first = first_used_min(d, h, end, 0);
        /* (and no code after the loop is the first to use one numbered
         * between: with the loop's own constant, that came later) */
        int32_t after = first_used_min(d, end, d->count, 0);
        if ((first < 0 || first >= i) && !(after > d->consts_before[h] && after < i)) {
            if (found)
                return &true_obj;   /* nothing tells which */
            found = d->code->consts[i];
        }
    }
    if (!found && numbered && d->version < 312)
        found = numbered;
    return found ? found : &true_obj;
}

/* `while True: ...; if c: break` as the compiler threads it: the loop is
 * closed by a conditional jump back to h, and falling through it leaves
 * the loop.  The body is recovered with that fall-through as a break. */
static int straight_exit_end(const dc *d, int q);

static int while_closed_by_test(dc *d, int h, int b, const region *rg, stk *st, slist *out, int *next)
{
    int x = b + 1;
    loopctx L = {h, -1, -1, x, 0, NULL};
    slist body = {0};
    dp_stmt *s = mk_stmt(d, DP_S_WHILE);
    if (!s)
        return -1;
    if (x > rg->hi)
        return fail(d, h, "a loop that ends outside its block");
    d->loop_open[h] = 1;
    int r = run_sub(d, h, x, x, &L, st, &body, NULL);
    d->loop_open[h] = 0;
    TRY(r);
    /* (3.12+: the back jump, folded from `if c: continue` jumping over a
     * jump back, falls into a return: the loop's, as in while_loop; a
     * break's copy of a return after the loop compiles alike) */
    int past = (d->ins[b].flag & DP_FLAG_FOLDED_BACK) && x < d->count && !d->incoming[x] && !d->claimed[x]
                   ? straight_exit_end(d, x) : -1;
    dp_stmt *last = body.n ? body.v[body.n - 1] : NULL;
    if (past > x && past <= rg->hi && last && last->kind == DP_S_IF) {
        /* (3.13: where the if's else-part, moved after that return, cannot
         * complete, that return ends its then-part, as written) */
        dp_stmt_list *then = &last->u.while_.body;
        if (d->version >= 313 && last->u.while_.orelse.count && list_ends_flow(&last->u.while_.orelse, 0) &&
            !list_ends_flow(then, 0)) {
            slist tail = {then->items, then->count, then->count};
            TRY(run_sub(d, x, past, past, &L, st, &tail, NULL));
            *then = sl_list(&tail);
        } else {
            TRY(run_sub(d, x, past, past, &L, st, &body, NULL));
        }
        s->u.while_.test = e_const(d, forever_const(d, h, past));
        s->u.while_.body = sl_list(&body);
        /* (3.13: past more of the body, which an if's else-part there
         * took, moved after the loop's return: see else_exit_block) */
        while (d->version >= 313 && past < rg->hi && d->visits[past] && d->incoming[past] && d->first_from[past] >= h &&
               d->last_from[past] < x) {
            int more = straight_exit_end(d, past);
            if (more <= past || more > rg->hi)
                break;
            for (int q = past; q < more; q++)
                if (!d->visits[q])
                    return fail(d, q, "a loop's body moved after it, read in part");
            past = more;
        }
        *next = past;
        return sl_push(d, out, s);
    }
    /* [..., if not c: continue] + fall out  ->  [..., if c: break] */
    if (last && last->kind == DP_S_IF && !last->u.while_.orelse.count && last->u.while_.body.count == 1 &&
        last->u.while_.body.items[0]->kind == DP_S_CONTINUE) {
        last->u.while_.test = negate(d, last->u.while_.test, 0);
        last->u.while_.body.items[0] = mk_stmt(d, DP_S_BREAK);
        if (!last->u.while_.body.items[0])
            return -1;
    } else if (!ends_flow(d, &body)) {
        TRY(sl_push(d, &body, mk_stmt(d, DP_S_BREAK)));
    }
    s->u.while_.test = e_const(d, forever_const(d, h, x));
    s->u.while_.body = sl_list(&body);
    *next = x;
    return sl_push(d, out, s);
}

/* A while loop's body [lo, hi), whose end flows to body_follow (`continue`
 * goes to head, or cont2), and its else block from `exit` to where breaks
 * go.  *end: where the statement ends.  Where a break's except clause held
 * the code after the loop (loopctx.tail), the statement and that code go
 * to *after, and it returns 1. */
static int jumped_to(dc *d, int lo, int hi, int t);

/* 3.12+: where the breaks of a loop at head, body [lo, hi), go when its
 * exit block is code the loop never goes to (a `while True:`) and that is
 * hidden from it (claimed: an enclosing loop's exit copy, see
 * bottom_test_apart), with only exception code after it in the block: the
 * code after the loop, which the compiler placed after the handlers as
 * only an except clause's `break` reaches it (the first code there that an
 * except clause's end jumps to), or where the block goes on, its follow
 * (an outer loop's bottom test, placed apart).  Else exit. */
static int break_past_hidden_exit(dc *d, int head, int lo, int hi, int exit, const region *rg)
{
    if (d->version < 312 || rg->follow <= hi || exit < hi || exit >= rg->hi || !d->claimed[exit] ||
        !ends_block(d->ins[exit - 1].op) || jumped_to(d, head < lo ? head : lo, exit, exit))
        return exit;
    for (int q = exit; q < rg->hi; q++) {
        if (d->claimed[q])
            continue;
        if (d->plain[q])
            return exit;
        /* (code only the end of an except clause goes to, nothing falls into) */
        if (d->incoming[q] && ends_block(d->ins[q - 1].op) && d->first_from[q] > hi && d->first_from[q] < q &&
            d->ins[d->first_from[q]].op == DP_N_JUMP && d->ins[d->first_from[q] - 1].op == DP_OP_POP_EXCEPT)
            return q;
    }
    return rg->follow;
}

/* The first LOAD_CONST None from k on (which the constant-use tables
 * leave out), else d->count. */
static int next_none_load(const dc *d, int k)
{
    while (k < d->count &&
           !(d->ins[k].op == DP_OP_LOAD_CONST && d->ins[k].obj && d->ins[k].obj->kind == DP_OBJ_NONE))
        k++;
    return k;
}

/* The co_consts index of None from 1 (co_consts[0] is a function's
 * docstring, or None in its place, whatever the code does); -1. */
static int none_const_index(const dc *d)
{
    for (size_t c = 1; c < d->code->n_consts; c++)
        if (d->code->consts[c]->kind == DP_OBJ_NONE)
            return (int)c;
    return -1;
}

/* 3.10+: whether the `return None` at k (LOAD_CONST None; RETURN_VALUE)
 * is the compiler's copy of a loop's exit, a `return None` at exit (see
 * breaks_from_exit_copies: a break's jump to a small exit block becomes a
 * copy of it), as the
 * numbering of None tells: a constant first used after k has a lower
 * index, so None was numbered later than k (at the function's final
 * return), not by a return of the source's own there. */
static int return_copies_loop_exit(dc *d, int k, int exit)
{
    if (k < 0 || k == exit || !is_none_return_at(d, k))
        return 0;
    int none_at = none_const_index(d);
    int later = first_used_min(d, k + 2, d->count, 0);
    return none_at > 0 && later >= 0 && later < none_at;
}

static int reached_twice(const dc *d, const dp_stmt *s);
static int index_at_offset(const dc *d, uint32_t offset);
static int first_uses_below(dc *d, int ilo, int ihi, int which, int at);
static int first_uses_max(dc *d, int ilo, int ihi, int which);

/* The statement at *slot (a return that was a break's copy of the code
 * after a loop) replaced by that break, from the same source. */
static int break_in_place(dc *d, dp_stmt **slot)
{
    dp_stmt *s = *slot, *b = mk_stmt(d, DP_S_BREAK);
    if (!b)
        return -1;
    b->lineno = s->lineno;
    b->src_code = s->src_code;
    b->src_lo = s->src_lo;
    b->src_hi = s->src_hi;
    *slot = b;
    return 0;
}

/* Whether code [k, e) is the first to use a constant or name that code
 * [lo, hi) is the first to use one below: in the source, [k, e) came
 * after [lo, hi) (the compiler numbers them in source order). */
static int numbered_after(dc *d, int k, int e, int lo, int hi)
{
    for (int w = 0; w < 2; w++) {
        int top = first_uses_max(d, k, e, w);
        if (top > 0 && first_uses_below(d, lo, hi, w, top))
            return 1;
    }
    return 0;
}

/* Whether the return s (in a loop's body) is a copy of the loop's exit at
 * `exit`, the code after the loop, that numbers a constant or name after
 * one the rest of the body, before the exit, is the first to use: the
 * compiler numbers them in source order, so the return is the exit, a
 * break's copy of it. */
static int return_copy_numbered_late(dc *d, const dp_stmt *s, int exit)
{
    int k = index_at_offset(d, s->src_lo);
    if (k < d->count && d->ins[k].op == DP_OP_POP_TOP)
        k++;   /* (a for loop's iterator, which the return pops first) */
    int n = same_exit(d, k, exit);
    return n > 0 && k + n < exit &&
           (d->ins[k + n - 1].op == DP_OP_RETURN_VALUE || d->ins[k + n - 1].op == DP_OP_RETURN_CONST) &&
           index_at_offset(d, s->src_hi) == k + n && numbered_after(d, k, k + n, k + n, exit);
}

/* In a loop's body (through ifs, not into inner loops or other
 * statements), each `return None` that copies the loop's exit (see
 * return_copies_loop_exit), and each other return that does (see
 * return_copy_numbered_late; with late_only, just those), becomes the
 * `break` it was; *made counts them. */
static int breaks_from_exit_copies(dc *d, dp_stmt **v, size_t n, int exit, int late_only, int *made, int depth)
{
    if (d->version < 310 || exit < 0 || exit >= d->count)
        return 0;   /* (no exit to copy) */
    for (size_t q = 0; q < n && depth < 64; q++) {
        dp_stmt *s = v[q];
        if (s->kind == DP_S_IF) {
            TRY(breaks_from_exit_copies(d, s->u.while_.body.items, s->u.while_.body.count, exit, late_only, made,
                                        depth + 1));
            TRY(breaks_from_exit_copies(d, s->u.while_.orelse.items, s->u.while_.orelse.count, exit, late_only, made,
                                        depth + 1));
            continue;
        }
        if (s->kind == DP_S_RETURN && s->src_code == d->code && !is_none_return_at(d, exit) &&
            return_copy_numbered_late(d, s, exit)) {
            TRY(break_in_place(d, &v[q]));
            ++*made;
            continue;
        }
        if (late_only || !is_none_return_at(d, exit) || !is_return_none(s) || s->src_code != d->code)
            continue;
        /* (the return's own instructions end the statement's code) */
        int k = index_at_offset(d, s->src_hi), lo = index_at_offset(d, s->src_lo);
        while (--k >= lo && !is_none_return_at(d, k))
            ;
        if (k < lo)
            k = -1;
        if (!return_copies_loop_exit(d, k, exit))
            continue;
        TRY(break_in_place(d, &v[q]));
        ++*made;
    }
    return 0;
}

static int same_return(const dc *d, const dp_stmt *a, const dp_stmt *b);
static int straight_exit_end(const dc *d, int q);
static const dp_stmt_list *child_list(const dp_stmt *s, size_t n);

/* Whether statements v[0..n) hold a break of the loop they are the body of
 * (through statements' bodies; not into inner loops, but for their else
 * blocks, which are the loop's own). */
static int breaks_loop(const dp_stmt *const *v, size_t n, int depth)
{
    for (size_t k = 0; k < n; k++) {
        const dp_stmt *s = v[k];
        const dp_stmt_list *c;
        if (s->kind == DP_S_BREAK || depth > 64)
            return 1;
        if (s->kind == DP_S_WHILE || s->kind == DP_S_FOR) {
            const dp_stmt_list *orelse = child_list(s, 1);   /* (for_ and while_ lay out apart) */
            if (orelse->count && breaks_loop((const dp_stmt *const *)orelse->items, orelse->count, depth + 1))
                return 1;
            continue;
        }
        for (size_t q = 0; (c = child_list(s, q)); q++)
            if (breaks_loop((const dp_stmt *const *)c->items, c->count, depth + 1))
                return 1;
    }
    return 0;
}

/* The returns in statements v[0..n) (through ifs) that are copies of ret
 * become breaks; with ret NULL, the first return that reads as the code
 * after a `while True` loop ending at hi (see tail_from_return_copies), in
 * *found. */
static int returns_to_breaks(dc *d, dp_stmt **v, size_t n, const dp_stmt *ret, int hi, dp_stmt **found, int depth)
{
    for (size_t q = 0; q < n && depth < 64; q++) {
        dp_stmt *s = v[q];
        if (s->kind == DP_S_IF) {
            TRY(returns_to_breaks(d, s->u.while_.body.items, s->u.while_.body.count, ret, hi, found, depth + 1));
            TRY(returns_to_breaks(d, s->u.while_.orelse.items, s->u.while_.orelse.count, ret, hi, found, depth + 1));
            continue;
        }
        if (s->kind != DP_S_RETURN || s->src_code != d->code)
            continue;
        if (!ret && is_return_none(s)) {
            /* (None, which the first-use tables leave out: numbered after
             * a constant that code after this return is the first to use) */
            int k = index_at_offset(d, s->src_hi) - 2;
            /* (and not where a return of None after it, another copy the
             * source's return, may have numbered it) */
            if (!*found && k >= index_at_offset(d, s->src_lo) && return_copies_loop_exit(d, k, -1) &&
                !is_none_return_at(d, next_none_load(d, k + 2)))
                *found = s;
            continue;
        }
        if (!ret) {
            int k = index_at_offset(d, s->src_lo), e = straight_exit_end(d, k);
            if (!*found && e > k && e < hi && index_at_offset(d, s->src_hi) == e && numbered_after(d, k, e, e, hi))
                *found = s;
            continue;
        }
        if (s != ret && !same_return(d, s, ret))
            continue;
        TRY(break_in_place(d, &v[q]));
    }
    return 0;
}

/* 3.10+: a `while True` loop [lo, hi) that nothing leaves but returns
 * whose code is the same: the compiler copied the code after the loop to
 * each break.  Where one of them numbers a constant or name after one the
 * rest of the body is the first to use (the compiler numbers them in
 * source order), they are those breaks: the return becomes the loop's
 * tail (see while_parts). */
static int tail_from_return_copies(dc *d, dp_stmt *s, slist *body, int lo, int hi, int exit, slist *tail)
{
    const dp_expr *t = s->u.while_.test;
    dp_stmt *found = NULL;
    if (d->version < 310 || !t || t->kind != DP_E_CONSTANT || jumped_to(d, lo, hi, exit) ||
        breaks_loop((const dp_stmt *const *)body->v, body->n, 0))
        return 0;
    TRY(returns_to_breaks(d, body->v, body->n, NULL, hi, &found, 0));
    if (!found)
        return 0;
    TRY(sl_push(d, tail, found));
    return returns_to_breaks(d, body->v, body->n, found, hi, NULL, 0);
}

static int while_parts(dc *d, dp_stmt *s, int head, int lo, int hi, int cont2, int cont3, int body_follow,
                       int exit, const region *rg, stk *st, int *end, slist *after)
{
    slist tail = {0};
    loopctx L = {head, cont2, cont3, find_break(d, lo, hi, exit), 0, &tail};
    slist body = {0}, orelse = {0};
    /* (one break target only: where the body also jumps to the exit,
     * those are the breaks) */
    if (L.brk == exit && !jumped_to(d, lo, hi, exit) && break_to_follow(d, lo, hi, rg))
        L.brk = rg->follow;
    /* (3.11+: a loop ending its block, whose exit nothing reaches, left by
     * except clauses placed past the block, to where the block goes on) */
    if (L.brk == exit && exit == rg->hi && rg->follow > exit && !jumped_to(d, lo, hi, exit) &&
        clause_exit_past(d, lo, hi, exit) == rg->follow)
        L.brk = rg->follow;
    if (L.brk == exit)
        L.brk = break_past_hidden_exit(d, head, lo, hi, exit, rg);
    /* (a loop running to the end of an enclosing loop's body, see
     * while_loop: its breaks are that loop's `continue`s, and a jump to the
     * body's end leaves a statement in it) */
    if (L.brk == exit && exit == rg->hi && hi == rg->hi && rg->follow < lo && is_continue_target(rg->loop, rg->follow))
        L.brk = rg->follow;
    d->loop_open[head] = 1;
    TRY(run_sub(d, lo, hi, body_follow, &L, st, &body, NULL));
    int made = 0;
    TRY(breaks_from_exit_copies(d, body.v, body.n, L.brk, 0, &made, 0));
    if (!tail.n)
        TRY(tail_from_return_copies(d, s, &body, lo, hi, exit, &tail));
    d->loop_open[head] = 0;
    TRY(fold_before_dead_jump(d, hi, &body));
    s->u.while_.body = sl_list(&body);
    L.brk = break_target_38(d, L.brk, rg);
    *end = exit;
    if (tail.n) {
        /* the code after the loop, which only a break's copy has */
        TRY(sl_push(d, after, s));
        for (size_t q = 0; q < tail.n; q++)
            TRY(sl_push(d, after, tail.v[q]));
        return 1;
    }
    if (L.brk == rg->follow && L.brk >= 0 && L.brk < lo) {
        /* breaks go where the enclosing block goes: the rest is the else */
        if (exit < rg->hi)
            TRY(run_sub(d, exit, rg->hi, rg->follow, rg->loop, st, &orelse, NULL));
        s->u.while_.orelse = sl_list(&orelse);
        *end = rg->hi;
    } else if (L.brk > exit) {
        int else_hi = (L.brk > rg->hi && L.brk == rg->follow) ? rg->hi : L.brk;
        /* (3.8, 3.9: breaks threaded through the `break` after the loop's
         * else block, which that block falls into, to the enclosing loop's
         * exit: the loop ends there, the break follows it) */
        int outer_break = -1;   /* (the last jump there in the block: breaks in the else block come first) */
        if (d->version < 310 && L.brk > rg->hi && L.brk != rg->follow && rg->loop && L.brk == rg->loop->brk)
            for (int q = rg->hi - 1; q >= exit && outer_break < 0; q--)
                if (d->ins[q].op == DP_N_JUMP && d->ins[q].target == L.brk && d->ins[q].stack >= 0 && !d->visits[q])
                    outer_break = q;
        if (outer_break >= 0)
            else_hi = L.brk = outer_break;
        else if (L.brk > rg->hi && L.brk != rg->follow)
            return fail(d, head, "a break out of the enclosing block");
        TRY(run_sub(d, exit, else_hi, L.brk, rg->loop, st, &orelse, NULL));
        s->u.while_.orelse = sl_list(&orelse);
        *end = else_hi;
    }
    return 0;
}

static int inverted_while(dc *d, int cstart, const cond *c, int cont3, const region *rg, stk *st,
                          slist *out, int *next);

/* Whether P follows the end of an except clause (POP_EXCEPT) or of a
 * with's handler where __exit__ swallowed the exception (POP_EXCEPT;
 * POP_TOP, 3.11+: POP_EXCEPT; POP_TOP; POP_TOP): the code there is that
 * statement's, a copy of what follows it. */
static int after_handler_end(const dc *d, int P)
{
    if (P >= 1 && d->ins[P - 1].op == DP_OP_POP_EXCEPT)
        return 1;
    if (P < 2 || d->ins[P - 1].op != DP_OP_POP_TOP)
        return 0;
    if (d->ins[P - 2].op == DP_OP_POP_EXCEPT)
        return 1;
    return P >= 3 && d->ins[P - 2].op == DP_OP_POP_TOP && d->ins[P - 3].op == DP_OP_POP_EXCEPT;
}

/* Whether [T, P) jumps past F, within the block, to code other than a
 * copy of the exit block at F. */
static int then_jumps_past(dc *d, int T, int P, int F, const region *rg)
{
    int X = forward_exit(d, T, P, F, rg);
    return X == -2 || (X >= 0 && same_exit(d, X, F) < 0 && same_exit(d, F, X) < 0);
}

/* 3.10+: where a conditional jump to F over [T, F) goes in effect when the
 * code before F ends in an exit block (a return or raise) that the
 * compiler copied to F for the jump: the start P of that block; else F.
 * (Not where [T, P) jumps past F within the block, elsewhere than to a
 * copy of that exit: then F is an else-part that only looks like the copy,
 * `elif c: if d: return` / `else: return` before the code both skip to.) */
/* 3.10+: whether the test's jump at j went to a NOP before F (dropped,
 * see DP_FLAG_TO_NOP): a statement with no code that starts the
 * else-part, `else: pass`, where the then-part does not fall into it.  Not
 * a loop's head, `while True:`, nor a try's start, `try:`, whose NOPs
 * those are. */
static int nop_else_at(const dc *d, int j, int F)
{
    return F < d->count && d->ins[j].target == F && (d->ins[j].flag & DP_FLAG_TO_NOP) && d->back_from[F] < F &&
           d->ins[F].handler == d->ins[j].handler;
}

static int copied_exit_at(dc *d, int T, int F, const region *rg)
{
    if (d->version >= 310 && F > T + 1 && F <= rg->hi && !d->claimed[F] && !d->visits[F] &&
        (d->ins[F - 1].op == DP_OP_RETURN_VALUE || d->ins[F - 1].op == DP_OP_RAISE_VARARGS))
        for (int P = F - 1; P > T; P--)
            /* (not a return of the source's own inside a try body, whose
             * value 3.12+ load under the handler, the return outside) */
            if (F - P >= 2 && !d->claimed[P] && d->ins[P].stack == d->ins[F].stack && same_exit(d, F, P) == F - P &&
                d->incoming[F] == 1 && !d->incoming[P] && !enters_between(d, T, P, P, F) && !after_handler_end(d, P) &&
                (d->version < 312 || d->ins[P].handler == d->ins[F - 1].handler))
                return then_jumps_past(d, T, P, F, rg) ? F : P;
    return F;
}

/* The back jump that closes a loop with its head at h inside a region
 * ending at hi, else -1: back_from[h], or where an enclosing loop shares
 * the head (3.10+: `while c: while True: ...`, whose outer bottom test
 * jumps to the inner loop's head) the last jump back to h before hi. */
static int back_jump_within(const dc *d, int h, int hi)
{
    int b = d->back_from[h];
    if (b < h)
        return -1;
    if (b < hi)
        return b;
    if (d->version < 310)
        return -1;
    for (int k = hi - 1; k >= h; k--)
        if (d->ins[k].target == h && d->ins[k].stack >= 0 &&
            (d->ins[k].op == DP_N_JUMP || is_pjif(d->ins[k].op)))
            return k;
    /* (3.12+: the only jumps back are except clauses' `continue`s, placed
     * with the handlers past the block: see while_loop) */
    if (d->version >= 312 && d->ins[b].op == DP_N_JUMP && leaves_clause_before(d, b))
        return b;
    return -1;
}

static void claim(dc *d, int lo, int hi);
static void unclaim(dc *d, int lo, int hi);

/* 3.12+: whether h starts the first test of an inverted while loop
 * whose bottom test, placed after the handlers (code reached only through
 * an except clause: the loop's body ends after a with or try whose normal
 * path an except clause's `break` takes), jumps back to the body's start,
 * and whose jump back to h at b, in the plain code before, is a
 * `continue`: `while c: if d: continue` then `with m: while True: try:
 * ... except E: break`.  The test is read as the loop's (see conditional),
 * not the loop as closed at b. */
static int test_before_apart_bottom(const dc *d, int h, int b)
{
    if (d->version < 312 || b <= h || !(d->ins[b].op == DP_N_JUMP || is_pjif(d->ins[b].op)))
        return 0;
    int q = h;
    while (q < b && q < h + 16 && d->ins[q].target < 0 && d->plain[q])
        q++;
    if (q >= b || !is_pjif(d->ins[q].op) || d->ins[q].target <= b)
        return 0;
    int T = q + 1, B = d->back_from[T];
    return B > b && !d->plain[B] && d->ins[B].stack >= 0 && is_pjif(d->ins[B].op) && d->ins[B].target == T;
}

/* 3.10/3.11: where the bottom test of an inverted loop whose false path
 * goes to F ends.  Right before F, unless that test is a chained comparison:
 * `..., jump-if-true T; JUMP F (or a copy of the code at F); C: POP_TOP; F:`,
 * C the cleanup its false links jump to. */
static int bottom_test_end(const dc *d, int T, int F)
{
    int C = F - 1, b = -1;
    if (C < 0 || C >= d->count)
        return -1;   /* (no code before F: F is the code's start, a loop's first test there) */
    /* (3.11+: a loop ending a finally block's handler copy falls into a
     * copy of the RERAISE its first test jumps to, made a jump there by
     * unshare_finally_exits) */
    if (d->version >= 311 && C - 1 > T && d->ins[C].op == DP_N_JUMP && d->ins[C].target == F &&
        d->ins[F].op == DP_OP_RERAISE && is_pjif(d->ins[C - 1].op) && d->ins[C - 1].target == T)
        return C - 1;
    /* (3.10+: the loop's exit, a small exit block that the test's false
     * path has its own copy of at F, falls out of the bottom test right
     * before F: `with m: while c: ...` ending a function) */
    if (d->version >= 310 && (d->ins[C].op == DP_OP_RETURN_VALUE || d->ins[C].op == DP_OP_RAISE_VARARGS))
        for (int P = C, end = F; P > T + 1; P--)
            if (same_exit(d, P, F) == end - P) {
                if (is_pjif(d->ins[P - 1].op) && d->ins[P - 1].target == T && !d->incoming[P])
                    return P - 1;
                /* (more copies before it: those of the jumps of an and/or
                 * test's other atoms, `while a and b:`) */
                if (!(d->ins[P - 1].op == DP_OP_RETURN_VALUE || d->ins[P - 1].op == DP_OP_RAISE_VARARGS))
                    break;
                end = P;
            }
    if (d->version < 310 || C - 2 <= T || d->ins[C].op != DP_OP_POP_TOP || !d->incoming[C] ||
        d->first_from[C] <= T || d->last_from[C] >= C)
        return F - 1;
    if (d->ins[C - 1].op == DP_N_JUMP && d->ins[C - 1].target == F) {
        b = C - 2;
    } else if (d->ins[C - 1].op == DP_OP_RETURN_VALUE || d->ins[C - 1].op == DP_OP_RAISE_VARARGS) {
        for (int P = C - 1; P > T + 1 && b < 0; P--)
            if (same_exit(d, P, F) == C - P)
                b = P - 1;
    }
    if (b <= T || !is_pjif(d->ins[b].op) || d->ins[b].target != T || d->first_from[C] >= b)
        return F - 1;
    return b;
}

/* 3.10+: whether the code right before F is the back jump that closes a
 * loop body starting at T (an inverted loop's bottom test). */
static int closes_body_before(const dc *d, int T, int F)
{
    int b = bottom_test_end(d, T, F);
    return b > T && d->back_from[T] == b && d->ins[b].target == T;
}

/* 3.10+: whether the loop with its head at h, last back jump b and test
 * exiting to F > b + 1 goes on after b: b is an unconditional jump (a
 * `continue`), and the code between b and F is reached from the loop only. */
static int body_goes_on_after(const dc *d, int h, int b, int F, const region *rg)
{
    if (d->version < 310 || F > rg->hi || d->ins[b].op != DP_N_JUMP || d->ins[b].target != h)
        return 0;
    for (int k = b + 1; k < F; k++)
        if (d->incoming[k] && (d->first_from[k] < h || d->last_from[k] >= F))
            return 0;
    return d->incoming[b + 1] > 0;
}

static int handles_some(const dc *d, int lo, int hi, int t);
static int finally_block(dc *d, int H, int cleanup, int *lo);
static int finally_copy_len(dc *d, int at, int lo, int len);

/* 3.11+: whether H is the handler of a try/finally or a with, not of
 * except clauses (whose match comes first, in H's own region). */
static int cleanup_handler_at(dc *d, int H)
{
    if (H < 0 || H + 1 >= d->count || d->ins[H].op != DP_OP_PUSH_EXC_INFO || d->ins[H + 1].op == DP_OP_POP_TOP)
        return 0;
    if (d->ins[H + 1].op == DP_OP_WITH_EXCEPT_START)
        return 1;
    int lo;
    for (int q = H + 1; q < d->count && q < H + 64 && raw_handler(d, q) == raw_handler(d, H + 1); q++) {
        if (d->ins[q].op == DP_OP_CHECK_EXC_MATCH || d->ins[q].op == DP_OP_CHECK_EG_MATCH)
            return 0;
        if (is_control_op(d->ins[q].op))
            break;
    }
    return finally_block(d, H, raw_handler(d, H), &lo) > 0;
}

/* 3.11+: whether the body of a loop without a test, head h, goes on after
 * its last jump back, x - 1, a `continue` inside a try statement (its
 * copy of the finally block): a try begun inside the loop, in [h, x),
 * covers code past x too (not only its handler placed there), so the loop
 * cannot end at x.  The rest of the block,
 * [x, rg->hi), then reads as the body's end, where it breaks out: no jump
 * back follows, nothing outside [h, rg->hi) jumps into it, its jumps stay
 * inside it, and it runs under no handler but those of the loop's body and
 * of new try statements in it.  (Where the loop ended earlier, the code
 * after it is forward code to the block's end that runs the same inside
 * the loop before its final break.) */
static int forever_body_goes_on(dc *d, int h, int x, const region *rg)
{
    if (d->version < 311 || x >= rg->hi || d->ins[x - 1].op != DP_N_JUMP || d->ins[x - 1].target != h)
        return 0;
    int past = 0;
    for (int q = h; q < x && !past; q++) {
        int H = raw_handler(d, q), t = d->ins[q].target, lo = -1, len;
        if (H < 0 || handles_some(d, 0, h, H) || !cleanup_handler_at(d, H) ||
            (len = finally_block(d, H, raw_handler(d, H), &lo)) <= 0)
            continue;
        /* (the jump back leaves that try: a copy of its finally block
         * runs right before it) */
        int copied = 0;
        for (int at = x - 2; at > q && at >= x - 2 - 4 * len - 4 && !copied; at--)
            copied = at != lo && finally_copy_len(d, at, lo, len) == x - 1 - at;
        past = copied && (handles_some(d, x, rg->hi, H) ||
                          /* (or a test in its body jumps to x or past it:
                           * leaving the try would run the finally block
                           * first, so that is where its body goes on,
                           * 3.12's normal path) */
                          (t >= x && t <= rg->hi && is_pjif(d->ins[q].op)));
    }
    if (!past)
        return 0;
    for (int q = x; q < rg->hi; q++) {
        int t = d->ins[q].target;
        if ((t >= 0 && (t < x || t > rg->hi)) ||
            (d->incoming[q] && (d->first_from[q] < h || d->last_from[q] >= rg->hi)) || d->claimed[q] || d->visits[q])
            return 0;
        int H = raw_handler(d, q);
        if (H >= 0 && !handles_some(d, h, x, H) && handles_some(d, 0, x, H))
            return 0;
    }
    return 1;
}

/* Whether the loop body from head h goes on from x, after its last back
 * jump, to F, where the loop exits: ending in a return or raise, with no
 * jump from it beyond F and none into it from outside. */
static int body_ends_after_clause(const dc *d, int h, int x, int F, const region *rg)
{
    uint16_t last = d->ins[F - 1].op;
    if (F > rg->hi || (last != DP_OP_RETURN_VALUE && last != DP_OP_RAISE_VARARGS && last != DP_OP_RERAISE))
        return 0;
    for (int q = x; q < F; q++) {
        int t = d->ins[q].target;
        if ((t >= 0 && (t < h || t > F)) || (d->incoming[q] && (d->first_from[q] < h || d->last_from[q] >= F)))
            return 0;
    }
    return 1;
}

static int only_exception_code(const dc *d, int lo, int hi);

/* 3.10: for the loop with its head at h and its last jump back, a
 * `continue`, at b, where a try statement of the body (its SETUP_FINALLY
 * before b) has its handler past b: the first index past every jump and
 * handler target from h on, at the loop's depth and block, that nothing
 * jumps to, where the body (a `break` at its end) goes on to the code
 * after the loop; no jump from outside into [b + 1, there).  Else -1. */
static int body_past_try_end(const dc *d, int h, int b, const region *rg)
{
    int x = b + 1, far = x, straddles = 0;
    if (d->version != 310 || d->ins[b].op != DP_N_JUMP || d->ins[b].target != h || x >= d->count ||
        !d->incoming[x])
        return -1;
    for (int q = h; q < x; q++) {
        int t = d->ins[q].target;
        straddles |= d->ins[q].op == DP_OP_SETUP_FINALLY && t > x;
        if (t > far)
            far = t;
    }
    if (!straddles)
        return -1;
    for (int q = x; q <= rg->hi && q < d->count && q < x + 4096; q++) {
        if (d->incoming[q] && d->first_from[q] < h)
            return -1;
        if (q > far && !d->incoming[q] && d->ins[q].stack == d->ins[h].stack && d->bstack[q] == d->bstack[h] &&
            !ends_block(d->ins[q - 1].op)) {
            for (int k = x; k < q; k++)
                if (d->incoming[k] && d->last_from[k] >= q)
                    return -1;
            return q;
        }
        int t = d->ins[q].target;
        if (t >= 0 && t < h)
            return -1;
        if (t > far)
            far = t;
    }
    return -1;
}

/* while loop with its head at h and its back jump at b. */
/* A while loop at head h testing `test` (NULL: out of memory), whose body
 * [lo, hi) ends where the loop exits: what gets to hi, by falling into it
 * or jumping there, breaks out of the loop (a `break` at the body's end,
 * which no jump back follows).  why: the failure where the code after the
 * loop would come after the body too. */
static int while_breaking_at_end(dc *d, int h, dp_expr *test, int lo, int hi, const region *rg, stk *st,
                                 slist *out, int *next, const char *why)
{
    dp_stmt *s = mk_stmt(d, DP_S_WHILE);
    if (!s || !test || !(s->u.while_.test = unfold_test(d, test)))
        return -1;
    int r = while_parts(d, s, h, lo, hi, -1, -1, hi, hi, rg, st, next, out);
    TRY(r);
    if (r)
        return fail(d, h, "%s", why);
    TRY(append_exit(d, &s->u.while_.body, DP_S_BREAK));
    return sl_push(d, out, s);
}

static int dead_jump_else(const dc *d, int T, int F, int hi, int loop_exit, int *end);

/* <= 3.9: `if c: ... else: break` first in a loop's body, c's jump
 * threaded through the break to the loop's exit x, reads as the loop's
 * test (`while a and c:`), but the compiler left the break's jump, dead,
 * after the then-part: where the if ends the body, after the then-part's
 * jump back to h, and the loop's own back jump b, dead too, after it;
 * where more of the body follows, as dead_jump_else finds it.  Then *c
 * becomes the loop's test without c (1), or there is no test, `while
 * True:` (0); -1 on error, 2 where that is not so. */
static int test_ends_in_if_else_break(dc *d, int h, int b, int x, stk *st, cond *c)
{
    if (c->last != c->T - 1)
        return 2;
    /* (the break dead at the body's end, or, the if going on to more of
     * the body, where dead_jump_else finds it) */
    int dead = b - 1, dead_end = b;
    if (b < 2 || b - 2 < c->T || d->ins[b].stack >= 0 || d->ins[b - 1].op != DP_N_JUMP ||
        d->ins[b - 1].target != x || d->ins[b - 1].stack >= 0 || d->visits[b - 1] || d->claimed[b - 1] ||
        d->ins[b - 2].op != DP_N_JUMP || d->ins[b - 2].target != h || d->ins[b - 2].stack < 0) {
        dead = dead_jump_else(d, c->T, x, b, x, &dead_end);
        if (dead <= c->T)
            return 2;
    }
    for (int q = c->T; q < b; q++)
        if (d->ins[q].target == x && (q < dead || q >= dead_end))
            return 2;   /* (a jump of the body's own there: the if's, or a break) */
    int prev = -1;   /* (the jump of the test's operand before c) */
    for (int q = h; q < c->last; q++)
        if (is_pjif(d->ins[q].op) || d->ins[q].op == DP_N_JUMP)
            prev = q;
    if (prev < 0)
        return c->first_start == h ? 0 : 2;
    if (!is_pjif(d->ins[prev].op) || d->ins[prev].target != x)
        return 2;
    cond rest;
    int r = analyze_cond(d, st, NULL, h, prev + 1, &rest);
    if (r == UNRECOVERED) {
        d->why[0] = 0;
        return 2;
    }
    TRY(r);
    if (r != 0 || rest.T != prev + 1 || rest.F != x)
        return 2;
    *c = rest;
    return 1;
}

static int closes_inverted_loop(const dc *d, const cond *c);

static int while_loop(dc *d, int h, int b, const region *rg, stk *st, slist *out, int *next)
{
    int x = b + 1, body_lo = h;
    cond c;
    dp_expr *test = NULL;
    if (d->ins[b].op != DP_N_JUMP && !is_pjif(d->ins[b].op))
        return fail(d, h, "a loop closed by an unusual jump");
    int r = analyze_cond(d, st, NULL, h, b, &c);
    if (r == UNRECOVERED && is_pjif(d->ins[b].op)) {
        d->why[0] = 0;   /* (no test at the head: a loop closed by its test) */
        r = 1;
    }
    TRY(r);
    /* (the loop ends a function: its exit is a copy of the return after it) */
    if (r == 0 && c.F > x) {
        int P = copied_exit_at(d, c.T, c.F, rg);
        if (P != c.F && closes_body_before(d, c.T, P)) {
            TRY(equiv_code(d, c.F, P) ? 0 : -1);
            c.F = P;
        }
    }
    /* (3.12+: the loop ends a try body whose statement ends the function:
     * its exit is a copy, after the handlers, of the return the body goes
     * on to) */
    if (r == 0 && c.F > rg->hi && rg->follow > c.T && rg->follow < c.F && !d->claimed[c.F] && !d->visits[c.F] &&
        jumped_only_from(d, c.F, h, rg->hi) && same_exit(d, c.F, rg->follow) > 0 &&
        closes_body_before(d, c.T, rg->follow)) {
        TRY(equiv_code(d, c.F, rg->follow) ? 0 : -1);
        c.F = rg->follow;
    }
    /* 3.10+: an inverted loop whose `continue`s jump back to its first
     * test; every back jump to h comes from inside the body (the last of
     * them may be conditional: `if c: continue`). */
    /* (b may be an except clause's `continue`, placed after the loop) */
    int from_clause = leaves_clause_before(d, b);
    if (r == 0 && (c.F > x || from_clause) && closes_body_before(d, c.T, c.F) && c.F <= rg->hi) {
        r = inverted_while(d, h, &c, h, rg, st, out, next);
        TRY(r);
        if (r == 0) {
            mark_cond(d, h, &c);
            return 0;
        }
    }
    /* 3.12+: an inverted loop that ends an enclosing loop's body, whose
     * first test and the jump after its bottom test go straight to that
     * loop's head; its `continue`s jump back to the first test, h
     * (email.quoprimime's decode) */
    if (r == 0 && d->version >= 312 && c.F < h && is_continue_target(rg->loop, c.F) && c.F == rg->follow) {
        int bt = c.T >= 0 ? d->back_from[c.T] : -1;
        cond moved = c;
        moved.F = bt + 1;
        if (bt > c.T && bt + 1 <= rg->hi && bt + 1 < d->count && is_pjif(d->ins[bt].op) &&
            d->ins[bt + 1].op == DP_N_JUMP && d->ins[bt + 1].target == c.F && closes_inverted_loop(d, &moved)) {
            r = inverted_while(d, h, &moved, h, rg, st, out, next);
            TRY(r);
            if (r == 0) {
                mark_cond(d, h, &moved);
                return 0;
            }
            r = 0;
        }
    }
    if (r == 0 && c.F > x && body_goes_on_after(d, h, b, c.F, rg)) {
        /* 3.10+: the last back jump is a `continue`; the body goes on
         * after it and ends where the loop exits (a `break` at its end:
         * no jump back follows it) */
        mark_cond(d, h, &c);
        return while_breaking_at_end(d, h, c.e, c.T, c.F, rg, st, out, next,
                                     "a loop whose body goes on after its last continue");
    }
    if (r == 0 && c.F > x && from_clause && d->version < 310 && body_ends_after_clause(d, h, x, c.F, rg)) {
        /* <= 3.9: the last back jump is an except clause's `continue`; the
         * body goes on after it and ends in a return or raise */
        mark_cond(d, h, &c);
        dp_stmt *s = mk_stmt(d, DP_S_WHILE);
        if (!s || !(s->u.while_.test = unfold_test(d, c.e)))
            return -1;
        int r2 = while_parts(d, s, h, c.T, c.F, -1, -1, h, c.F, rg, st, next, out);
        TRY(r2);
        return r2 ? fail(d, h, "a loop whose body goes on after its last continue") : sl_push(d, out, s);
    }
    if (is_pjif(d->ins[b].op))
        return while_closed_by_test(d, h, b, rg, st, out, next);
    if (r == 0 && c.F == x && d->version < 310) {
        int first;
        TRY(first = test_ends_in_if_else_break(d, h, b, x, st, &c));
        if (first == 0)
            r = 1;   /* (`while True:` with the if first in its body) */
    }
    /* (3.9: the handler of a with ending the body, whose suppressed path
     * jumps back too, lies between the loop's back jump and its exit) */
    if (r == 0 && c.F > x && c.F <= rg->hi && only_exception_code(d, x, c.F))
        x = c.F;
    /* (<= 3.9: a test that jumps where the enclosing block goes, an outer
     * loop's head or past an else-part, when the code after the loop only
     * jumps there: the compiler threaded the test's jump through that jump) */
    if (r == 0 && (c.F == x || (c.F == rg->follow && (c.F < h || c.F > x) && x <= rg->hi && x < d->count &&
                                d->ins[x].op == DP_N_JUMP && d->ins[x].target == c.F))) {
        test = c.e;
        body_lo = c.T;
        mark_cond(d, h, &c);
    }
    /* (3.10+: the last back jump is an except clause's `continue`, the
     * clause's to read: the body runs up to the loop's exit, where it
     * ends; in a function, where a copy of the code after the loop that
     * the body also reaches, its return, reads as a return) */
    if (from_clause && !test && b >= rg->hi) {
        /* 3.12+: the loop's jumps back are all except clauses' `continue`s,
         * placed past the block the loop is in (see back_jump_within):
         * nothing shows where the loop ends, and the code after it in the
         * block, which its break falls into, reads as the body's end: the
         * loop runs to the block's end, where it breaks out.  (Its
         * except clause reads the jump back as its `continue`.) */
        return while_breaking_at_end(d, h, e_const(d, forever_const(d, h, x)), h, rg->hi, rg, st, out, next,
                                     "a loop continued only from except clauses, with code after it");
    }
    /* (a loop without a test whose body goes on past its last jump
     * back, `if c: continue` then a return: `if not c: break` would jump
     * over a jump of its own, there is no code after the loop; 3.10+ give
     * a break a copy of such an exit block, which compiles alike) */
    int past = -1;
    if (!test && b > h + 1 && is_pjif(d->ins[b - 1].op) && d->ins[b - 1].target == x &&
        d->ins[b - 1].stack >= 0 && x < d->count && d->incoming[x] == 1 && (past = straight_exit_end(d, x)) > x &&
        past <= rg->hi) {
        /* (and on past that exit block, to more of the body that only the
         * body jumps to, up to its return or raise: `if c: continue` then
         * a return, twice, and the body's last return) */
        for (int more; past < rg->hi && past < d->count && d->incoming[past] && d->first_from[past] >= h &&
                       d->last_from[past] < past && (more = straight_exit_end(d, past)) > past && more <= rg->hi;)
            past = more;
        dp_stmt *s = mk_stmt(d, DP_S_WHILE);
        if (!s || !(s->u.while_.test = e_const(d, forever_const(d, h, past))))
            return -1;
        int r2 = while_parts(d, s, h, h, past, -1, -1, h, past, rg, st, next, out);
        TRY(r2);
        return r2 ? 0 : sl_push(d, out, s);
    }
    if (!test && forever_body_goes_on(d, h, x, rg))
        return while_breaking_at_end(d, h, e_const(d, forever_const(d, h, rg->hi)), h, rg->hi, rg, st, out, next,
                                     "a loop whose body goes on after its last continue");
    /* 3.10: a loop without a test whose last jump back is a `continue`
     * inside a try statement whose handler lies past it: the body goes on
     * after that jump, through the rest of the try statement, and ends in
     * a `break` that falls into the code after the loop (its NOP dropped).
     * The body ends at the first statement boundary past every jump and
     * handler from it (what follows runs once either way) */
    int end_at = !test && !from_clause ? body_past_try_end(d, h, b, rg) : -1;
    if (end_at > x)
        return while_breaking_at_end(d, h, e_const(d, forever_const(d, h, end_at)), h, end_at, rg, st, out, next,
                                     "a loop whose try statement goes on past its last continue");
    int body_hi = b;
    if (from_clause && d->version >= 310 && !test &&
        (d->body_kind == BODY_FUNCTION || (d->body_kind == BODY_MODULE && d->version >= 311)))
        body_hi = b + 1;   /* (3.11+: in a module that return is a break, see module_end_breaks) */
    else
        mark(d, b, b + 1);
    if (!test) {
        test = e_const(d, forever_const(d, h, x));
        if (!test)
            return -1;
    }
    dp_stmt *s = mk_stmt(d, DP_S_WHILE);
    if (!s)
        return -1;
    if (!(s->u.while_.test = unfold_test(d, test)))
        return -1;
    int r2 = while_parts(d, s, h, body_lo, body_hi, -1, -1, body_hi > b ? body_hi : h, x, rg, st, next, out);
    TRY(r2);
    return r2 ? 0 : sl_push(d, out, s);
}

/* Whether the test's instruction at a (from as) is the same as its copy's
 * at b (from bs): the conditional jumps that make it a condition may test
 * the other way; a jump inside it (an and/or in value context, an await's
 * SEND loop) goes to the same place within each. */
static int same_ins(const dc *d, int a, int as, int b, int bs)
{
    const dp_ins *x = &d->ins[a], *y = &d->ins[b];
    if (is_pjif(x->op) && is_pjif(y->op))
        return 1;
    if (x->op != y->op || x->name != y->name || x->obj != y->obj)
        return 0;
    if (x->target >= 0)
        return y->target - bs == x->target - as;
    return x->arg == y->arg;
}

/* Whether the jump at k comes right after leaving an except clause: its
 * POP_EXCEPT, then (3.11+) a named clause's cleanup and the __exit__ call
 * of a with around the clause (a `continue` out of them). */
static int leaves_clause_before(const dc *d, int k)
{
    int q = k;
    if (q >= 5 && exit_call_at(d, q - 5))
        q -= 5;
    if (d->version >= 311 && q >= 3 && after_name_cleanup(d, q - 3) == q)
        q -= 3;   /* (a named clause's cleanup after its POP_EXCEPT) */
    return q > 0 && d->ins[q - 1].op == DP_OP_POP_EXCEPT;
}

/* 3.10+: `while c: body` is compiled `c; jump-if-false F; T: body; c;
 * jump-if-true T` (3.12+: `c; jump-if-false F; JUMP T`). */
static int inverted_while(dc *d, int cstart, const cond *c, int cont3, const region *rg, stk *st,
                          slist *out, int *next)
{
    int T = c->T, F = c->F, b = bottom_test_end(d, T, F);
    int len = c->last - cstart + 1;
    int bs = d->ins[b].op == DP_N_JUMP ? b - len : b - len + 1;
    /* (a back jump to the first test from after the loop is no `continue`
     * of its body, unless an except clause of the body makes it) */
    if (cstart < 0 || bs < T || (cont3 >= 0 && d->back_from[cont3] >= bs && !leaves_clause_before(d, d->back_from[cont3])))
        return 1;
    for (int k = 0; k < len; k++)
        if (!same_ins(d, cstart + k, cstart, bs + k, bs))
            return 1;
    /* (the second reading put a copied value of the test into a temporary,
     * assigned once before the loop: the test would not compute it again) */
    for (int k = cstart; d->copy_spill && k <= c->last; k++)
        if (d->ins[k].op == DP_OP_COPY || d->ins[k].op == DP_OP_DUP_TOP)
            return 1;
    /* (with a chained comparison's cleanup after it, or copies of the exit
     * block, one that a jump of the test took as its exit already) */
    mark(d, bs, b + 1);
    for (int q = b + 1; q < F; q++)
        if (!d->visits[q])
            mark(d, q, q + 1);
    claim(d, b + 1, F);
    dp_stmt *s = mk_stmt(d, DP_S_WHILE);
    if (!s)
        return -1;
    if (!(s->u.while_.test = unfold_test(d, c->e)))
        return -1;
    /* Nothing in the body jumps to T but a loop of its own that starts
     * there (`while c: while True: ...`): then this loop is known by its
     * bottom test, so that jumps to T are not read as `continue`. */
    int head = T;
    for (int k = T; k < bs && head == T; k++)
        if (d->ins[k].target == T)
            head = bs;
    int r = while_parts(d, s, head, T, bs, bs, cont3, bs, F, rg, st, next, out);
    TRY(r);
    return r ? 0 : sl_push(d, out, s);
}

/* Where the code of the value just tested by the jump at j began. */
static int expr_start(const dc *d, int lo, int j)
{
    int want = d->ins[j].stack - 1;
    for (int s = j; s >= lo; s--)
        if (d->ins[s].stack == want)
            return s;
    return -1;
}

static dp_stmt *if_stmt(dc *d, dp_expr *test, slist *body, slist *orelse)
{
    dp_stmt *s = mk_stmt(d, DP_S_IF);
    if (!s)
        return NULL;
    s->u.while_.test = unfold_test(d, test);
    if (!s->u.while_.test)
        return NULL;
    s->u.while_.body = sl_list(body);
    if (orelse)
        s->u.while_.orelse = sl_list(orelse);
    /* if not c: raise AssertionError(msg)  ->  assert c, msg (3.8: only
     * where c is `a is b` or `a in b`, which an if cannot test that way,
     * or a constant, which an if's test would fold away: `assert False`) */
    const dp_expr *inner = test->kind == DP_E_UNARYOP && test->u.unaryop.op == DP_NOT ? test->u.unaryop.operand : test;
    if (!orelse && body->n == 1 && body->v[0]->kind == DP_S_RAISE &&
        (body->v[0]->u.raise.assertion == DP_ASSERTION ||
         (body->v[0]->u.raise.assertion == DP_MAYBE_ASSERTION &&
          (has_folded_negation(test) || inner->kind == DP_E_CONSTANT)))) {
        dp_expr *exc = body->v[0]->u.raise.exc;
        s->kind = DP_S_ASSERT;
        s->u.assert_.test = negates_without_fold(d, test) ? negate_through(d, test) : negate(d, test, 0);
        if (!s->u.assert_.test)
            return NULL;
        s->u.assert_.msg = (exc->kind == DP_E_CALL && exc->u.call.args.count == 1)
                               ? exc->u.call.args.items[0] : NULL;
    }
    return s;
}

static int is_body_epilogue(const dp_stmt *s, int kind);
static int is_string_stmt(const dp_stmt *s);
static int is_return_none(const dp_stmt *s);

static int one_stmt_list(dc *d, slist *l, dp_stmt_kind kind)
{
    memset(l, 0, sizeof *l);
    return sl_push(d, l, mk_stmt(d, kind));
}

/* Whether only code in [lo, hi) gets to t: every jump to it comes from
 * there, and no code outside falls into it. */
static int jumped_only_from(const dc *d, int t, int lo, int hi)
{
    if ((t - 1 < lo || t - 1 >= hi) && falls_into(d, t))
        return 0;
    /* (from the first and last jump to t, not a scan of [lo, hi): an elif
     * chain asks this of every branch) */
    return !d->incoming[t] || (d->first_from[t] >= lo && d->last_from[t] < hi);
}

static int expr_start(const dc *d, int lo, int j);

/* 3.10+: inverted_while() for the test before the loop, read by
 * conditional() at its jump j.  A `continue` jumps back to that test; one
 * that only an except clause reaches makes no loop head in back_from[], so
 * the test is passed on as a continue target here. */
static int inverted_while_from_test(dc *d, int lo, int j, const cond *c, const region *rg, stk *st, slist *out,
                                    int *next)
{
    int cstart = c->first_start >= 0 ? c->first_start : expr_start(d, lo, j);
    int back = cstart >= 0 ? d->back_from[cstart] : -1;
    /* (not where the test is an enclosing loop's head: `while a: while b:`;
     * see leaves_clause_before) */
    int cont3 = back < 0 || leaves_clause_before(d, back) || test_before_apart_bottom(d, cstart, back) ? cstart : -1;
    return inverted_while(d, cstart, c, cont3, rg, st, out, next);
}

/* Whether the test e holds a chained comparison (`a < b < c`), through
 * and/or/not. */
static int has_chained_compare(const dp_expr *e)
{
    for (int guard = 0; guard < 64 && e->kind == DP_E_UNARYOP && e->u.unaryop.op == DP_NOT; guard++)
        e = e->u.unaryop.operand;
    if (e->kind == DP_E_COMPARE)
        return e->u.compare.comparators.count > 1;
    if (e->kind != DP_E_BOOLOP)
        return 0;
    for (size_t k = 0; k < e->u.boolop.values.count; k++)
        if (has_chained_compare(e->u.boolop.values.items[k]))
            return 1;
    return 0;
}

/* Whether the instruction at k is a RETURN_VALUE or RAISE_VARARGS. */
static int returns_or_raises_at(const dc *d, int k)
{
    return k >= 0 && k < d->count && (d->ins[k].op == DP_OP_RETURN_VALUE || d->ins[k].op == DP_OP_RAISE_VARARGS);
}

/* 3.12+: where the code [F, Hh) that runs up to the handlers at Hh of a
 * try in [T, F) (see exit_before_handlers) has code of its own placed
 * apart, past those handlers: the first handler of a try of its own (one
 * that no code in [T, F) has), where the compiler put its handlers and
 * what follows them, after those of [T, F); else -1.  (`if c: while a:
 * try: ... except E: ...` then a loop with a try: unittest.loader's
 * loadTestsFromName, heapq's merge.) */
static int own_apart_start(dc *d, int T, int F, int Hh)
{
    int E = -1;
    for (int q = F; q < Hh; q++) {
        int h = raw_handler(d, q), shared = 0;
        if (h < Hh || (E >= 0 && h >= E))
            continue;
        for (int k = T; k < F && !shared; k++)
            shared = raw_handler(d, k) == h;
        if (!shared)
            E = h;
    }
    return E;
}

/* 3.12+: code at F that is no small exit block but runs up to the
 * handlers of a try in [T, F), placed after it (and before limit): the
 * rest of the block, after a loop whose body is that try.  It ends in a
 * return or raise, and only code in it jumps into it past F (or its own
 * code placed apart, past the code of [T, F) there: see own_apart_start).
 * Its length, else 0. */
static int exit_before_handlers(dc *d, int T, int F, int limit)
{
    int Hh = -1;
    for (int q = T; q < F; q++) {
        int h = raw_handler(d, q);
        if (h > F && h < limit && (Hh < 0 || h < Hh))
            Hh = h;
    }
    if (Hh <= F + 1 || !ends_block(d->ins[Hh - 1].op) || d->ins[Hh - 1].op == DP_N_JUMP)
        return 0;
    int E = -2;   /* (not asked yet) */
    for (int q = F + 1; q < Hh; q++) {
        if (!d->incoming[q] || (d->first_from[q] >= F && d->last_from[q] < Hh))
            continue;
        if (d->first_from[q] < F)
            return 0;
        if (E == -2)
            E = own_apart_start(d, T, F, Hh);
        if (E < 0 || d->last_from[q] < E)
            return 0;
        for (int k = Hh; k < E; k++)   /* (none from the code of [T, F) placed apart) */
            if (d->ins[k].target == q)
                return 0;
    }
    return Hh - F;
}

/* 3.12+: the then-part [T, ..) holds a loop that goes on past F, an exit
 * block (a return or raise) that only the test, and code of the
 * then-part, go to: the code after the if, which the compiler placed right
 * after the loop's first block that cannot complete (a try body that ends
 * in a copy of it, `break`), before the handlers, the rest of the loop.
 * Either the loop starts the then-part (a jump back to T), or it is a
 * while loop whose bottom test goes back into its body and whose exit
 * code after it falls into F (`if a: while b: try: ... break ...` then
 * `c = d`).  Its length, else 0.  *apart: where the code after the if has
 * code of its own placed apart past the then-part's (see
 * own_apart_start), which ends the then-part's; else -1. */
static int exit_inside_then(dc *d, int lo, int T, int F, const region *rg, int *apart)
{
    *apart = -1;
    if (d->version < 312 || F <= T || F >= rg->hi || d->claimed[F] || d->visits[F] ||
        !jumped_only_from(d, F, lo, rg->hi))
        return 0;
    int n = exit_len(d, F), loop = 0;
    if (n <= 0 || !returns_or_raises_at(d, F + n - 1))
        n = exit_before_handlers(d, T, F, rg->hi);
    if (n <= 0 || F + n >= rg->hi || !returns_or_raises_at(d, F + n - 1))
        return 0;
    int E = own_apart_start(d, T, F, F + n);
    int end = E > F + n && E <= rg->hi ? E : rg->hi;
    /* (code before F that jumps into the block past its start goes on
     * after an else-part, F's: `if a: while True: ... else: b()` then c()) */
    for (int q = F + 1; q < F + n; q++)
        if (d->incoming[q] && d->first_from[q] < F)
            return 0;
    for (int q = F + n; q < end && !loop; q++) {
        int t = d->ins[q].target;
        loop = (t == T && ends_block(d->ins[F - 1].op)) ||
               (t > T && t < F && is_bottom_test_jump(d, q) && is_pjif(d->ins[t - 1].op) && d->ins[t - 1].target <= F);
    }
    /* (the rest is the then-part's: nothing else gets there) */
    for (int q = F + n; loop && q < end; q++)
        if (d->incoming[q] && (d->first_from[q] < T || d->last_from[q] >= end))
            return 0;
    if (loop && end < rg->hi)
        *apart = end;
    return loop ? n : 0;
}

/* The last conditional jump back to c->T past c->F in the block (the
 * bottom test of a loop that only an except clause may reach: back_from[]
 * leaves such a jump out where the body starts with a loop of its own). */
static int bottom_test_at(const dc *d, const cond *c, const region *rg)
{
    for (int k = rg->hi - 1; k > c->F && c->T >= 0; k--)
        if (is_pjif(d->ins[k].op) && d->ins[k].target == c->T)
            return k;
    return -1;
}

/* Whether [lo, hi) holds no jump and no code under an exception handler
 * but the enclosing one's. */
static int straight_code(const dc *d, int lo, int hi)
{
    for (int k = lo; k < hi; k++)
        if (d->ins[k].target >= 0 || d->ins[k].handler != d->ins[lo].handler)
            return 0;
    return 1;
}

/* The length of the code at k up to the return or raise that ends it,
 * where each jump in it goes forward inside it or back into it (an exit
 * block with a loop of its own: `yield from`'s SEND loop); -1. */
static int closed_exit_len(const dc *d, int k, int limit)
{
    int far = k;
    for (int q = k; q < limit && q < k + 256; q++) {
        const dp_ins *x = &d->ins[q];
        if (x->target >= 0 && x->target < k)
            return -1;
        if (x->target > far)
            far = x->target;
        if ((x->op == DP_OP_RETURN_VALUE || x->op == DP_OP_RAISE_VARARGS || x->op == DP_OP_RERAISE) && far <= q)
            return q + 1 - k;
    }
    return -1;
}

/* An inverted while loop's bottom test placed apart (see
 * bottom_test_apart). */
typedef struct test_apart {
    int b;        /* the bottom test's jump back */
    int exit;     /* the loop's exit block */
    int n;        /* its length, and that of its copy at c->F */
    int jumps;    /* after b, a jump goes back to the exit */
} test_apart;

/* 3.12+: whether the test at c is that of an inverted while loop whose
 * bottom test, `test; jump-if-true T` (see norm.c), only an except clause of
 * the body reaches, so that the compiler placed it after the handlers: the
 * exit block at c->F, right after the try body, is a copy of the loop's
 * exit, which follows that bottom test (3.12: which a jump there goes back
 * to, right before c->F; or c->F is that exit itself, which the jump goes
 * back to). */
static int bottom_test_apart(dc *d, const cond *c, const region *rg, test_apart *a)
{
    int T = c->T, F = c->F, b = bottom_test_at(d, c, rg), X = b + 1;
    if (d->version < 312 || F <= T || b <= F || b + 1 >= rg->hi || d->claimed[F] || d->visits[F])
        return 0;
    int jumps = d->ins[X].op == DP_N_JUMP && d->ins[X].target > T && d->ins[X].target <= F;
    if (jumps)
        X = d->ins[X].target;
    int n = X == F ? exit_len(d, F) : same_exit(d, F, X);
    if (jumps && X == F && n > 0 && d->ins[F + n - 1].op == DP_N_JUMP)
        n = closed_exit_len(d, F, b);   /* (an exit with a loop of its own: `yield from`) */
    if (jumps && X == F && (n <= 0 || !ends_block(d->ins[F + n - 1].op) || d->ins[F + n - 1].op == DP_N_JUMP))
        n = exit_before_handlers(d, T, F, b);   /* (no small exit block: the rest of the block) */
    /* (or code that falls into the block's follow, hidden from the block
     * by the if whose then-part it is: see exit_inside_then) */
    int to_follow = X == F && rg->follow > F && rg->follow < b && (n <= 0 || F + n > rg->follow) &&
                    d->claimed[rg->follow] && straight_code(d, F, rg->follow) && !jumped_into(d, F + 1, rg->follow);
    if (to_follow)
        n = rg->follow - F;
    if (n <= 0 || F + n > b || (!to_follow && (!ends_block(d->ins[F + n - 1].op) || d->ins[F + n - 1].op == DP_N_JUMP)) ||
        (d->incoming[F] != 1 + (X == F) && !(F == rg->follow && X == F)) ||
        (jumps && X != F && (X + n != F || d->incoming[X] != 1 || d->claimed[X] || d->visits[X])))
        return 0;
    /* (nothing but the try body before it falls into the copy; or, into
     * the code itself, the try body's `break`: see try_stmt_in) */
    int before = (jumps ? X : F) - 1;
    if (!ends_block(d->ins[before].op) &&
        !((to_follow || jumps) && d->ins[before].handler >= 0 && d->ins[before].handler != d->ins[F].handler))
        return 0;
    *a = (test_apart){b, X, n, jumps};
    return 1;
}

/* 3.10+: whether the code before c.F ends in the bottom test of an
 * inverted while loop whose body starts at c.T: a jump back to c.T that
 * closes the loop (or, where the body starts with an inner loop, one
 * back_from[] passed over because it comes only through an except clause:
 * `while c: try: while True: ...`). */
static int closes_inverted_loop(const dc *d, const cond *c)
{
    int T = c->T, b = bottom_test_end(d, c->T, c->F);
    return b >= T && d->ins[b].target == T &&
           (d->back_from[T] == b || (d->back_from[T] > T && d->back_from[T] < b && d->ins[b].stack >= 0));
}

/* The test at j as that of an inverted while loop whose exit is at `exit`
 * (a jump there, or the block's end, where c->F is not): 0 read, 1 no such
 * loop, < 0 as inverted_while_from_test. */
static int inverted_while_exiting_at(dc *d, int lo, int j, const cond *c, int exit, const region *rg, stk *st,
                                     slist *out, int *next)
{
    cond moved = *c;
    moved.F = exit;
    return closes_inverted_loop(d, &moved) ? inverted_while_from_test(d, lo, j, &moved, rg, st, out, next) : 1;
}

/* Whether every instruction of [lo, hi) is under the exception handler j
 * is under. */
static int same_handler(const dc *d, int j, int lo, int hi)
{
    for (int k = lo; k < hi; k++)
        if (d->ins[k].handler != d->ins[j].handler)
            return 0;
    return 1;
}

/* Whether [lo, hi) computes one value and nothing else: the stack stays
 * above its depth at lo, and is one deeper at hi; no jump, store, import,
 * function or class is made on the way (an expression's branch reads
 * only plain values). */
static int one_value_between(const dc *d, int lo, int hi)
{
    int base = d->ins[lo].stack;
    for (int k = lo; k < hi; k++) {
        uint16_t op = d->ins[k].op;
        if ((k > lo && d->ins[k].stack <= base) || d->ins[k].target >= 0 || is_name_store(op) ||
            op == DP_OP_STORE_ATTR || op == DP_OP_STORE_SUBSCR || op == DP_OP_MAKE_FUNCTION ||
            op == DP_OP_LOAD_BUILD_CLASS || op == DP_OP_IMPORT_NAME || op == DP_OP_IMPORT_FROM)
            return 0;
    }
    return hi > lo && d->ins[hi].stack == base + 1;
}

/* Whether [lo, hi) is small enough for the compiler to copy it into each
 * path to it: at most 4 instructions (RETURN_CONST, split in two by
 * norm.c, counted once). */
static int small_exit_block(const dc *d, int lo, int hi)
{
    int n = 0;
    for (int k = lo; k < hi; k++)
        n += k == lo || d->ins[k].offset != d->ins[k - 1].offset;
    return n <= 4;
}

/* A conditional jump at j whose tested value is `first`. */
/* 3.8, 3.9: whether a try statement inside [lo, hi) ends its body in a
 * jump over its handlers to E, threaded through the jump at hi. */
static int try_exit_threaded(const dc *d, int lo, int hi, int E)
{
    /* (right after the jump, the handler that a SETUP_FINALLY in the
     * range, the only jump there, goes to) */
    for (int q = lo; q < hi; q++)
        if (d->ins[q].op == DP_N_JUMP && d->ins[q].target == E && d->incoming[q + 1] &&
            d->first_from[q + 1] >= lo && d->ins[d->first_from[q + 1]].op == DP_OP_SETUP_FINALLY)
            return 1;
    return 0;
}

/* Whether code in [T, X) jumps to X + 1. */
static int joined_after(const dc *d, int T, int X)
{
    return X + 1 < d->count && d->incoming[X + 1] && d->first_from[X + 1] >= T && d->first_from[X + 1] < X;
}

/* 3.8, 3.9: X, a dead jump to F right after the then-part [T, X - 1) of
 * an if whose test jumps to F, the peephole pass having threaded the test
 * past that jump: the then-part ends in a jump over X, either to the join
 * inside the block (X is `else: continue`, F the loop's head) or back to
 * the loop's head (X is `break` after the if, F the loop's exit).  None of
 * the then-part's own jumps goes to F, X or past the join.  Else -1. */
static int dead_jump_after_then(const dc *d, int T, int F, const region *rg)
{
    const loopctx *loop = rg->loop;
    for (int X = T + 1; X < rg->hi && X < d->count; X++) {
        if (!(d->ins[X].op == DP_N_JUMP && d->ins[X].target == F && d->ins[X].stack < 0 && !d->incoming[X] &&
              !d->visits[X] && d->ins[X - 1].op == DP_N_JUMP && !d->claimed[X - 1]))
            continue;
        int J = d->ins[X - 1].target;
        int over_else = is_continue_target(loop, F) && J > X && J <= rg->hi;
        int breaks = loop && F == loop->brk && (is_continue_target(loop, J) || joined_after(d, T, X));
        if (!over_else && !breaks)
            return -1;
        for (int q = T; q < X - 1; q++) {
            int t = d->ins[q].target;
            if (t >= 0 && (t == F || t == X - 1 || t == X || (over_else && (t > J || t < T))))
                return -1;
        }
        return X;
    }
    return -1;
}

/* Whether None was numbered (in co_consts) by the `return None` that
 * ends [T, F), before every constant that [F, hi) is the first to use: a
 * return of the source's own, not the copy of the function's final one.
 * (Not where other code used None first, a slice's or a test's: nothing
 * tells.) */
static int none_numbered_before(dc *d, int T, int F, int hi)
{
    int first = first_used_min(d, F, hi, 0);
    if (first < 0 || first == INT32_MAX)
        return 0;
    int none_at = none_const_index(d);
    if (none_at < 0 || none_at >= first)
        return 0;
    /* (the constant-use tables leave None out: its first load) */
    int q = next_none_load(d, 0);
    return q == F - 2 && q >= T && d->ins[F - 1].op == DP_OP_RETURN_VALUE;
}

/* 3.10+: whether the `return K` (K a constant other than None) that ends
 * a then-part at F is a copy of the one at J, where the if's chain joins
 * (right after [F, J), or the block's follow), which the compiler copied
 * into each branch as a small exit block: K was numbered after a constant
 * that [F, J) is the first to use, at the source's one return. */
static int copied_const_return(dc *d, int F, int J, const region *rg)
{
    if (d->version < 310 || F < 2 || J <= F || J + 2 > d->count || (rg->follow < 0 && J + 2 != rg->hi) ||
        (rg->follow >= 0 && J != rg->follow) || d->ins[F - 2].op != DP_OP_LOAD_CONST ||
        d->ins[F - 1].op != DP_OP_RETURN_VALUE || d->ins[F - 2].obj->kind == DP_OBJ_NONE ||
        d->ins[J].op != DP_OP_LOAD_CONST || d->ins[J + 1].op != DP_OP_RETURN_VALUE || d->ins[J].arg != d->ins[F - 2].arg ||
        d->visits[J] || d->claimed[J])
        return 0;
    int later = first_used_min(d, F, rg->follow >= 0 ? rg->hi : J, 0);
    return later >= 0 && later < d->ins[J].arg;
}

static int dead_continue_ends_then(const dc *d, int T, int J, const loopctx *loop);

/* <= 3.9: `if c: ... else: continue` or `else: break` in a while loop,
 * the test's jump threaded through the else-part's jump to F, which is
 * left dead after the then-part [T, q).  A then-part that cannot complete
 * (a break, a return) leaves its jump over the else-part dead too, to
 * right after it; one that can jumps there.  Returns q and sets *end past
 * the else-part; else -1. */
static int dead_jump_else(const dc *d, int T, int F, int hi, int loop_exit, int *end)
{
    if (d->version >= 310)
        return -1;
    int q = T;
    while (q < hi && d->ins[q].stack >= 0)
        q++;
    if (q == T || q >= hi)
        return -1;
    int e;   /* the else-part's jump (after a return, the jump over it is gone) */
    if (ends_block(d->ins[q - 1].op) && q + 2 <= hi && d->ins[q].op == DP_N_JUMP && d->ins[q].target == q + 2)
        e = q + 1;
    else if ((d->ins[q - 1].op == DP_N_JUMP && d->ins[q - 1].target == q + 1) || ends_block(d->ins[q - 1].op))
        e = q;
    else
        return -1;
    for (int k = q; k <= e; k++)
        if (d->ins[k].op != DP_N_JUMP || d->ins[k].stack >= 0 || d->visits[k] || d->claimed[k] || d->incoming[k])
            return -1;
    if (d->ins[e].target != F)
        return -1;
    /* (a test inside the then-part that jumps to F too was threaded
     * through that jump, or one jumps past it, into an inner if's
     * else-part: the dead jump is that inner if's) */
    for (int k = T; e == q && k < q; k++) {
        int t = d->ins[k].target;
        if ((is_pjif(d->ins[k].op) && t == F) || (t >= q && k != q - 1 && t != loop_exit))
            return -1;
    }
    *end = e + 1;
    return q;
}

/* <= 3.9: `if c: X` then `break` (in a while loop) or `continue`: c's
 * jump to that statement was threaded through it, to t, the loop's exit
 * or head.  Where [T, k) is such an X, closed (its jumps stay inside or
 * leave the loop), falling into a live jump to t at k < hi: k, else -1. */
static int jump_after_then(const dc *d, int T, int hi, int t, const loopctx *loop)
{
    if (d->version >= 310 || !loop || (t == loop->brk ? loop->is_for : !is_continue_target(loop, t)))
        return -1;
    int reach = T;   /* (the furthest place a jump inside goes) */
    for (int k = T; k < hi; k++) {
        const dp_ins *x = &d->ins[k];
        /* (no code before the then-part jumps into it: a chained
         * comparison's cleanup, `while a < b > c: pass`, whose jump to the
         * loop's exit is no break of a then-part; read as such, the loop
         * never ended: wrong code, flow fuzzer seed 2468) */
        if (k > T && d->incoming[k] && d->first_from[k] < T)
            return -1;
        if (x->op == DP_N_JUMP && x->target == t && x->stack >= 0 && k > T && reach <= k &&
            !ends_block(d->ins[k - 1].op))
            return k;
        if (x->target >= 0 && x->target != loop->brk && !is_continue_target(loop, x->target)) {
            if (x->target < T)
                return -1;
            if (x->target > reach)
                reach = x->target;
        }
    }
    return -1;
}

/* The if whose then-part is [T, q), going on at x: with an else-part of
 * the one statement `kind` (dead_jump_else: the dead jumps [q, x) taken as
 * read), or none (jump_after_then: q == x). */
static int then_up_to(dc *d, int T, int q, int x, int has_else, dp_stmt_kind kind, dp_expr *test,
                      const loopctx *loop, stk *st, slist *out, int *next)
{
    slist body = {0}, orelse = {0};
    TRY(run_sub(d, T, q, x, loop, st, &body, NULL));
    mark(d, q, x);
    if (has_else)
        TRY(one_stmt_list(d, &orelse, kind));
    *next = x;
    return sl_push(d, out, if_stmt(d, test, &body, has_else ? &orelse : NULL));
}

static int outside_blocks(const dc *d, int k);

/* Whether q is the jump over an else-part: a test in [T, q) goes to q + 1
 * (3.10, 3.11: or a try body's jump over its handlers; not a with's,
 * which 3.11 does not thread to a jump either). */
static int else_starts_after(const dc *d, int T, int q)
{
    for (int k = T; k < q; k++)
        if ((is_pjif(d->ins[k].op) || (d->version == 310 && d->ins[k].op == DP_OP_SETUP_FINALLY)) &&
            d->ins[k].target == q + 1)
            return 1;
    /* (3.11: a try's handler, under PUSH_EXC_INFO, that is no with's) */
    return d->version == 311 && q + 2 < d->count && d->ins[q + 1].op == DP_OP_PUSH_EXC_INFO &&
           d->ins[q + 2].op != DP_OP_WITH_EXCEPT_START;
}

/* Whether a jump back in (q, e) goes to q or before it: q is inside a
 * loop that ends before e (its jump to e is that loop's break). */
static int loop_closes_between(const dc *d, int q, int e)
{
    for (int k = q + 1; k < e; k++)
        if (d->ins[k].target >= 0 && d->ins[k].target <= q && (d->ins[k].op == DP_N_JUMP || is_pjif(d->ins[k].op)))
            return 1;
    return 0;
}

/* 3.10+: a then-part's jump straight to the head E of a `while True:`
 * loop whose own jump back closes the block: the source's `continue`, as
 * the compiler does not thread the jump over an else-part there into the
 * loop's jump back (it does in a for loop, where both read alike). */
static int forever_loop_continue(const dc *d, int E, const region *rg)
{
    const loopctx *loop = rg->loop;
    return d->version >= 310 && loop && !loop->is_for && E == loop->head && rg->hi < d->count &&
           d->ins[rg->hi].op == DP_N_JUMP && d->ins[rg->hi].target == E;
}

static int conditional(dc *d, int lo, int j, dp_expr *first, const region *rg, stk *st, slist *out,
                       int *next)
{
    cond c;
    int r = analyze_cond(d, st, first, j, rg->hi, &c);
    TRY(r);
    if (r)
        return fail(d, j, "a condition whose jumps match no and/or shape");
    int T = c.T, F = c.F;
    const loopctx *loop = rg->loop;
    slist body = {0}, orelse = {0};
    /* A jump to the end of a block that itself ends in a jump elsewhere
     * (a then-part's jump over its else-part) skips that jump: it goes
     * into what follows, the else-part, which no if inside the block can
     * do.  (`if a and b: ... else: ...` read as `if a: if b: ...` would
     * leave the else-part out when a is true and b false.) */
    if (F == rg->hi && rg->follow >= 0 && rg->follow != F && F - 1 > j && F < d->count &&
        d->ins[F - 1].op == DP_N_JUMP && d->ins[F - 1].target == rg->follow &&
        !(d->ins[F].op == DP_N_JUMP && d->ins[F].target == rg->follow))
        return fail(d, j, "a conditional jump past the jump that ends its block");
    /* 3.11+: a `break` out of the body of a try/finally inside the loop
     * runs a copy of the finally block before its jump: a conditional jump
     * from there straight to the loop's exit is none (read as one, the
     * finally block would run twice: 3.12's `if c: continue` in the body,
     * its test jumping to the normal path's copy right after the loop's
     * last jump back) */
    if (d->version >= 311 && loop && F == loop->brk && d->fin.block[0].len > 0 && d->fin.start > loop->head &&
        j >= d->fin.start && j < d->fin.H)
        return fail(d, j, "a conditional jump out of a try/finally to the loop's exit");
    mark_cond(d, j + 1, &c);

    /* a if c else b */
    if (F > T && F <= rg->hi && d->ins[F - 1].op == DP_N_JUMP && d->ins[F - 1].target > F - 1 &&
        d->ins[j].stack >= 0 && d->ins[d->ins[F - 1].target].stack == d->ins[j].stack &&
        d->ins[F - 1].target <= rg->hi) {
        int e = d->ins[F - 1].target;
        dp_expr *x = mk_expr(d, DP_E_IFEXP);
        if (!x)
            return -1;
        if (!(x->u.ifexp.test = unfold_test(d, c.e)))
            return -1;
        mark(d, F - 1, F);
        TRY(vexpr(d, T, F - 1, st, &x->u.ifexp.body));
        TRY(vexpr(d, F, e, st, &x->u.ifexp.orelse));
        *next = e;
        return push_e(d, st, x);
    }
    /* 3.10+: `a if c else b` whose join, an exit block taking the value
     * with one computed before it (`return g(), (a if c else b)`), the
     * compiler copied into each branch.  Read as an if statement, each
     * branch would take g() after c was tested. */
    int below = st->n - 1;
    if (below > 0 && st->v[below].kind == V_NULL)
        below--;   /* (3.13: the NULL pushed after a callable computed first, `g()(...)`) */
    int value_below = below >= 0 && st->v[below].kind == V_EXPR && !is_temp_name(st->v[below].e);
    if (d->version >= 310 && F > T + 1 && F <= rg->hi) {
        int E = F, P, Q = -1, n = 0;
        while (E - 1 > T && (d->claimed[E - 1] || d->visits[E - 1]))
            E--;   /* (a chained comparison's cleanup, taken with the test) */
        P = E - 1;
        /* (with no value below, the exit block may push values of its
         * own: it starts where the branch has computed just its value) */
        while (P > T && (d->ins[P].stack != d->ins[T].stack + 1 || (!value_below && !one_value_between(d, T, P))))
            P--;
        /* (not right after an f-string field's FORMAT_VALUE or
         * CONVERT_VALUE, whose value no branch of a conditional expression
         * can give: the block starts before it, and before its spec) */
        while (P - 1 > T && (d->ins[P - 1].op == DP_OP_FORMAT_VALUE || d->ins[P - 1].op == DP_OP_CONVERT_VALUE)) {
            P--;
            while (P > T && d->ins[P].stack != d->ins[T].stack + 1)
                P--;
        }
        n = E - P;
        if (P > T && exit_len(d, P) == n && !jumped_into(d, P + 1, E)) {
            for (int q = F; q < rg->hi && Q < 0; q++) {
                if (d->ins[q].stack != d->ins[P].stack || same_exit(d, P, q) != n)
                    continue;
                int closed = 1;   /* (an inner conditional's else-part lies past a first copy) */
                for (int k = F; k < q && closed; k++)
                    closed = d->ins[k].target < q;
                if (closed)
                    Q = q;
            }
        }
        /* (or, with no value below, `x.a = b if c else d`: each branch
         * only computes its value, under the test's handler, the exit
         * block that takes the value is small enough to be copied, and its
         * names and constants are numbered after the else-value's, which
         * an if statement would have numbered first) */
        if (Q >= 0 && !value_below &&
            !(one_value_between(d, F, Q) && d->ins[P].op != DP_OP_POP_TOP &&
              small_exit_block(d, P, P + n) &&
              same_handler(d, j, T, P) && same_handler(d, j, F, Q) && source_order(d, P, F, Q) < 0))
            Q = -1;
        if (Q >= 0 && !d->claimed[P] && !d->claimed[Q] && !jumped_into(d, Q + 1, Q + n)) {
            dp_expr *x = mk_expr(d, DP_E_IFEXP);
            if (!x || !(x->u.ifexp.test = unfold_test(d, c.e)))
                return -1;
            TRY(vexpr(d, T, P, st, &x->u.ifexp.body));
            TRY(vexpr(d, F, Q, st, &x->u.ifexp.orelse));
            TRY(equiv_code(d, P, Q) ? 0 : -1);
            *next = Q;
            return push_e(d, st, x);
        }
    }
    /* 3.12+ has no backward conditional jumps: `if c: rest` at the end of
     * a loop body is `c; jump-if-true L; JUMP head; L: rest`. */
    if (loop && d->version >= 312 && F - 1 == T && c.last_jumps_if_true && d->ins[T].op == DP_N_JUMP &&
        is_continue_target(loop, d->ins[T].target) &&
        rg->follow == d->ins[T].target && F <= rg->hi) {
        mark(d, T, T + 1);
        if (d->incoming[T] + falls_into(d, T) >= 2) {
            /* (a jump back reached two ways, by an and/or's jumps: the
             * source's own `continue`; the compiler gives each way to the
             * body's end a jump of its own) */
            slist cont = {0};
            TRY(one_stmt_list(d, &cont, DP_S_CONTINUE));
            *next = F;
            return sl_push(d, out, if_stmt(d, c.e, &cont, NULL));
        }
        TRY(run_sub(d, F, rg->hi, rg->follow, loop, st, &body, NULL));
        *next = rg->hi;
        return sl_push(d, out, if_stmt(d, negate(d, c.e, 1), &body, NULL));
    }
    /* <= 3.11: (c and b) or x is `c; jump-if-false X; b; JUMP_IF_TRUE_OR_POP e;
     * X: x; e:` (and the mirror image with or/and) */
    if (F > T + 1 && F <= rg->hi &&
        (d->ins[F - 1].op == DP_OP_JUMP_IF_TRUE_OR_POP || d->ins[F - 1].op == DP_OP_JUMP_IF_FALSE_OR_POP) &&
        d->ins[F - 1].target > F && d->ins[F - 1].target <= rg->hi &&
        d->ins[d->ins[F - 1].target].stack == d->ins[j].stack) {
        int e = d->ins[F - 1].target, is_or = d->ins[F - 1].op == DP_OP_JUMP_IF_TRUE_OR_POP;
        dp_expr *b, *rest, *inner;
        mark(d, F - 1, F);
        TRY(vexpr(d, T, F - 1, st, &b));
        TRY(vexpr(d, F, e, st, &rest));
        inner = is_or ? e_boolop(d, DP_AND, c.e, b) : e_boolop(d, DP_OR, negate(d, c.e, 1), b);
        *next = e;
        return push_e(d, st, e_boolop(d, is_or ? DP_OR : DP_AND, inner, rest));
    }
    if (loop && (is_continue_target(loop, F) || F == loop->brk) && d->version < 310) {
        /* 3.8, 3.9: `if c: x else: continue`, or `if c: x; continue` then
         * `break`, whose test the peephole pass threaded past the jump
         * after the then-part, left dead */
        int X = dead_jump_after_then(d, T, F, rg);
        if (X > 0 && is_continue_target(loop, F)) {
            int J = d->ins[X - 1].target;
            TRY(run_sub(d, T, X - 1, J, loop, st, &body, NULL));
            mark(d, X - 1, X + 1);
            TRY(one_stmt_list(d, &orelse, DP_S_CONTINUE));
            *next = J;
            return sl_push(d, out, if_stmt(d, c.e, &body, &orelse));
        }
        if (X > 0 && joined_after(d, T, X)) {
            /* (the then-part's end goes to the jump after X, the join:
             * `else: break`) */
            TRY(run_sub(d, T, X, X + 1, loop, st, &body, NULL));
            mark(d, X, X + 1);
            TRY(one_stmt_list(d, &orelse, DP_S_BREAK));
            *next = X + 1;
            return sl_push(d, out, if_stmt(d, c.e, &body, &orelse));
        }
        if (X > 0) {
            TRY(run_sub(d, T, X, X, loop, st, &body, NULL));
            TRY(sl_push(d, out, if_stmt(d, c.e, &body, NULL)));
            mark(d, X, X + 1);
            *next = X + 1;
            return sl_push(d, out, mk_stmt(d, DP_S_BREAK));
        }
    }
    if (F < T) {
        /* 3.12+: the first test of an inverted while loop that ends a loop's
         * body goes straight to that loop's head, and so does the jump
         * after its bottom test, its exit */
        int b = T >= 0 ? d->back_from[T] : -1;
        if (d->version >= 312 && is_continue_target(loop, F) && F == rg->follow && b > T && b + 1 <= rg->hi &&
            b + 1 < d->count && is_pjif(d->ins[b].op) && d->ins[b + 1].op == DP_N_JUMP && d->ins[b + 1].target == F) {
            r = inverted_while_exiting_at(d, lo, j, &c, b + 1, rg, st, out, next);
            TRY(r);
            if (r == 0)
                return 0;
        }
        if (is_continue_target(loop, F)) {
            /* `if not c: rest` at the end of a loop body, or `if c:
             * continue` before the rest: the same jump, but for `not (a is
             * b)` and `not (a in b)`, which the compiler folds into `is
             * not` and `not in` and so tests the other way (an assert's
             * test is not negated: `assert a is b` stays `a is b`) */
            int is_and = c.e->kind == DP_E_BOOLOP && c.e->u.boolop.op == DP_AND;
            size_t n_terms = is_and ? c.e->u.boolop.values.count : 1;
            dp_expr **terms = is_and ? c.e->u.boolop.values.items : &c.e;
            int folded = 0;
            for (size_t k = 0; k < n_terms; k++)
                folded |= is_folded_negation(terms[k]);
            /* (3.12+: not where a test's jump back was a statement's own,
             * under the handler, DP_FLAG_JUMP_COVERED: `continue`) */
            int covered = 0, backs = 0;
            for (int q = lo; q < T; q++) {
                covered |= d->ins[q].target == F && (d->ins[q].flag & DP_FLAG_JUMP_COVERED) && is_pjif(d->ins[q].op);
                backs += d->ins[q].target == F && (d->ins[q].flag & DP_FLAG_FOLDED_BACK) && is_pjif(d->ins[q].op);
            }
            int x, dead_else = dead_jump_else(d, T, F, rg->hi, loop ? loop->brk : -1, &x);
            if (dead_else > T)
                return then_up_to(d, T, dead_else, x, 1, DP_S_CONTINUE, c.e, loop, st, out, next);
            int cont = rg->follow != F ? jump_after_then(d, T, rg->hi, F, loop) : -1;
            if (cont > T && !folded)
                return then_up_to(d, T, cont, cont, 0, DP_S_CONTINUE, c.e, loop, st, out, next);
            /* (<= 3.9: or where the if's end is a jump to F that the
             * test's jump was threaded through, and the then-part's jump
             * there was not: the peephole pass threads a jump only where
             * the new target fits its EXTENDED_ARGs) */
            int threaded_follow = d->version < 310 && rg->follow >= 0 && rg->follow < d->count &&
                                  d->ins[rg->follow].op == DP_N_JUMP && d->ins[rg->follow].target == F;
            /* (3.12+: a test's own jump back in a `while True:` loop, where
             * `if c: rest` would jump forward to the loop's jump back, is
             * `if not c: continue`) */
            int own_back = d->version >= 312 && backs && forever_loop_continue(d, F, rg);
            if ((rg->follow == F || threaded_follow) && (!folded || starts_assertion(d, T)) && !covered && !own_back) {
                TRY(run_sub(d, T, rg->hi, rg->follow, loop, st, &body, NULL));
                *next = rg->hi;
                /* (<= 3.9: the then-part's own jump back, and the loop's
                 * after it, dead as the test's jump went straight to the
                 * head: the jump over an else-part with no code, threaded
                 * there, `else: pass`; `continue` is the same code) */
                if (d->version < 310 && rg->hi - 1 > T && rg->hi < d->count && !ends_flow(d, &body) &&
                    d->ins[rg->hi - 1].op == DP_N_JUMP && d->ins[rg->hi - 1].target == F &&
                    d->ins[rg->hi - 1].stack >= 0 && d->ins[rg->hi].op == DP_N_JUMP && d->ins[rg->hi].target == F &&
                    d->ins[rg->hi].stack < 0)
                    TRY(sl_push(d, &orelse, mk_stmt(d, DP_S_PASS)));
                return sl_push(d, out, if_stmt(d, c.e, &body, orelse.n ? &orelse : NULL));
            }
            /* `if not (t1 and t2): continue` is `if not t1: continue` then
             * `if not t2: continue`: each term's jump goes to the loop head,
             * and so does each `continue`.  So where (3.12+) each term's
             * jump back is its own, as the compiler gives each `continue`
             * statement (one `continue` after an and/or has one, which the
             * tests share); not across a chained comparison, whose cleanup
             * each term's reading would take */
            int chained = 0;
            for (size_t k = 0; k < n_terms; k++)
                chained |= has_chained_compare(terms[k]);
            int own_backs = is_and && n_terms >= 2 && backs == (int)n_terms && !chained;
            if (!folded && !own_backs) {
                n_terms = 1;
                terms = &c.e;
            }
            for (size_t k = 0; k < n_terms; k++) {
                TRY(one_stmt_list(d, &body, DP_S_CONTINUE));
                TRY(sl_push(d, out, if_stmt(d, negate(d, terms[k], 0), &body, NULL)));
            }
            *next = T;
            return 0;
        }
        if (loop && F == loop->brk) {   /* (a break threaded to an enclosing loop's head) */
            TRY(one_stmt_list(d, &body, DP_S_BREAK));
            *next = T;
            return sl_push(d, out, if_stmt(d, negate(d, c.e, 0), &body, NULL));
        }
        if (d->version >= 312 && F == rg->follow && !is_continue_target(loop, F)) {
            /* 3.12+: code placed apart, after the handlers, that goes
             * back to the code after its block (see apart_goes_back):
             * the test's jump back there, folded, is that of `if c:
             * rest` (the rest of the block), as it would be forward */
            TRY(run_sub(d, T, rg->hi, F, loop, st, &body, NULL));
            *next = rg->hi;
            return sl_push(d, out, if_stmt(d, c.e, &body, NULL));
        }
        return fail(d, j, "a conditional jump backwards");
    }
    /* (before the rules for jumps out of the enclosing loop's body: an
     * inner loop's exit is where that body ends, `while a: while b: ...`) */
    if (loop && F >= rg->hi && closes_inverted_loop(d, &c)) {
        r = inverted_while_from_test(d, lo, j, &c, rg, st, out, next);
        TRY(r);
        if (r == 0)
            return 0;
    }
    /* 3.12+: the test before an inverted while loop that ends an if's
     * then-part: it jumps straight to where the then-part goes on, past
     * the else-part, and the loop's exit is the then-part's jump there */
    if (d->version >= 312 && F == rg->follow && F > rg->hi && rg->hi - 1 > T && rg->hi < d->count &&
        d->ins[rg->hi].op == DP_N_JUMP && d->ins[rg->hi].target == F && is_pjif(d->ins[rg->hi - 1].op) &&
        d->ins[rg->hi - 1].target == T) {
        r = inverted_while_exiting_at(d, lo, j, &c, rg->hi, rg, st, out, next);
        TRY(r);
        if (r == 0)
            return 0;
    }
    if (loop && !loop->is_for && d->version >= 310 && F == loop->brk && F == rg->hi + 1 && T < rg->hi &&
        rg->hi < d->count && d->ins[rg->hi].op == DP_N_JUMP && d->ins[rg->hi].target == loop->head &&
        rg->follow == loop->head) {
        /* 3.10+: `if c: ...; continue` then `break`, ending a while loop's
         * body: the break's jump to the exit right after the loop's jump
         * back is dropped, so c's jumps go to the exit.  (Read as `if not
         * c: break` and the rest, the body would end in a bottom test.) */
        TRY(run_sub(d, T, rg->hi, rg->follow, loop, st, &body, NULL));
        if (!ends_flow(d, &body))
            TRY(sl_push(d, &body, mk_stmt(d, DP_S_CONTINUE)));
        TRY(sl_push(d, out, if_stmt(d, c.e, &body, NULL)));
        *next = rg->hi;
        return sl_push(d, out, mk_stmt(d, DP_S_BREAK));
    }
    if (loop && F == loop->brk && F > rg->hi) {
        int x, dead_else = dead_jump_else(d, T, F, rg->hi, loop->brk, &x);
        if (dead_else > T)
            return then_up_to(d, T, dead_else, x, 1, DP_S_BREAK, c.e, loop, st, out, next);
        int brk = jump_after_then(d, T, rg->hi, F, loop);
        if (brk > T)
            return then_up_to(d, T, brk, brk, 0, DP_S_BREAK, c.e, loop, st, out, next);
        TRY(one_stmt_list(d, &body, DP_S_BREAK));
        *next = T;
        return sl_push(d, out, if_stmt(d, negate(d, c.e, 0), &body, NULL));
    }
    if (loop && F == loop->cont2 && F >= rg->hi) {
        if (rg->follow == F) {
            TRY(run_sub(d, T, rg->hi, F, loop, st, &body, NULL));
            *next = rg->hi;
            return sl_push(d, out, if_stmt(d, c.e, &body, NULL));
        }
        TRY(one_stmt_list(d, &body, DP_S_CONTINUE));
        *next = T;
        return sl_push(d, out, if_stmt(d, negate(d, c.e, 0), &body, NULL));
    }
    /* 3.10+: the test before an inverted while loop that ends the block,
     * whose exit, a small exit block, the compiler copied after its bottom
     * test (the block's end) and, for this test's jump, past the block:
     * `if a: while b: ...` ending a function */
    int n_exit = d->version >= 310 && F > rg->hi && !d->claimed[F] && !d->visits[F] ? exit_len(d, F) : -1;
    /* (the copy ends the block, or is where it goes: an enclosing if's
     * then-part took it as its own end) */
    int P_exit = rg->follow == rg->hi ? rg->hi : rg->hi - n_exit;
    if (n_exit > 0 && P_exit - 1 > T && jumped_only_from(d, F, lo, T)) {
        int P = P_exit;   /* (P names copies elsewhere in this function) */
        if (is_pjif(d->ins[P - 1].op) && d->ins[P - 1].target == T && same_exit(d, P, F) == n_exit &&
            !d->incoming[P] && (P == rg->follow || (!d->claimed[P] && !d->visits[P]))) {
            cond moved = c;
            moved.F = P;
            if (closes_inverted_loop(d, &moved)) {
                TRY(equiv_code(d, F, P) ? 0 : -1);
                r = inverted_while_from_test(d, lo, j, &moved, rg, st, out, next);
                TRY(r);   /* (the copy is taken: no other reading) */
                return r == 0 ? 0 : fail(d, j, "an inverted while loop whose exit was copied");
            }
        }
    }
    if (d->version >= 310 && F > rg->hi && F != rg->follow && !(rg->follow >= 0 && same_exit(d, F, rg->follow) >= 0)) {
        /* 3.12+: to a copy of the exit code the then-part falls into (the
         * join, which the compiler copied for the jump): the jump goes to
         * the join.  The last copy in the block is the join: one further up
         * ends a branch inside the then-part. */
        int P = -1;
        /* (not code recovered already: an enclosing loop's own back jump,
         * which 3.13 copies for the jump) */
        if (!d->claimed[F] && !d->visits[F] && jumped_only_from(d, F, lo, rg->hi))
            TRY(exit_canon_in(d, F, T, rg->hi, &P));
        /* (3.13: not the then-part of an if inside, whose test jumps past
         * it to the block's end, which a join's reading would skip: that
         * is the same raise or return by chance, and the code at F the
         * else-part, moved past the block's end: see else_exit_block) */
        if (P > T && d->version >= 313 && is_pjif(d->ins[P - 1].op) && d->ins[P - 1].target > P &&
            (d->ins[P - 1].target == rg->hi || d->ins[P - 1].target == rg->follow) &&
            else_exit_block(d, F, lo, c.last, T) > F)
            P = -1;
        if (P >= 0) {
            TRY(equiv_code(d, F, P) ? 0 : -1);
            F = P;
        }
    }
    if (F > rg->hi) {
        /* 3.12+: to a copy of the code the block continues with (an except
         * clause's end with the function's return, copied into a branch) */
        if (F != rg->follow && rg->follow >= 0 && !d->claimed[F] && !d->visits[F] && jumped_only_from(d, F, lo, rg->hi) &&
            equiv_code(d, F, rg->follow))
            F = rg->follow;
        /* 3.13: to a copy of the block's final jump that an enclosing loop
         * took as its own back jump (recovered there already) */
        if (F != rg->follow && rg->follow >= 0 && F < d->count && rg->follow < d->count && d->visits[F] &&
            d->ins[F].op == DP_N_JUMP && d->ins[rg->follow].op == DP_N_JUMP &&
            d->ins[F].target == d->ins[rg->follow].target && d->ins[F].target < F)
            F = rg->follow;
        /* to a jump to where the block goes on: the end of an enclosing
         * if statement, whose then-part's own jump there was threaded */
        if (F != rg->follow && rg->follow >= 0 && F < d->count && d->ins[F].op == DP_N_JUMP &&
            d->ins[F].target == rg->follow)
            F = rg->follow;
        /* (3.8, 3.9: to where the jump the block goes on with leads,
         * threaded through it, the block's other exits not: an elif chain
         * inside an if's then-part, the jump at the end of the then-part
         * its jump over the else-part) */
        if (F != rg->follow && rg->follow >= rg->hi && rg->follow < d->count && d->ins[rg->follow].op == DP_N_JUMP &&
            d->ins[rg->follow].target == F)
            F = rg->follow;
        if (F != rg->follow) {
            /* 3.13: an else-part that raises or returns, moved out of the
             * way (after an except clause's end): reached only from here,
             * under the same handler or returning out of the clause (see
             * else_exit_block), so it reads as the else-part; 3.10+:
             * one that runs into its own copy of the code the block goes on
             * with (see else_before_copy) */
            /* (after the test, a chained comparison's cleanup, jumped
             * over to T: its jump to F is the test's last) */
            int last = c.last;
            if (T == last + 4 && d->ins[last + 1].op == DP_N_JUMP && d->ins[last + 1].target == T &&
                d->ins[last + 2].op == DP_OP_POP_TOP && d->ins[last + 3].op == DP_N_JUMP &&
                d->ins[last + 3].target == F && d->incoming[last + 2] && !d->incoming[last + 3])
                last += 3;
            int F2 = else_exit_block(d, F, lo, last, T), copy_at = -1;
            if (F2 < 0)
                F2 = copy_at = else_before_copy(d, F, j, T, rg->follow);
            if (F2 < 0)
                return fail(d, j, "a conditional jump out of the enclosing block");
            TRY(run_sub(d, T, rg->hi, rg->follow, loop, st, &body, NULL));
            TRY(run_sub(d, F, F2, copy_at >= 0 ? rg->follow : F2, loop, st, &orelse, NULL));
            if (copy_at >= 0)
                TRY(equiv_code(d, copy_at, rg->follow) ? 0 : -1);
            *next = rg->hi;
            return sl_push(d, out, if_stmt(d, c.e, &body, &orelse));
        }
        TRY(run_sub(d, T, rg->hi, F, loop, st, &body, NULL));
        *next = rg->hi;
        return sl_push(d, out, if_stmt(d, c.e, &body, NULL));
    }
    /* 3.12+: the test before an inverted while loop whose bottom test only
     * an except clause reaches, placed after the handlers: the exit block at
     * F (a copy of the loop's exit, or that exit), hidden from the body
     * while it is read */
    test_apart ap;
    if (bottom_test_apart(d, &c, rg, &ap)) {
        cond moved = c;
        int hide = ap.jumps ? ap.exit : F;
        moved.F = ap.b + 1;
        claim(d, hide, F + ap.n);
        r = inverted_while_from_test(d, lo, j, &moved, rg, st, out, next);
        unclaim(d, hide, F + ap.n);
        TRY(r);
        if (r == 0) {
            if (ap.exit != F && !equiv_code(d, F, ap.exit))
                return fail(d, F, "a loop's exit copied into unusual code");
            if (ap.jumps) {   /* (the exit, which a jump after the loop goes back to, follows it) */
                mark(d, ap.b + 1, ap.b + 2);
                /* (not where the block goes on there anyway: the loop ends
                 * an if's then-part, whose join it is, see exit_inside_then) */
                if (ap.exit != rg->follow)
                    TRY(run_sub(d, ap.exit, ap.exit + ap.n, rg->follow, rg->loop, st, out, NULL));
                *next = ap.b + 2;
            }
            return 0;
        }
    }
    /* 3.12+: the code after an if, placed among the code of a loop in its
     * then-part, hidden from it while it is read */
    int apart;
    int inside = exit_inside_then(d, lo, T, F, rg, &apart);
    if (inside > 0) {
        slist then = {0};
        /* (an inverted while loop at T, whose test jumps to F too, hides
         * it itself: see bottom_test_apart) */
        int loop_hides = 0;
        for (int q = T; q < F && !loop_hides; q++)
            loop_hides = is_pjif(d->ins[q].op) && d->ins[q].target == F && d->back_from[q + 1] > F;
        if (!loop_hides)
            claim(d, F, F + inside);
        r = run_sub(d, T, apart > 0 ? apart : rg->hi, F, loop, st, &then, NULL);
        if (!loop_hides)
            unclaim(d, F, F + inside);
        TRY(r);
        TRY(sl_push(d, out, if_stmt(d, c.e, &then, NULL)));
        if (apart > 0) {
            /* (the then-part's code placed apart, [F + inside, apart), all
             * read: the code after the if goes on past it, its own placed
             * apart up to the block's end) */
            for (int q = F + inside; q < apart; q++)
                if (!d->visits[q] && !d->claimed[q] && d->ins[q].stack >= 0 && d->normal[q])
                    return fail(d, q, "code of an if's then-part placed apart, not all read");
            claim(d, F + inside, apart);
            TRY(run_sub(d, F, rg->hi, rg->follow, loop, st, out, NULL));
        } else {
            TRY(run_sub(d, F, F + inside, rg->follow, loop, st, out, NULL));
        }
        *next = rg->hi;
        return 0;
    }
    /* 3.10+: the else-less then-part ends in an exit block that the
     * compiler copied, right after it, for the jump: the jump goes where
     * the then-part ends */
    int exit_start = nop_else_at(d, j, F) ? F : copied_exit_at(d, T, F, rg);
    if (exit_start != F) {
        TRY(equiv_code(d, F, exit_start) ? 0 : -1);
        F = c.F = exit_start;   /* (inverted_while reads c.F) */
    }
    /* 3.10+: the test before an inverted while loop */
    if (closes_inverted_loop(d, &c)) {
        r = inverted_while_from_test(d, lo, j, &c, rg, st, out, next);
        TRY(r);
        if (r == 0)
            return 0;
    }
    int then_hi = F, else_lo = -1, join = F, empty_else = 0, past = -1;
    if (F - 1 >= T && d->ins[F - 1].op == DP_N_JUMP) {
        int E = d->ins[F - 1].target;
        if (d->version >= 310 && E > F && !d->claimed[E] && !d->visits[E] && jumped_only_from(d, E, lo, rg->hi)) {
            /* 3.10+: the then-part jumps to a copy of the exit code the
             * else-part falls into: the join is that code (not where code
             * outside the block jumps there too: then it is the
             * enclosing block's join, and the else-part ends in a copy) */
            int P;
            TRY(exit_canon_in(d, E, F, E < rg->hi ? E : rg->hi, &P));
            if (P >= 0) {
                TRY(equiv_code(d, E, P) ? 0 : -1);
                E = P;
            } else if (E > rg->hi && rg->follow >= 0 && E != rg->follow && equiv_code(d, E, rg->follow)) {
                E = rg->follow;   /* (to a copy of the code the block continues with, as F above) */
            }
        }
        /* (<= 3.9: to a jump to where the block goes, which the compiler
         * did not thread on: `if c: if d: x() else: y()` ending a loop's
         * body, whose inner else-part's jump to the loop's head it did) */
        int through_jump = 0;   /* (so: no `continue`, which would jump there itself) */
        if (d->version < 310 && E > rg->hi && rg->follow >= 0 && E < d->count && d->ins[E].op == DP_N_JUMP &&
            d->ins[E].target == rg->follow) {
            E = rg->follow;
            through_jump = 1;
        }
        /* (to where the jump that the block goes on with leads, threaded
         * through it: `if a: if b: x() elif c: y()` then `else: z()`, whose
         * inner then-part's jump goes to the outer if's join) */
        if (E > rg->hi && rg->follow > F && rg->follow < d->count && d->ins[rg->follow].op == DP_N_JUMP &&
            d->ins[rg->follow].target == E)
            E = rg->follow;
        int is_loop_jump = is_continue_target(loop, E) || (loop && E == loop->brk);
        /* (<= 3.9: threaded through the statement the branches join at, a
         * `continue` or `break` after the if/else, where a jump inside the
         * then-part, threaded one step, ends) */
        for (int q = T; d->version < 310 && is_loop_jump && E != rg->follow && q < F - 1; q++) {
            int J = d->ins[q].target;
            if ((is_pjif(d->ins[q].op) || d->ins[q].op == DP_N_JUMP) && J > F && J < rg->hi &&
                d->ins[J].op == DP_N_JUMP && d->ins[J].target == E && d->ins[J].stack >= 0 && !d->visits[q]) {
                E = J;
                is_loop_jump = 0;
                break;
            }
        }
        /* (3.12: a jump back that a test inside the then-part also goes
         * to is the source's `continue`: the compiler gives the jump over
         * an else-part, threaded back to the loop's head, a copy of its
         * own for each way to it; 3.13 shares that one too) */
        int shared_back = 0;
        for (int q = T; d->version == 312 && is_continue_target(loop, E) && q < F - 1 && !shared_back; q++)
            shared_back = is_pjif(d->ins[q].op) && d->ins[q].target == F - 1 && d->ins[q].stack >= 0;
        /* (code in the then-part that jumps to F makes F a join, and the
         * jump before it a break or continue, not a jump over an else) */
        int joins_at_F = 0;
        for (int q = T; q < F - 1; q++)   /* (not the condition's own cleanup jumps) */
            joins_at_F |= d->ins[q].target == F && !d->visits[q];
        /* (3.10+: and a jump inside to the final jump itself: the source's
         * `break` or `continue`, which starts with a NOP of its own, for
         * its line, that keeps the compiler from threading jumps to it;
         * one over an else-part gets them threaded through it.  Not an
         * inner loop's break, nor a with's path after its exit suppressed
         * an exception, which the compiler does not thread either) */
        for (int q = T; d->version >= 310 && is_loop_jump && q < F - 1; q++)
            joins_at_F |= d->ins[q].target == F - 1 && d->ins[q].op == DP_N_JUMP && !d->visits[q] &&
                          d->normal[q] && else_starts_after(d, T, q) && !loop_closes_between(d, q, F - 1);
        /* (<= 3.9: a jump inside that goes straight to the loop's head as
         * F - 1 does: threaded one step, through the source's `continue`;
         * through a jump over an else-part it would end at the loop's own
         * jump back.  Not an unconditional one where F - 1 is dead: a
         * `continue` of the source's, F - 1 the jump over the else-part
         * after a then-part that cannot complete.) */
        for (int q = T; d->version < 310 && is_continue_target(loop, E) && E < T && q < F - 1; q++)
            joins_at_F |= d->ins[q].target == E && !d->visits[q] &&
                          (is_pjif(d->ins[q].op) || (d->ins[q].op == DP_N_JUMP && d->ins[F - 1].stack >= 0));
        /* 3.12+: a then-part that ends in `continue` (F - 1, its jump back
         * to the loop's head) and whose tests jump past F, inside the
         * block: `if a: if not b: continue` then `else: ...`.  The jump
         * over the else-part, dead after the jump back, was dropped, and
         * the tests' jumps to it threaded to the join: the code from F is
         * the else-part, the tests' target the join, and the jump back the
         * then-part's own `continue` */
        if (d->version >= 312 && loop && E < T && is_continue_target(loop, E) && E == rg->follow && F - 1 > T) {
            past = forward_exit(d, T, F - 1, F, rg);
            if (!(past > F && past < rg->hi && past != loop->brk && d->ins[past].stack == d->ins[j].stack - 1 &&
                  !d->claimed[past] && !d->visits[past] && jumped_only_from(d, past, T, rg->hi)))
                past = -1;
        }
        if (past > F) {
            then_hi = F;
            else_lo = F;
            join = past;
        } else if (E > F && E <= rg->hi && !is_loop_jump && !joins_at_F) {
            then_hi = F - 1;
            else_lo = F;
            join = E;
        } else if (E == F && F - 1 > T && d->ins[F - 1].stack >= 0 && !(d->ins[F - 1].flag & DP_FLAG_MADE_JUMP) &&
                   !joins_at_F) {
            /* a jump over nothing, which the compiler only makes over an
             * else-part with no code: `else: pass` (3.10+: its NOP) */
            then_hi = F - 1;
            else_lo = F;
            join = F;
            empty_else = 1;
        } else if (E == rg->follow && E != F && (F - 1 > T || !is_loop_jump || d->ins[T].stack < 0 || through_jump) &&
                   !joins_at_F &&
                   !shared_back && !(d->version < 310 && is_loop_jump && try_exit_threaded(d, T, F - 1, E)) &&
                   !dead_continue_ends_then(d, T, F - 1, loop) && !forever_loop_continue(d, E, rg)) {
            /* the then-part jumps where the enclosing block goes anyway
             * (3.8, 3.9: not where a try statement's jump over its
             * handlers went to that jump and was threaded on: the
             * then-part's jump is its own `continue`, which an else-part
             * would not have let the peephole pass thread in one step;
             * but a then-part that is only a dead jump, which a chained
             * comparison's jump over its cleanup threaded past, is empty,
             * see fall_through) */
            then_hi = F - 1;
            else_lo = F;
            join = E;
            /* (ending a loop's body, beside the loop's own jump back: the
             * jump over an else-part with no code, threaded there, `else:
             * pass`; `continue` is the same code) */
            empty_else = F == rg->hi && F < d->count && is_loop_jump && d->ins[F].op == DP_N_JUMP &&
                         d->ins[F].target == E && d->ins[F - 1].stack >= 0 && !(d->ins[F - 1].flag & DP_FLAG_MADE_JUMP);
        }
    }
    int jumps_over_else = else_lo >= 0 && past < 0;   /* (past: the jump is the then-part's own) */
    if (else_lo < 0 && F - 1 > T && ends_block(d->ins[F - 1].op)) {
        /* The then-part does not fall through, and its jump over the else
         * part was threaded into the jumps that reached it. */
        int E = forward_exit(d, T, F - 1, F, rg);
        /* (3.11+: the then-part ends in a loop that only except clauses
         * leave, their handlers placed past the block: they jump to the join) */
        if (E == -1 && d->ins[F - 1].op == DP_N_JUMP && d->ins[F - 1].target >= T && d->ins[F - 1].target < F - 1) {
            E = clause_exit_past(d, T, F - 1, F);
            if (E > rg->hi && E != rg->follow)
                E = -1;
        }
        /* (not a break or continue, but where the block goes on anyway:
         * a try statement's jump over its handler, to a loop's bottom test) */
        if (E > F && d->ins[E].stack == d->ins[j].stack - 1 &&
            !(loop && (E == loop->brk || is_continue_target(loop, E)) && E != rg->follow)) {
            else_lo = F;
            join = E;
        } else if (E < 0 && F < rg->hi && d->ins[F - 1].op == DP_OP_RERAISE && is_continue_target(loop, rg->follow) &&
                   try_goes_back_before_handlers(d, T, F - 1, rg->follow)) {
            /* 3.9+: the then-part ends in a try statement whose normal path
             * goes back to the loop's head, where the block goes anyway
             * (its else block's end): the code from F is the else-part */
            else_lo = F;
            join = rg->follow;
        }
    }
    if (else_lo < 0 && d->version >= 311 && F - 1 > T && F < rg->hi && rg->follow >= 0 &&
        rg->follow < d->count && d->ins[F - 1].op == DP_OP_RETURN_VALUE && !d->claimed[F - 1] &&
        !d->claimed[rg->follow] && (d->version >= 312 || d->cur_handler >= 0)) {
        /* (not code hidden from the block: see exit_inside_then) */
        /* The then-part ends in a copy of the code the block goes on with
         * (a small exit block, copied into each path to it): the then-part
         * joins the rest, and the code from F is its else-part.  3.12 copies
         * such blocks wherever it can; 3.11 only into a try body's path out
         * (the copy lies outside the exception table's range), and there
         * only where the else-part never gets to the rest.  (A return the
         * source has there is under the try's handler, but for that of a
         * constant, which compiles to the same copy.) */
        for (int P = F - 1; P > T && P >= F - 64; P--) {
            int n = same_exit(d, P, rg->follow);
            if (n < 0)
                continue;
            if (n == F - P && d->ins[P].stack == d->ins[T].stack &&
                (d->version >= 312 || d->ins[P].handler != d->ins[T].handler) &&
                (d->version >= 312 || else_never_falls(d, F, rg->hi)) &&
                d->ins[rg->follow].stack == d->ins[T].stack && !d->claimed[P] &&
                !jumped_into(d, P, F) && !enters_between(d, T, P, P - 1, d->count + 1) &&
                source_order(d, P, F, rg->hi) <= 0 && !none_numbered_before(d, T, F, rg->hi)) {
                /* (only falling into the copy, and no path of the then-part
                 * jumps past it: not the return of a loop inside) */
                TRY(equiv_code(d, P, rg->follow) ? 0 : -1);
                then_hi = P;
                else_lo = F;
                join = rg->follow;
            }
            break;
        }
    }
    /* (the block's plain code ends before handlers placed at its end, 3.11+) */
    int plain_hi = rg->hi;
    while (plain_hi > F && !d->plain[plain_hi - 1])
        plain_hi--;
    if (else_lo < 0 && d->version >= 310 && F - 1 > T && F < plain_hi && rg->follow < 0 && d->ins[T].stack == 0 &&
        (d->ins[F - 1].op == DP_OP_RETURN_VALUE || d->ins[F - 1].op == DP_OP_RAISE_VARARGS) && !d->claimed[F - 1] &&
        d->ins[plain_hi - 1].op == d->ins[F - 1].op) {
        /* 3.10+: the then-part ends in a copy of the return (or raise) the
         * block ends with (a small exit block, copied into each path to it), and
         * the else-part falls into that return: where the else-part came
         * before the copy in the source (its names and constants are
         * numbered first), the return is the join after an if/else */
        int best = -1;
        for (int P = F - 1; P > T && P >= F - 64; P--) {
            int n = F - P, Q = plain_hi - n;
            if (Q <= F || same_exit(d, P, Q) != n)
                break;
            /* (statement boundaries of the function body; the longest
             * copy that only the then-part gets to, at its start (an if
             * inside that it joins), and whose original only the
             * else-part gets to: where both paths end in the same
             * statement, not one inside an if of it) */
            if (d->ins[P].stack == 0 && d->ins[Q].stack == 0 && !d->claimed[P] && !jumped_into(d, P + 1, F) &&
                d->ins[P].handler == d->ins[F - 1].handler &&
                (falls_into(d, Q) || d->incoming[Q]) && jumped_only_from(d, Q, F, Q) &&
                !enters_between(d, T, P, P, d->count + 1) &&
                (!d->incoming[P] || jumped_only_from(d, P, T, P)))
                best = P;
        }
        int Q = best >= 0 ? plain_hi - (F - best) : -1;
        if (best >= 0 && source_order(d, best, F, Q) < 0) {
            TRY(equiv_code(d, best, Q) ? 0 : -1);
            then_hi = best;
            else_lo = F;
            join = Q;
        }
    }
    int else_hi = (join > rg->hi || join == rg->follow) ? rg->hi : join;
    if (jumps_over_else)
        mark(d, F - 1, F);
    int falls_to = -1;
    /* (3.8, 3.9: a then-part ending in its own dead `continue`, which the
     * jumps inside went through to the loop's head: read up to it, with
     * the head as where it goes on) */
    int dead_continue = else_lo < 0 && then_hi == F && dead_continue_ends_then(d, T, F - 1, loop);
    if (dead_continue) {
        then_hi = F - 1;
        mark(d, F - 1, F);
    }
    d->falls_to = &falls_to;
    TRY(run_sub(d, T, then_hi, dead_continue ? d->ins[F - 1].target : join == rg->follow ? rg->follow : join, loop,
                st, &body, NULL));
    if (dead_continue && !ends_flow_stmt(&body))
        TRY(sl_push(d, &body, mk_stmt(d, DP_S_CONTINUE)));
    if (falls_to >= 0) {
        /* The then-part ends in a try whose except clauses go on past the
         * else-part, where it falls: the if's join (3.12+, `if a: try:
         * return f() except E: pass` then `elif b: ...`) */
        if (else_lo >= 0 || then_hi != F || falls_to <= F || !(falls_to <= rg->hi || falls_to == rg->follow))
            return fail(d, j, "an if whose then-part goes on past its else-part");
        else_lo = F;
        join = falls_to;
        else_hi = (join > rg->hi || join == rg->follow) ? rg->hi : join;
    }
    /* 3.8, 3.9 keep the dead jump over the else-part after a then-part
     * that ends in `continue`: the continue is the source's own, though
     * its jump goes where the block goes anyway.  (Not dead where jumps to
     * it were threaded on to where it goes: `if c: if d: continue` jumps
     * there when d is false.) */
    if (jumps_over_else && then_hi - 1 >= T && d->ins[then_hi - 1].op == DP_N_JUMP && !d->incoming[then_hi] &&
        is_continue_target(loop, d->ins[then_hi - 1].target) && !ends_flow(d, &body)) {
        int over = d->ins[then_hi].target, threaded = 0;
        for (int q = T; q < then_hi - 1 && !is_continue_target(loop, over); q++)
            threaded |= d->ins[q].target == over;
        if (!threaded)
            TRY(sl_push(d, &body, mk_stmt(d, DP_S_CONTINUE)));
    }
    /* (<= 3.9: the then-part's jump over the else-part, dead after a
     * then-part that returns, kept for the end label of an if/else there:
     * the peephole pass drops dead code after a return up to a label) */
    if (jumps_over_else && d->version < 310 && d->ins[F - 1].stack < 0 && then_hi == F - 1 && body.n &&
        body.v[body.n - 1]->kind == DP_S_RETURN)
        TRY(fold_tail_into_else(d, &body));
    /* A module or class body cannot return: a branch ending in the body's
     * own epilogue (3.10+ copies it into each exit) is the if-part of an
     * if/else whose else-part is the rest. */
    if (else_lo < 0 && body.n && F < rg->hi &&
        (((d->body_kind == BODY_MODULE || d->body_kind == BODY_CLASS) &&
          is_body_epilogue(body.v[body.n - 1], d->body_kind)) ||
         (d->body_kind == BODY_FUNCTION && d->version >= 310 &&
          (rg->follow < 0 || (d->version == 310 && rg->follow >= d->count && outside_blocks(d, j)) ||
           is_none_return_at(d, rg->follow)) &&
          is_return_none(body.v[body.n - 1]) && !none_numbered_before(d, T, F, rg->hi) &&
          !reached_twice(d, body.v[body.n - 1])))) {
        /* (in a function from 3.10: the copied `return None` of an if/else
         * at the end, or in a block that goes on to that return; either
         * reading compiles the same) */
        else_lo = F;
        else_hi = rg->hi;
        join = rg->follow < 0 ? rg->hi : rg->follow;
    } else if (else_lo < 0 && then_hi == F && d->body_kind == BODY_FUNCTION &&
               copied_const_return(d, F, rg->follow >= 0 ? rg->follow : rg->hi - 2, rg) && body.n &&
               body.v[body.n - 1]->kind == DP_S_RETURN) {
        /* the then-part's `return K` is the compiler's copy of the return
         * the if joins at: an if/else (an elif chain) before that return */
        body.n--;
        join = rg->follow >= 0 ? rg->follow : rg->hi - 2;
        else_lo = F;
        else_hi = join > rg->hi || join == rg->follow ? rg->hi : join;
    }
    *next = (join == rg->follow || join > rg->hi) ? rg->hi : join;
    if (else_lo >= 0 && !empty_else && *next == rg->hi && may_hand_back(d, lo, rg) &&
        !(body.n == 1 && body.v[0]->kind == DP_S_RAISE)) {   /* (not an assert: see if_stmt) */
        dp_stmt *s = if_stmt(d, c.e, &body, NULL);
        if (!s)
            return -1;
        TRY(hand_back_else(d, s, else_lo, else_hi, join, loop, st));
        return sl_push(d, out, s);
    }
    if (else_lo >= 0)
        TRY(run_else(d, else_lo, else_hi, join, loop, st, &orelse));
    /* (the then-part does not fall into F: it ends in its copy of the code
     * after the if, or (3.10-3.12) it cannot complete: 3.13 leaves a NOP
     * where an else block of a try ends, after such an if; not an
     * assert's raise, which an `if __debug__:` after it, a NOP too, may
     * follow) */
    if (!orelse.n && (else_lo >= 0 || (d->version < 313 && F - 1 > T && ends_block(d->ins[F - 1].op))) &&
        nop_else_at(d, j, F) && !(body.n == 1 && body.v[0]->kind == DP_S_RAISE))
        empty_else = 1;
    if (empty_else && !orelse.n)
        TRY(sl_push(d, &orelse, mk_stmt(d, DP_S_PASS)));
    return sl_push(d, out, if_stmt(d, c.e, &body, orelse.n ? &orelse : NULL));
}

/* 3.8, 3.9: whether the then-part [T, J] ends in a `continue` of the
 * source's, dead after a raise (the peephole pass keeps it; not a lone
 * continue, an else-part whose if's test jumped past it): J jumps back to
 * the loop's head, and a conditional jump inside goes straight there,
 * threaded through it (with an else-part, J would be the jump over it, and
 * such jumps would go where it went before it was threaded: the if's end). */
static int dead_continue_ends_then(const dc *d, int T, int J, const loopctx *loop)
{
    if (d->version >= 310 || J <= T || J >= d->count || d->ins[J].op != DP_N_JUMP || d->ins[J].stack >= 0 ||
        d->ins[J].target > T || !is_continue_target(loop, d->ins[J].target) ||
        d->ins[J - 1].op != DP_OP_RAISE_VARARGS)
        return 0;
    for (int q = T; q < J; q++)
        if (is_pjif(d->ins[q].op) && d->ins[q].target == d->ins[J].target && d->ins[q].stack >= 0)
            return 1;
    return 0;
}

/* Where the next operand starts when k is one more jump, at stack depth
 * `depth`, of the and/or chain whose jumps all go to t; else -1. */
static int chain_jump(const dc *d, int k, int t, int threaded_t, int is_or, int depth)
{
    const dp_ins *x = &d->ins[k];
    if (x->stack != depth)
        return -1;
    if (x->op == (is_or ? DP_OP_JUMP_IF_TRUE_OR_POP : DP_OP_JUMP_IF_FALSE_OR_POP) &&
        (x->target == t || x->target == threaded_t))
        return k + 1;
    if (x->op == DP_OP_COPY && x->arg == 1 && k + 3 <= t &&
        d->ins[k + 1].op == (is_or ? DP_OP_POP_JUMP_IF_TRUE : DP_OP_POP_JUMP_IF_FALSE) &&
        d->ins[k + 1].target == t && d->ins[k + 2].op == DP_OP_POP_TOP)
        return k + 3;
    return -1;
}

/* a and b / a or b in value context: JUMP_IF_X_OR_POP (<= 3.11), or
 * 3.12+'s COPY 1; POP_JUMP_IF_X; POP_TOP.  In a chain (a and b and c)
 * every operand's jump goes to the same end: each operand after the first
 * is read on its own, one block deep, so that a chain of 10,000 operands
 * does not nest 10,000 blocks. */
static int boolop_value(dc *d, int i, int rhs_lo, int t, int is_or, const region *rg, stk *st, slist *out,
                        int *next)
{
    dp_expr *left, *e;
    int threaded_t = t;
    /* <= 3.11 threads a jump to a jump of its own kind: an and/or that ends
     * where a jump of an enclosing chain tests its value, a and (b if c else
     * d and e) and f, jumps to where that jump goes */
    if (t > rg->hi && rg->hi < d->count && d->ins[i].op == d->ins[rg->hi].op &&
        d->ins[rg->hi].target == t && (d->ins[i].op == DP_OP_JUMP_IF_FALSE_OR_POP ||
                                       d->ins[i].op == DP_OP_JUMP_IF_TRUE_OR_POP))
        t = rg->hi;
    if (t > rg->hi || t < rhs_lo)
        return fail(d, i, "and/or whose end is outside its block");
    mark(d, i + 1, rhs_lo);
    TRY(pop_expr(d, st, out, i, &left));
    e = mk_expr(d, DP_E_BOOLOP);
    if (!e)
        return -1;
    e->u.boolop.op = is_or ? DP_OR : DP_AND;
    TRY(elist_append(d, &e->u.boolop.values, left));
    /* An operand [lo, k) must be code of its own: its jumps go inside it
     * (or to k, its end), and the handlers of its instructions that lie in
     * the chain lie in it: the extremes of both are kept as k moves. */
    int depth = d->ins[i].stack, lo = rhs_lo;
    int min_to = lo, max_to = lo;
    /* (a and b) and c, a and (b and c) are the same code as a and b and c
     * up to 3.11, whose jumps are threaded to the end: kept flat; 3.12+
     * jumps to the inner group's end. */
    int flat = d->version < 312;
    for (int k = rhs_lo; k <= t; k++) {
        int after = k < t ? chain_jump(d, k, t, threaded_t, is_or, depth) : t;
        if (after < 0 || (k < t && (min_to < lo || max_to > k))) {
            int to = d->ins[k].target, h = d->ins[k].handler;
            if (to >= 0) {
                min_to = to < min_to ? to : min_to;
                max_to = to > max_to ? to : max_to;
            }
            if (h > i && h < t) {   /* (a handler k itself may not be) */
                min_to = h < min_to ? h : min_to;
                max_to = h + 1 > max_to ? h + 1 : max_to;
            }
            continue;
        }
        dp_expr *v;
        TRY(vexpr(d, lo, k, st, &v));
        if (v->kind == DP_E_BOOLOP && v->u.boolop.op == e->u.boolop.op && flat) {
            for (size_t n = 0; n < v->u.boolop.values.count; n++)
                TRY(elist_append(d, &e->u.boolop.values, v->u.boolop.values.items[n]));
        } else {
            TRY(elist_append(d, &e->u.boolop.values, v));
        }
        if (k == t)
            break;
        mark(d, k, after);
        lo = min_to = max_to = after;
        k = after - 1;
    }
    if (left->kind == DP_E_BOOLOP && left->u.boolop.op == e->u.boolop.op && flat) {
        dp_expr_list flat_values = {0};
        for (size_t n = 0; n < left->u.boolop.values.count; n++)
            TRY(elist_append(d, &flat_values, left->u.boolop.values.items[n]));
        for (size_t n = 1; n < e->u.boolop.values.count; n++)
            TRY(elist_append(d, &flat_values, e->u.boolop.values.items[n]));
        e->u.boolop.values = flat_values;
    }
    *next = t;
    return push_e(d, st, e);
}

/* await x / yield from x: GET_AWAITABLE or GET_YIELD_FROM_ITER, then
 * LOAD_CONST None and YIELD_FROM (<= 3.10) or a SEND loop (3.11+). */
static int await_or_yield_from(dc *d, int i, stk *st, slist *out, int *next)
{
    dp_expr *v, *e;
    TRY(pop_expr(d, st, out, i, &v));
    if (i + 2 >= d->count || d->ins[i + 1].op != DP_OP_LOAD_CONST || d->ins[i + 1].obj->kind != DP_OBJ_NONE)
        return fail(d, i, "await without its yield loop");
    if (d->ins[i + 2].op == DP_OP_YIELD_FROM) {
        *next = i + 3;
    } else if (d->ins[i + 2].op == DP_OP_SEND && d->ins[i + 2].target > i + 2) {
        int t = d->ins[i + 2].target;
        if (t < d->count && d->ins[t].op == DP_OP_END_SEND)
            t++;
        *next = t;
    } else {
        return fail(d, i, "await without its yield loop");
    }
    mark(d, i + 1, *next);
    if (d->ins[i].op != DP_OP_GET_AWAITABLE)
        d->saw_yield = 1;
    if (d->ins[i].op == DP_OP_GET_AWAITABLE && v->ctx == DP_DEL &&
        (v->kind == DP_E_LISTCOMP || v->kind == DP_E_SETCOMP || v->kind == DP_E_DICTCOMP)) {
        v->ctx = DP_LOAD;   /* the await of an async comprehension */
        return push_e(d, st, v);
    }
    e = mk_expr(d, d->ins[i].op == DP_OP_GET_AWAITABLE ? DP_E_AWAIT : DP_E_YIELDFROM);
    if (!e)
        return -1;
    e->u.value.value = v;
    return push_e(d, st, e);
}

/* ---- exceptions, 3.11+ --------------------------------------------------
 *
 * The exception table gives each instruction its handler.  Handlers that
 * start with PUSH_EXC_INFO belong to try and with statements; the others
 * (cleanups the compiler adds around handlers, comprehensions, generators
 * and awaits) are transparent.  A try or with body is the contiguous run of
 * instructions whose handler chain reaches the statement's handler. */

static int raw_handler(dc *d, int k)
{
    return (k >= 0 && k < d->count) ? d->ins[k].handler : -1;
}

static int is_name_cleanup(const dc *d, int h);
static int unwind_38(const dc *d, int k, int *value);
static int exit_call_310(const dc *d, int k);
static int tail_return_38(dc *d, int pb, stk *after, int base, slist *body);

static int is_construct_handler(dc *d, int h)
{
    if (h < 0 || h >= d->count)
        return 0;
    if (d->version >= 311)
        return d->ins[h].op == DP_OP_PUSH_EXC_INFO;
    return !is_name_cleanup(d, h);
}

static int eff_handler(dc *d, int k)
{
    int h = raw_handler(d, k);
    for (int guard = 0; h >= 0 && !is_construct_handler(d, h) && guard < 64; guard++)
        h = raw_handler(d, h);
    return is_construct_handler(d, h) ? h : -1;
}

static int under_eff(dc *d, int k, int H)
{
    int h = eff_handler(d, k);
    for (int guard = 0; h >= 0 && guard < 256; guard++) {
        if (h == H)
            return 1;
        h = eff_handler(d, h);
    }
    return 0;
}

static int under_raw(dc *d, int k, int X)
{
    int h = raw_handler(d, k);
    for (int guard = 0; h >= 0 && guard < 256; guard++) {
        if (h == X)
            return 1;
        h = raw_handler(d, h);
    }
    return 0;
}

/* under_raw(), or k starts jumps the exception table leaves out (3.13
 * does, inside an inlined comprehension) followed by code under X. */
static int under_raw_or_jump(dc *d, int k, int X)
{
    if (under_raw(d, k, X))
        return 1;
    int q = k;
    while (q < d->count && q < k + 4 && raw_handler(d, q) < 0 &&
           (is_pjif(d->ins[q].op) || d->ins[q].op == DP_N_JUMP))
        q++;
    return q > k && q < d->count && under_raw(d, q, X);
}

/* The outermost construct handler of k that is inside the current one. */
static int construct_at(dc *d, int k)
{
    int h = eff_handler(d, k), last = -1;
    for (int guard = 0; h >= 0 && h != d->cur_handler && guard < 256; guard++) {
        last = h;
        h = eff_handler(d, h);
    }
    return h == d->cur_handler ? last : -1;
}

static int exit_call_at(const dc *d, int k);
static int finally_block(dc *d, int H, int cleanup, int *lo);
static int finally_block_or_return(dc *d, int H, int cleanup, int *lo, int *returns);
static int same_code(const dc *d, int a, int b, int n);
static int finally_copy_len(dc *d, int at, int lo, int len);
static int past_return_copies(dc *d, int from, int end, int ret_len);

/* 3.11+: q, or the index after the copy at q of the finally block being
 * read (a return inside the try body runs one), or of the one around that
 * try's (the return runs it next). */
static int past_finally_copy(dc *d, int q)
{
    for (int b = 0; b < 2; b++) {
        int lo = d->fin.block[b].lo, len = d->fin.block[b].len;
        int n = (len > 0 && q != lo) ? finally_copy_len(d, q, lo, len) : -1;
        if (n > 0)
            return q + n;
    }
    return q;
}

/* A return out of nested with blocks calls each __exit__ in turn, each
 * under the handler around its own with: whether p (after k) starts the
 * call of the next one ([SWAP 2] LOAD_CONST None...) right after a call. */
static int nested_exit_at(const dc *d, int k, int p)
{
    int swap = p < d->count && d->ins[p].op == DP_OP_SWAP && d->ins[p].arg == 2;
    return p - 5 >= k && exit_call_at(d, p - 5) && exit_call_at(d, p + swap);
}

/* A break or continue inside with blocks (3.11+) calls each __exit__
 * first, then (a break) drops the loop's iterator: from k, an exit call or
 * what follows one, the index of the jump after them, or -1. */
static int exit_jump_at(const dc *d, int k)
{
    int q = k;
    if (!exit_call_at(d, q) &&
        !(q - 5 >= 0 && q < d->count && exit_call_at(d, q - 5) && d->ins[q].op == DP_OP_POP_TOP))
        return -1;
    while (exit_call_at(d, q))
        q += 5;
    while (q < d->count && d->ins[q].op == DP_OP_POP_TOP)
        q++;
    return q < d->count && d->ins[q].op == DP_N_JUMP ? q : -1;
}

/* Past the __exit__ calls from q on (a break or return leaving nested
 * with blocks). */
static int past_exit_calls(const dc *d, int q)
{
    while (exit_call_at(d, q))
        q += 5;
    return q;
}

/* At q, a copy (3.10+: the jump to a small exit block gets one) of the
 * code after the loop `loop`, ending in a return, after the POP_TOP of the
 * iterator of a for loop (and of the loops inside it that it leaves): a
 * break of it.  The index after it, -1. */
static int copied_break_exit(const dc *d, int q, const loopctx *loop)
{
    int p = q;
    while (p < d->count && p < q + 64 && d->ins[p].op == DP_OP_POP_TOP)
        p++;
    if (!loop || (p == q) != !loop->is_for || loop->brk < 0 || loop->brk == p || d->version < 310)
        return -1;
    int n = same_exit(d, p, loop->brk);
    return n > 0 && d->ins[p + n - 1].op == DP_OP_RETURN_VALUE ? p + n : -1;
}

static int break_into_loop_tail(dc *d, const loopctx *loop, int end, int jumped, const stk *st, slist *clause,
                                int handler);
static int tail_copy_at(const dc *d, int q, const loopctx *loop);

/* At q, out of a try body (after a finally block's copy, or past the
 * try's handler), a break whose jump got a copy of the loop's exit (see
 * copied_break_exit), or of the code after a while loop that has none of
 * its own (3.11+, see break_into_loop_tail): `break` pushed on out, the
 * index after it; else q.  (Read as the return it looks like, its value
 * would come before the finally block, which could change it, or under
 * the try's handler.) */
static int finally_then_break(dc *d, int q, const region *rg, const stk *st, slist *out)
{
    int end = copied_break_exit(d, q, rg->loop);
    if (end < 0 && d->version >= 311 && tail_copy_at(d, q, rg->loop)) {
        /* (a while loop with no code after it of its own: the break's copy
         * is that code, see break_into_loop_tail) */
        int r = break_into_loop_tail(d, rg->loop, q, 0, st, out, eff_handler(d, q));
        if (r != 0)
            return r < 0 ? r : d->tail_end;
    }
    if (end <= q || end > rg->hi)
        return q;
    int p = q;
    while (d->ins[p].op == DP_OP_POP_TOP)
        p++;
    if (!equiv_code(d, p, rg->loop->brk))
        return fail(d, q, "a break into a copy of unusual code");
    mark(d, q, p);   /* (equiv_code marked the copy) */
    if (sl_push(d, out, mk_stmt(d, DP_S_BREAK)) < 0)
        return -1;
    return end;
}

/* From q, straight code that nothing else enters, up to a return or
 * raise: the index after it, -1. */
static int straight_exit_end(const dc *d, int q)
{
    if (q < 0 || q >= d->count)
        return -1;
    for (int k = q; k < d->count && k < q + 256; k++) {
        const dp_ins *x = &d->ins[k];
        if (x->stack < 0 || (k > q && d->incoming[k]))
            return -1;
        if (x->op == DP_OP_RETURN_VALUE || x->op == DP_OP_RAISE_VARARGS)
            return k + 1;
        if (x->target >= 0 || is_control_op(x->op))
            return -1;
    }
    return -1;
}

/* Whether the code at q, after a finally block's copy, can be a break's
 * copy of the code after the while loop `loop`: it starts at the loop's
 * own stack depth (not the RETURN_VALUE of a value the return computed
 * before the copy) and returns no constant (which a return there would
 * return alike). */
static int tail_copy_at(const dc *d, int q, const loopctx *loop)
{
    if (!loop || loop->is_for || !loop->tail || loop->head < 0 || loop->head >= d->count || q + 1 >= d->count)
        return 0;
    return d->ins[q].stack == d->ins[loop->head].stack &&
           !(d->ins[q].op == DP_OP_LOAD_CONST && d->ins[q + 1].op == DP_OP_RETURN_VALUE);
}

/* A break at k out of the loop `loop`, 3.11+: the iterators it pops and
 * copies of the finally block being read (those of the try statements it
 * leaves), then a jump forward (after a finally block's copy, or back: a
 * continue), or a copy of the loop's exit (see copied_break_exit).  The
 * index of its last instruction, -1. */
static int break_jump_at(dc *d, int k, const loopctx *loop)
{
    int q = k, finally_run = 0, pops_from = k;
    for (int p = q; q < d->count && q < k + 256; q = p) {
        /* (3.12+: or the __exit__ call of a with it leaves, before a copy
         * of the loop's exit, see run) */
        p = d->ins[q].op == DP_OP_POP_TOP ? q + 1
            : d->version >= 312 && exit_call_at(d, q) && copied_break_exit(d, past_exit_calls(d, q), loop) > q + 5
                ? q + 5
            : past_finally_copy(d, q);
        if (p > q + 1 || (p == q + 1 && d->ins[q].op != DP_OP_POP_TOP))
            finally_run = 1, pops_from = p;   /* (a copy may end in a POP_TOP of its own) */
        if (p <= q)
            break;
    }
    if (q >= d->count)
        return -1;
    if (d->ins[q].op == DP_N_JUMP)
        return d->ins[q].target > q || (finally_run && q > k) ? q : -1;
    /* (back to the first POP_TOP: the exit's copy is the loop's own) */
    int p = q;
    while (p > pops_from && d->ins[p - 1].op == DP_OP_POP_TOP)
        p--;
    int end = copied_break_exit(d, p, loop);
    /* (or, after a finally block's copy, the code after a while loop that
     * has none of its own: see finally_then_break) */
    if (end < 0 && finally_run && loop && !loop->is_for && loop->tail && p == q && tail_copy_at(d, q, loop))
        end = straight_exit_end(d, q);
    return end > q ? end - 1 : -1;
}

/* Whether i is inside such a break (from before i or at it), which ends
 * before hi. */
static int in_break_gap(dc *d, int i, int hi, const loopctx *loop)
{
    for (int k = i; k >= 0 && k > i - 256; k--) {
        if (k < i && eff_handler(d, k) == d->cur_handler)
            break;   /* (the body's own code: the break starts after it) */
        int j = break_jump_at(d, k, loop);
        if (j > i && j < hi)
            return 1;
    }
    return 0;
}

/* From k, the end of a return that leaves a with or try: [SWAP 2] (the
 * value below __exit__), __exit__(None, None, None) calls and copies of the
 * enclosing finally block, then RETURN_VALUE or LOAD_CONST; RETURN_VALUE,
 * all under one handler (each __exit__ of nested withs under the one
 * around its own with).  The index after the RETURN_VALUE, or -1.  (Only a
 * copy of the finally block being read counts: other code there is code
 * of its own.) */
static int after_name_cleanup(const dc *d, int k);

static int return_gap_end(dc *d, int k)
{
    int h = d->ins[k].handler, q = k, fin_at = -1;
    if (q < d->count && d->ins[q].op == DP_OP_SWAP && d->ins[q].arg == 2)
        q++;
    for (;;) {
        if (exit_call_at(d, q) && d->ins[q + 4].handler == d->ins[q].handler)
            q += 5;
        else if (nested_exit_at(d, k, q) && d->ins[q].op == DP_OP_SWAP)
            q++;   /* (the value goes below the next __exit__ too) */
        else if (q > k && q + 1 < d->count && d->ins[q].op == DP_OP_SWAP && d->ins[q].arg == 2 &&
                 d->ins[q + 1].op == DP_OP_POP_TOP)
            q += 2;   /* the iterator of a further loop it leaves, below the value */
        else if (past_finally_copy(d, q) > q) {
            fin_at = fin_at < 0 ? q : fin_at;
            q = past_finally_copy(d, q);   /* the finally block's copy, recovered from the handler */
        } else if (d->ins[q].op == DP_OP_POP_TOP && q + 1 < d->count)
            q++;   /* the iterator of a for loop it leaves */
        else
            break;
    }
    /* (3.11+: the exception of an except clause it leaves, a try in the
     * clause, is dropped last; then nothing is under a handler; so are
     * those of the clauses around that one, with their names' cleanups) */
    int popped = -1;
    for (int guard = 0; guard < 16 && d->version >= 311 && q + 1 < d->count && d->ins[q].op == DP_OP_POP_EXCEPT;
         guard++) {
        popped = popped < 0 ? q : popped;
        q = after_name_cleanup(d, q + 1);
    }
    int ret_len = 1;
    if (q + 1 < d->count && d->ins[q].op == DP_OP_LOAD_CONST && d->ins[q + 1].op == DP_OP_RETURN_VALUE)
        q++, ret_len = 2;
    for (int p = k, hp = h; p <= q && p < d->count; p++) {
        if (d->ins[p].handler != hp && nested_exit_at(d, k, p))
            hp = d->ins[p].handler;
        /* (the return itself, after the try statements it leaves, is
         * outside their ranges: it cannot raise; so is the copy of the
         * finally block, run once the try is left) */
        int ret_part = p > k && (p > q - ret_len || (popped >= 0 && p >= popped) || (fin_at >= 0 && p >= fin_at));
        if ((d->ins[p].handler != hp && !ret_part) || d->ins[p].stack < 0)
            return -1;
    }
    if (!(q < d->count && d->ins[q].op == DP_OP_RETURN_VALUE && (q > k || d->ins[q].handler == h)))
        return -1;
    return past_return_copies(d, k, q + 1, ret_len);
}

/* Whether a jump in [lo, hi) goes to t (the body goes on after a return
 * only where its own code jumps around the return). */
static int jumped_to(dc *d, int lo, int hi, int t)
{
    for (int k = lo; k < hi; k++)
        if (d->ins[k].target == t)
            return 1;
    return 0;
}

/* Whether t is the handler of an instruction in [lo, hi): the handler of a
 * with or try inside, which the code after a return from it lies in. */
static int handles_some(const dc *d, int lo, int hi, int t)
{
    for (int k = lo; k < hi; k++)
        if (d->ins[k].handler == t)
            return 1;
    return 0;
}

/* From k, a return of a constant that leaves the body of a try (the
 * iterators of the loops it leaves popped first): nothing there can raise.
 * The index after it (see return_gap_end), or -1. */
static int const_return_gap(dc *d, int k)
{
    int r = return_gap_end(d, k);
    for (int q = k; q < r; q++)
        if (d->ins[q].op != DP_OP_POP_TOP && d->ins[q].op != DP_OP_LOAD_CONST && d->ins[q].op != DP_OP_RETURN_VALUE)
            return -1;
    return r > k ? r : -1;
}

/* Whether [lo, hi) is code of its own not read yet, no handler in it but
 * those other statements took already (claimed: the walk skips them),
 * that only code in [from, hi) jumps into. */
static int only_entered_from(const dc *d, int lo, int hi, int from)
{
    for (int k = lo; k < hi; k++)
        if (!d->claimed[k] && (d->visits[k] || d->ins[k].op == DP_OP_PUSH_EXC_INFO ||
                               (d->incoming[k] && (d->first_from[k] < from || d->last_from[k] >= hi))))
            return 0;
    return 1;
}

/* Code outside [lo, hi) jumps into it, or it holds code recovered already
 * or a handler (it is no block of plain code of its own).  Jumps to lo
 * from [before, lo), the code that falls into it, are its own end's. */
static int entered_from_outside(const dc *d, int lo, int hi, int before)
{
    int inside = 0, all = 0;
    for (int k = lo; k < hi; k++) {
        if (d->claimed[k] || d->visits[k] || d->ins[k].op == DP_OP_PUSH_EXC_INFO)
            return 1;
        all += d->incoming[k];
        inside += d->ins[k].target >= lo && d->ins[k].target < hi;
    }
    for (int k = before; k < lo && all != inside; k++)
        inside += d->ins[k].target == lo;
    return all != inside;
}

/* t is jumped to, and only from [lo, hi). */
static int reached_only_from(dc *d, int lo, int hi, int t)
{
    int n = 0;
    for (int k = lo; k < hi; k++)
        n += d->ins[k].target == t;
    return n > 0 && n == d->incoming[t];
}

/* 3.11+: whether handler H is a try's except clauses (not a finally
 * block, nor a with's __exit__ call). */
static int except_handler(dc *d, int H)
{
    int lo;
    if (H < 0 || H + 1 >= d->count || d->ins[H].op != DP_OP_PUSH_EXC_INFO ||
        d->ins[H + 1].op == DP_OP_WITH_EXCEPT_START)
        return 0;
    return finally_block(d, H, raw_handler(d, H), &lo) == 0;
}

/* After a return [end - ret_len, end) that ends a finally block's copy
 * begun at `from`: the copies of the return that the copy's own jumps go
 * to (3.11+ copies a small exit block over each jump to it).  The index
 * after them. */
static int past_return_copies(dc *d, int from, int end, int ret_len)
{
    while (d->version >= 310 && end + ret_len <= d->count && same_code(d, end, end - ret_len, ret_len) &&
           d->ins[end].stack == d->ins[end - ret_len].stack && jumped_to(d, from, end - ret_len, end))
        end += ret_len;
    return end;
}

/* The return at q, after the copy of the finally block at `from` that
 * it runs: the copies of it that the copy's own jumps go to (see
 * past_return_copies) are marked recovered and claimed, so that the
 * reading goes on past them once it has read the return. */
static void claim_return_copies(dc *d, int from, int q)
{
    int r = q + (q < d->count && d->ins[q].op == DP_OP_LOAD_CONST);
    if (r >= d->count || d->ins[r].op != DP_OP_RETURN_VALUE)
        return;
    int e = past_return_copies(d, from, r + 1, r + 1 - q);
    mark(d, r + 1, e);
    claim(d, r + 1, e);
}

/* 3.12+: at k, outside the handler H, a copy of the code after the try
 * statement that a branch of the body ends in: a block that returns, with
 * no jump, which an except clause also has right after its POP_EXCEPT (the
 * compiler copies such a small exit block over each jump to it, so the
 * body's `if` falls into the code after the try in every branch).  The
 * index after the copy, or -1. */
static int after_try_copy_end(const dc *d, int k, int H)
{
    int r = -1;
    if (d->version < 312 || H < 0)
        return -1;
    for (int q = k; q < d->count && q < k + 8; q++) {
        const dp_ins *x = &d->ins[q];
        if (x->handler == H || x->target >= 0 || x->stack < 0 || (is_control_op(x->op) && x->op != DP_OP_RETURN_VALUE))
            return -1;
        if (x->op == DP_OP_RETURN_VALUE) {
            r = q + 1;
            break;
        }
    }
    if (r < 0)
        return -1;
    for (int p = H + 1; p + (r - k) <= d->count; p++)
        if (d->ins[p - 1].op == DP_OP_POP_EXCEPT && same_code(d, p, k, r - k))
            return r;
    return -1;
}

/* Whether [lo, hi) calls a with's __exit__ (a return that leaves the
 * with: no copy of the code after a try, which would jump to the call). */
static int calls_exit(const dc *d, int lo, int hi)
{
    for (int q = lo; q < hi; q++)
        if (exit_call_at(d, q))
            return 1;
    return 0;
}

/* Whether r, right after the return at [e, r) that leaves the body
 * [from, ..) of a try, is the handler of a try inside that body whose own
 * body ends in the return (the finally blocks around run first: `try:
 * try: return f() except E: ...`): a value computed there, or a constant
 * returned out of an except clause and a with around it (POP_EXCEPT,
 * then __exit__); any other return of a constant there may be the code
 * after the try. */
static int return_ends_inner_try(dc *d, int from, int e, int r)
{
    if (d->ins[r].op != DP_OP_PUSH_EXC_INFO || r + 1 >= d->count || d->ins[r + 1].op == DP_OP_WITH_EXCEPT_START ||
        !handles_some(d, from, e, r) || d->ins[r - 1].op != DP_OP_RETURN_VALUE)
        return 0;
    /* (a with's body starts by storing or dropping what __enter__
     * returned: its stack is one lower after that; the __exit__ of each
     * with inside the body that the return leaves waits below the value,
     * one call each in [v, r); the first calls, of withs inside the
     * body, may lie under this body's handler, before e) */
    int base = d->ins[from].stack - (from > 0 && d->ins[from - 1].op == DP_OP_BEFORE_WITH), exits = 0, v = e;
    while (v - 6 > from && exit_call_at(d, v - 5) && d->ins[v - 6].op == DP_OP_SWAP && d->ins[v - 6].arg == 2)
        v -= 6;
    for (int q = v; q < r; q++)
        exits += exit_call_at(d, q);
    if (d->ins[v].stack >= base + 1 && d->ins[v].stack - base - 1 <= exits && raw_handler(d, v - 1) == r)
        return 1;
    return e - 1 > from && d->ins[e - 1].op == DP_OP_POP_EXCEPT && calls_exit(d, e, r) && raw_handler(d, e - 2) == r;
}

static int body_end_under(dc *d, int from, int H, int hi, const loopctx *loop)
{
    int e = from, excepts = except_handler(d, H);
    for (;;) {
        /* (dead code inside does not end it, nor does a jump, which cannot
         * raise: the table may leave it out) */
        while (e < hi && (under_eff(d, e, H) || d->ins[e].stack < 0 ||
                          ((d->ins[e].op == DP_N_JUMP || is_pjif(d->ins[e].op)) && e > from && e + 1 < hi &&
                           under_eff(d, e + 1, H))))
            e++;
        /* 3.11: a jump ending one path of the body (`if c: continue` its
         * last statement) right before the try's own jump over its
         * handlers, which the body's test jumps to: neither can raise, the
         * table leaves both out; the body ends at that jump */
        if (d->version == 311 && e > from && e + 2 == H && e + 1 < hi && d->ins[e].op == DP_N_JUMP &&
            d->ins[e + 1].op == DP_N_JUMP && d->ins[e + 1].target > H && !d->claimed[e] && jumped_to(d, from, e, e + 1))
            e++;
        /* 3.13: after a jump that ends one path of the body (to a loop's
         * next round), the return of a constant that only the body jumps
         * to, and past which it jumps too, is the body's (see below) */
        if (e > from && e + 1 < hi && d->ins[e].op == DP_N_JUMP && excepts &&
            reached_only_from(d, from, e, e + 1)) {
            int r1 = const_return_gap(d, e + 1);
            if (r1 > e + 1 && r1 <= hi && jumped_to(d, from, e, r1)) {
                e = r1;
                continue;
            }
        }
        /* (so does a break or continue inside a with; or a break out of
         * a loop, 3.11+: the iterators it leaves popped, then the jump,
         * left out of the table; the body goes on after it, or ends there
         * where the test before it jumps past it) */
        int j = e > from ? exit_jump_at(d, e) : -1;
        if (j > e && j + 1 < hi && under_eff(d, j + 1, H) && jumped_to(d, from, e, j + 1)) {
            e = j + 1;
            continue;
        }
        j = e > from && d->version >= 311 ? break_jump_at(d, e, loop) : -1;
        if (j >= e && j + 1 <= hi && jumped_to(d, from, e, j + 1)) {
            if (j + 1 < hi && under_eff(d, j + 1, H)) {
                e = j + 1;
                continue;
            }
            return j + 1;
        }
        /* A `return` inside the body leaves the handler before it unwinds
         * (calls a with's __exit__, or returns a constant, which cannot
         * raise): the table leaves that out, and the body goes on after it. */
        int r = e > from ? return_gap_end(d, e) : -1;
        int g = e;   /* (past the iterators of the loops it leaves, with the value put below
                      * each, and the finally block's copy) */
        for (int p; r > e && g < r; g = p) {
            p = d->ins[g].op == DP_OP_POP_TOP ? g + 1
                : (d->ins[g].op == DP_OP_SWAP && d->ins[g].arg == 2 && d->ins[g + 1].op == DP_OP_POP_TOP) ? g + 2
                : (d->version >= 311 && d->ins[g].op == DP_OP_SWAP && d->ins[g].arg == 2 &&
                   d->ins[g + 1].op == DP_OP_POP_EXCEPT) ? g + 1   /* (the value, below the exception) */
                : (d->version >= 311 && d->ins[g].op == DP_OP_POP_EXCEPT) ? after_name_cleanup(d, g + 1)   /* (see
                                                                                 * return_gap_end) */
                : past_finally_copy(d, g);
            if (p <= g || p >= r)
                break;
        }
        int cp = e > from && r < 0 ? after_try_copy_end(d, e, H) : -1;
        /* (or, for the return of a value, which the with's normal exit
         * never is, that is the handler of a with inside whose body's
         * last statement the return is: the value went below that
         * with's __exit__ just before e) */
        int value_return = r > e && r >= 2 && d->ins[r - 1].op == DP_OP_RETURN_VALUE &&
                           d->ins[r - 2].op != DP_OP_LOAD_CONST && e - 6 >= from && exit_call_at(d, e - 5) &&
                           d->ins[e - 6].op == DP_OP_SWAP && d->ins[e - 6].arg == 2;
        if (r > e && r < hi && under_eff(d, r, H) &&
            (jumped_to(d, from, e, r) ||
             /* (past the dead cleanup of an except clause's name, where
              * the clause returns: 3.11's `with`, `except E as e: return`) */
             (d->ins[r].stack < 0 && jumped_to(d, from, e, past_dead_ins(d, r))) ||
             /* (3.11+: or past the cleanup handler of the name of the
              * clause the return leaves, `except E as e: ...; return`,
              * which only its exceptions reach) */
             (d->version >= 311 && is_name_cleanup(d, r) && d->ins[r + 3].op == DP_OP_RERAISE &&
              handles_some(d, from, e, r) && r + 4 < hi && jumped_to(d, from, e, r + 4)) ||
             (value_return && r + 1 < d->count && d->ins[r].op == DP_OP_PUSH_EXC_INFO &&
              d->ins[r + 1].op == DP_OP_WITH_EXCEPT_START && handles_some(d, from, e, r)) ||
             return_ends_inner_try(d, from, e, r)))
            e = r;
        else if (cp > e && cp < hi && under_eff(d, cp, H) && jumped_to(d, from, e, cp) &&
                 d->ins[cp].op != DP_OP_RERAISE)
            e = cp;   /* (a branch's copy of the code after the try: see after_try_copy_end; not
                       * where an inner try's clauses end, their RERAISE, which their match jumps to) */
        else if (r > e && r < hi && exit_call_at(d, r) && jumped_to(d, from, e, r))
            return r;   /* the body's last part returns: the block ends */
        else if (r > e && r <= hi && jumped_to(d, from, e, r) &&
                 ((d->ins[g].op == DP_OP_RETURN_VALUE && (r == g + 1 || r == past_return_copies(d, e, g + 1, 1))) ||
                  (d->ins[g].op == DP_OP_LOAD_CONST && d->ins[g + 1].op == DP_OP_RETURN_VALUE && r < d->count &&
                   d->ins[r].op != DP_OP_PUSH_EXC_INFO && !same_code(d, r, g, 2)))) {
            /* `if c: f() else: return 1` ends the body: the return after
             * the other path's (a copy of the code after the try) is the
             * body's own when only the body jumps to it and the body also
             * jumps past it.  It returns a constant, which cannot raise, so
             * the try's except clauses never see it; not so a finally block
             * or a with, which would run before it. */
            int r2 = r < hi && excepts ? const_return_gap(d, r) : -1;
            if (r2 > r && r2 <= hi && reached_only_from(d, from, e, r) &&
                (jumped_to(d, from, e, r2) || r2 == H)) {
                e = r2;
                continue;
            }
            return r;   /* `if c: return x` ends the body, whose other path leaves the try
                         * (a return right before the handler, or one the other path
                         * copies, is the code after the try) */
        } else {
            break;
        }
    }
    while (e > from && d->ins[e - 1].stack < 0)
        e--;
    return e;
}

/* Code [a, a+n) is a copy of [b, b+n): the same instructions, jumps to the
 * same relative places. */
static int same_code(const dc *d, int a, int b, int n)
{
    if (n < 0 || a + n > d->count || b + n > d->count)
        return 0;
    for (int k = 0; k < n; k++) {
        const dp_ins *x = &d->ins[a + k], *y = &d->ins[b + k];
        /* (jump targets are not compared: the compiler threads the copy's
         * jumps to its end on to where that goes; <= 3.10's argument is
         * the absolute target) */
        int is_jump = x->target >= 0 && y->target >= 0;
        /* (3.12's YIELD_VALUE argument is the exception block depth, one
         * more in the handler's copy of a finally block than in the
         * normal path's) */
        int depth_arg = d->version == 312 && x->op == DP_OP_YIELD_VALUE;
        if (x->op != y->op || (x->arg != y->arg && !is_jump && !depth_arg) || x->name != y->name)
            return 0;
        if (x->obj != y->obj && !(x->obj && y->obj && x->obj->kind == y->obj->kind &&
                                  (x->obj->kind == DP_OBJ_NONE || x->obj->kind == DP_OBJ_TRUE ||
                                   x->obj->kind == DP_OBJ_FALSE)))
            return 0;
        if ((x->target >= 0) != (y->target >= 0))
            return 0;
    }
    return 1;
}

/* The end of the exit block at k (code up to a RETURN_VALUE, no jumps,
 * the most the compiler copies over a jump to it, counted in the
 * interpreter's instructions: a LOAD_GLOBAL that pushes NULL or a
 * RETURN_CONST is two of ours), or -1. */
static int exit_block_end(const dc *d, int k)
{
    int real = 0;
    for (int m = k; m < d->count && m < k + 8; m++) {
        real += m == k || d->ins[m].offset != d->ins[m - 1].offset;
        if (real > 5)
            return -1;
        if (d->ins[m].op == DP_OP_RETURN_VALUE)
            return m + 1;
        if (d->ins[m].target >= 0)
            return -1;
    }
    return -1;
}

/* 3.11+: where the handlers of a try statement inside the finally block
 * [lo, end) begin, when they begin inside it (they follow the block's own
 * code, up to its last RERAISE 0, which an except clause there falls
 * into); else end. */
static int finally_own_end(dc *d, int lo, int end)
{
    int nested = end;
    if (d->version < 311)
        return end;
    for (int q = lo; q < end; q++) {
        int h = raw_handler(d, q);
        if (h > q && h >= lo && h < nested)
            nested = h;
    }
    return nested;
}

/* 3.12+: the end of the handler at h of a with or try inside a finally
 * block [lo, ..), placed in the middle of the block (inside a loop there:
 * before the loop's end), where the normal path's copy of the block puts
 * its own copy after the copy: past the handler's cleanup `COPY 3;
 * POP_EXCEPT; RERAISE 1`; else h. */
static int mid_block_handler_end(const dc *d, int lo, int h)
{
    if (d->version < 312 || h <= lo || d->ins[h].op != DP_OP_PUSH_EXC_INFO || !handles_some(d, lo, h, h))
        return h;
    int c = raw_handler((dc *)d, h);
    if (c <= h || c + 2 >= d->count || d->ins[c].op != DP_OP_COPY || d->ins[c + 1].op != DP_OP_POP_EXCEPT ||
        d->ins[c + 2].op != DP_OP_RERAISE || d->ins[c + 2].arg != 1)
        return h;
    return c + 3;
}

static int pops_except_blocks(const dc *d, int c);

/* 3.9, 3.10: the same for `[ROT_FOUR;] POP_TOP; POP_TOP; POP_TOP;
 * [ROT_FOUR;] POP_EXCEPT`, which drops the exception and restores the one
 * before it. */
static int finally_unwind_len_310(const dc *d, int k)
{
    int value = k < d->count && d->ins[k].op == DP_OP_ROT_FOUR, q = k + value;
    if (q + 4 >= d->count || d->ins[q].op != DP_OP_POP_TOP || d->ins[q + 1].op != DP_OP_POP_TOP ||
        d->ins[q + 2].op != DP_OP_POP_TOP)
        return 0;
    q += 3;
    if (value && d->ins[q++].op != DP_OP_ROT_FOUR)
        return 0;
    /* (3.10: the return leaves the try statements with except clauses
     * around the block's try statement too, right before it: their
     * POP_BLOCKs) */
    int p = d->bstack ? pops_except_blocks(d, q + 1) : q + 1;
    int r = p + (!value && p < d->count && d->ins[p].op == DP_OP_LOAD_CONST);
    if (d->ins[q].op != DP_OP_POP_EXCEPT || r >= d->count || d->ins[r].op != DP_OP_RETURN_VALUE)
        return 0;
    return q + 1 - k;
}

/* 3.11+: the length of what a return inside the finally block's handler
 * at k runs to leave it, `[SWAP 2;] POP_TOP; [SWAP 2;] POP_EXCEPT`, right
 * before the return (see finally_return_unwind); else 0. */
static int finally_unwind_len(const dc *d, int k)
{
    if (d->version == 309 || d->version == 310)
        return finally_unwind_len_310(d, k);
    int value = k + 3 < d->count && d->ins[k].op == DP_OP_SWAP && d->ins[k].arg == 2 &&
                d->ins[k + 2].op == DP_OP_SWAP && d->ins[k + 2].arg == 2;
    int q = k + 2 * value, r = q + 2 + (!value && q + 2 < d->count && d->ins[q + 2].op == DP_OP_LOAD_CONST);
    if (d->version < 311 || r >= d->count || d->ins[k + value].op != DP_OP_POP_TOP ||
        d->ins[q + 1].op != DP_OP_POP_EXCEPT || d->ins[r].op != DP_OP_RETURN_VALUE)
        return 0;
    return q + 2 - k;
}

/* 3.10: whether k is a POP_BLOCK that unshare_try_exits_310 made a jump
 * to the POP_BLOCK that ends the same try body's last path. */
static int unshared_pop_block_310(const dc *d, int k)
{
    const dp_ins *x = &d->ins[k];
    return x->op == DP_N_JUMP && (x->flag & DP_FLAG_MADE_JUMP) && x->target > k && x->target < d->count &&
           d->ins[x->target].op == DP_OP_POP_BLOCK;
}

/* The length of the copy at `at` of the finally block [lo, lo+len), or -1.
 * The block's own jumps to its RERAISE (see unshare_finally_exits) go to
 * the code after the copy: a last one falls into it, and the others are
 * jumps, or copies of that code where it is a return. */
static int finally_copy_len(dc *d, int at, int lo, int len)
{
    int end = lo + len, n = at, exit_lo = -1, exit_len = 0, tail_lo = -1, tail_len = 0;
    /* (the copy holds the block's own code: where a try statement's
     * handlers come before the block's last RERAISE 0, up to them, the
     * last of that code a jump to the RERAISE, whose copy is the code
     * after the copy itself) */
    int own_end = finally_own_end(d, lo, end);
    int handlers_inside = own_end < end && own_end > lo && d->ins[own_end - 1].op == DP_N_JUMP &&
                          d->ins[own_end - 1].target == end;
    if (len > 1 && d->ins[end - 1].op == DP_N_JUMP && d->ins[end - 1].target == end)
        end--;
    if (!handlers_inside)
        own_end = end;
    for (int h = lo; h < own_end; h++) {
        if (n >= d->count)
            return -1;
        int skip = mid_block_handler_end(d, lo, h);
        if (skip > h && skip <= own_end) {   /* (compared by claim_copy_handlers) */
            h = skip - 1;
            continue;
        }
        /* (3.12+: an await's CLEANUP_THROW, which a copy that ends in an
         * exit block places after it, with a jump back to the END_SEND) */
        if (d->ins[h].op == DP_OP_CLEANUP_THROW && h + 1 < own_end && d->ins[h + 1].op == DP_OP_END_SEND &&
            d->ins[n].op == DP_OP_END_SEND)
            continue;
        /* (a return inside leaves the handler first; the copy runs with
         * no exception to drop) */
        int unwind = finally_unwind_len(d, h);
        if (unwind > 0 && !same_code(d, n, h, 1)) {
            h += unwind - 1;
            continue;
        }
        /* (3.10: the block's last code, a small exit block with its
         * RERAISE, copied over each jump to it in the handler, where the
         * copy, whose own end is no such block, jumps to one place that
         * runs it: `finally: try: ... except E: ...` then `x = 1`) */
        int tx = h;
        while (d->version == 310 && tx < lo + len && tx < h + 8 && d->ins[tx].target < 0 && d->ins[tx].op != DP_OP_RERAISE &&
               !is_control_op(d->ins[tx].op))
            tx++;
        if (d->version == 310 && tx > h && d->ins[n].op == DP_N_JUMP && d->ins[n].target > n &&
            (tx == lo + len || (d->ins[tx].op == DP_N_JUMP && (d->ins[tx].flag & DP_FLAG_MADE_JUMP) &&
                                d->ins[tx].target == lo + len)) &&
            (tail_lo < 0 || (tail_lo == d->ins[n].target && tail_len == tx - h)) &&
            same_code(d, d->ins[n].target, h, tx - h)) {
            tail_lo = d->ins[n].target;
            tail_len = tx - h;
            n++;
            h = tx;
            continue;
        }
        if (d->ins[h].op == DP_N_JUMP && d->ins[h].target == lo + len && d->ins[n].op != DP_N_JUMP) {
            int x = exit_block_end(d, n);
            if (x < 0 || (exit_lo >= 0 && (x - n != exit_len || !same_code(d, n, exit_lo, exit_len))))
                return -1;
            exit_lo = n;
            exit_len = x - n;
            n = x;
            continue;
        }
        /* (3.10: a path out of a try statement inside, its POP_BLOCK made
         * a jump to the last one's in one copy and not in the other, see
         * unshare_try_exits_310: the copy of what follows is still there) */
        if (d->version == 310 && unshared_pop_block_310(d, h) != unshared_pop_block_310(d, n) &&
            (d->ins[h].op == DP_OP_POP_BLOCK || d->ins[n].op == DP_OP_POP_BLOCK)) {
            n++;
            continue;
        }
        if (!same_code(d, n, h, 1))
            return -1;
        n++;
    }
    if (tail_lo >= 0) {
        /* (the copy's last path falls into that code, or jumps to it past
         * the no-match RERAISE of a try statement inside, see
         * drop_copied_nomatch_310: the copy ends after it) */
        if (handlers_inside || exit_lo >= 0 ||
            !(tail_lo + tail_len == n || tail_lo == n || (tail_lo == n + 1 && d->ins[n].op == DP_OP_RERAISE)))
            return -1;
        return tail_lo + tail_len - at;
    }
    if (handlers_inside)
        return exit_lo >= 0 && exit_lo == n - exit_len ? exit_lo - at : -1;
    if (exit_lo >= 0 && !same_code(d, n, exit_lo, exit_len))
        return -1;   /* the copied return is not the code after the copy */
    return n - at;
}

static void claim(dc *d, int lo, int hi)
{
    for (int k = lo; k < hi && k < d->count; k++)
        d->claimed[k] = 1;
}

/* Undoes claim(): for code hidden from a reading only while it runs. */
static void unclaim(dc *d, int lo, int hi)
{
    for (int k = lo; k < hi && k < d->count; k++)
        d->claimed[k] = 0;
}

static int push_exc(dc *d, stk *st, int n)
{
    for (int k = 0; k < n; k++)
        TRY(push_kind(d, st, V_EXC));
    return 0;
}

static int handler_list_append(dc *d, dp_handler_list *l, dp_excepthandler *h)
{
    dp_excepthandler **n = dp_arena_grow(d->arena, l->items, l->count * sizeof *n, (l->count + 1) * sizeof *n);
    if (!n || !h)
        return -1;
    n[l->count++] = h;
    l->items = n;
    return 0;
}

static int after_clause_cleanup_38(const dc *d, int k);

/* After an except clause's POP_EXCEPT at k - 1: past its name's cleanup. */
static int after_clause_end(const dc *d, int k)
{
    return d->version < 311 ? after_clause_cleanup_38(d, k) : after_name_cleanup(d, k);
}

/* From the POP_EXCEPT at k, the POP_EXCEPTs (and name cleanups) of the
 * except clauses around, then LOAD_CONST; RETURN_VALUE:
 * the index of that LOAD_CONST, or -1. */
static int nested_clause_return(const dc *d, int k)
{
    int q = k;
    for (int guard = 0; guard < 16 && q < d->count && d->ins[q].op == DP_OP_POP_EXCEPT; guard++)
        q = after_clause_end(d, q + 1);
    if (q > k && d->version < 311 && q < d->count && d->ins[q].op == DP_OP_POP_BLOCK) {
        /* (<= 3.10: then the blocks around those clauses, a with's or a
         * try's, that the return leaves too) */
        int value = 0, e;   /* (the end of the return, its LOAD_CONST; RETURN_VALUE included) */
        if (d->version < 309)
            e = unwind_38(d, q, &value);
        else
            e = past_block_exits(d, q) > q ? past_block_exits(d, q) + 2 : -1;
        if (e > q + 2 && e <= d->count && !value && d->ins[e - 1].op == DP_OP_RETURN_VALUE)
            q = e - 2;
    }
    if (q > k && q + 1 < d->count && d->ins[q].op == DP_OP_LOAD_CONST && d->ins[q + 1].op == DP_OP_RETURN_VALUE)
        return q;
    return -1;
}

/* That return (see nested_clause_return) from k, pushed on body: the
 * index after it. */
static int nested_clause_return_stmt(dc *d, int k, slist *body)
{
    int q = nested_clause_return(d, k);
    dp_stmt *ret = mk_stmt(d, DP_S_RETURN);
    if (!ret)
        return -1;
    ret->u.ret.value = e_const(d, d->ins[q].obj);
    mark(d, k, q + 2);
    TRY(sl_push(d, body, ret));
    return q + 2;
}


/* `return None` at k (LOAD_CONST None; RETURN_VALUE). */
static int is_none_return_at(const dc *d, int k)
{
    return k + 1 < d->count && d->ins[k].op == DP_OP_LOAD_CONST && d->ins[k].obj->kind == DP_OBJ_NONE &&
           d->ins[k + 1].op == DP_OP_RETURN_VALUE;
}

/* 3.11+: whether another copy of the finally block being read (not the
 * one at q, of n instructions) goes on with code that neither returns nor
 * jumps: the try's normal path, which then is no `return None` that the
 * copy at q could be an inlined duplicate of. */
static int normal_path_goes_on(dc *d, int q, int n)
{
    int lo = d->fin.block[0].lo, len = d->fin.block[0].len;
    if (len <= 0)
        return 0;
    for (int p = 0; p + n < d->count; p++) {
        if (p == q || p == lo || finally_copy_len(d, p, lo, len) != n)
            continue;
        int e = p + n;
        /* (3.11: the normal path jumps over the handlers to the code
         * after the statement: where that goes on, so does the path) */
        if (d->version == 311 && d->ins[e].op == DP_N_JUMP && d->ins[e].target > e && d->ins[e].stack >= 0)
            e = d->ins[e].target;
        uint16_t op = d->ins[e].op;
        int r = e + (op == DP_OP_LOAD_CONST);
        if (op != DP_N_JUMP && !(r < d->count && d->ins[r].op == DP_OP_RETURN_VALUE) && d->ins[e].stack >= 0)
            return 1;
    }
    return 0;
}

/* <= 3.10: from q, a returned value leaving the except clause around it:
 * ROT_FOUR (the value goes below the clause's three exception values) and
 * POP_EXCEPT, with a named clause's POP_BLOCK (its cleanup's block) between
 * them (3.8) or before them (3.9, 3.10), then that cleanup.  The index
 * after it all, or -1. */
static int valued_clause_exit_310(const dc *d, int q)
{
    int named = q < d->count && d->ins[q].op == DP_OP_POP_BLOCK;
    q += named;
    if (q >= d->count || d->ins[q].op != DP_OP_ROT_FOUR)
        return -1;
    q++;
    if (!named && q < d->count && d->ins[q].op == DP_OP_POP_BLOCK)
        q++, named = 1;
    if (q >= d->count || d->ins[q].op != DP_OP_POP_EXCEPT)
        return -1;
    int after = after_clause_cleanup_38(d, q + 1);
    if (named && after == q + 1)
        return -1;   /* (the block was no name's cleanup) */
    return after;
}

/* <= 3.10: at q, a return leaving a with block: POP_BLOCK, ROT_TWO where a
 * value waits, then 3.9/3.10's __exit__(None, None, None) call or 3.8's
 * BEGIN_FINALLY ... POP_FINALLY 0.  Its length, else 0. */
static int with_exit_old_len(const dc *d, int q, int has_value)
{
    static const uint16_t exit_38[] = {DP_OP_BEGIN_FINALLY, DP_OP_WITH_CLEANUP_START, DP_OP_WITH_CLEANUP_FINISH,
                                       DP_OP_POP_FINALLY};
    if (q + 1 >= d->count || d->ins[q].op != DP_OP_POP_BLOCK)
        return 0;
    int p = q + 1 + (has_value && d->ins[q + 1].op == DP_OP_ROT_TWO);
    if (d->version >= 309)
        return exit_call_310(d, p) ? p + 5 - q : 0;
    for (int m = 0; m < 4; m++)
        if (p + m >= d->count || d->ins[p + m].op != exit_38[m])
            return 0;
    return d->ins[p + 3].arg == 0 ? p + 4 - q : 0;
}

/* From q, what a return runs as it leaves the with statements and for
 * loops around it: each with's __exit__(None, None, None) (3.11+) and each
 * loop's iterator dropped; a returned value waits on top, swapped below
 * each __exit__ and each iterator first.  The index after all of it. */
static int after_return_unwind(const dc *d, int q, int has_value);
static int pops_except_blocks(const dc *d, int c);
static int popped_finally_copy_310(dc *d, int q);

/* <= 3.10: from k, a `return constant` that leaves at least one block (a
 * with's __exit__ call, a try's POP_BLOCK; see after_return_unwind): past
 * its RETURN_VALUE, else -1. */
static int return_leaving_blocks(const dc *d, int k)
{
    int q = after_return_unwind(d, k, 0), blocks = 0;
    for (int p = k; p < q; p++)
        blocks |= d->ins[p].op == DP_OP_POP_BLOCK;
    return blocks && q + 1 < d->count && d->ins[q].op == DP_OP_LOAD_CONST && d->ins[q + 1].op == DP_OP_RETURN_VALUE
               ? q + 2 : -1;
}

/* <= 3.10: what leaving a try/finally from q runs: its POP_BLOCK, then
 * (3.9, 3.10) the finally block's copy or (3.8) CALL_FINALLY.  Its length,
 * 0 where q leaves no try/finally. */
static int finally_left_len(const dc *d, int q)
{
    if (d->version >= 311 || q + 1 >= d->count || d->ins[q].op != DP_OP_POP_BLOCK)
        return 0;
    if (d->version < 309)
        return d->ins[q + 1].op == DP_OP_CALL_FINALLY ? 2 : 0;
    int copy = popped_finally_copy_310((dc *)d, q);
    return copy > 0 ? 1 + copy : 0;
}

static int after_return_unwind(const dc *d, int q, int has_value)
{
    int first_clause = -1;   /* where the first except clause around it is left */
    int exit_after = 0;      /* a with's __exit__ called after that: a return's own */
    for (int guard = 0; guard < 16 && q < d->count; guard++) {
        int swap = q + 1 < d->count &&
                   ((d->ins[q].op == DP_OP_SWAP && d->ins[q].arg == 2) || d->ins[q].op == DP_OP_ROT_TWO);
        int exit_len = exit_call_at(d, q) ? 5 : d->version < 311 ? with_exit_old_len(d, q, has_value) : 0;
        if (exit_len > 0) {
            exit_after |= first_clause >= 0;
            q += exit_len;
        } else if (has_value && swap && exit_call_at(d, q + 1))
            q += 6;
        else if (!has_value && d->ins[q].op == DP_OP_POP_TOP)
            q++;
        else if (has_value && swap && d->ins[q + 1].op == DP_OP_POP_TOP)
            q += 2;
        else if (d->version >= 311 && !d->incoming[q] && past_finally_copy((dc *)d, q) > q &&
                 (has_value || !is_none_return_at(d, past_finally_copy((dc *)d, q)) ||
                  normal_path_goes_on((dc *)d, q, past_finally_copy((dc *)d, q) - q)))
            q = past_finally_copy((dc *)d, q);   /* (3.11+: its own copy of the finally block it leaves;
                                                  * `return None` is left to the clause's end, below,
                                                  * but where the try's normal path goes on with other code) */
        else if (!has_value && d->ins[q].op == DP_OP_POP_EXCEPT && d->body_kind == BODY_FUNCTION) {
            if (first_clause < 0)
                first_clause = q;
            q = after_clause_end(d, q + 1);   /* (the except clause around it) */
        } else if (has_value && d->version >= 311 && q + 1 < d->count && d->ins[q + 1].op == DP_OP_POP_EXCEPT &&
                   swap && d->ins[q].op == DP_OP_SWAP)
            q = after_clause_end(d, q + 2);
        else if (has_value && d->version < 311 && valued_clause_exit_310(d, q) > q)
            q = valued_clause_exit_310(d, q);
        else if (d->version < 311 && pops_except_blocks(d, q) > q)
            q = pops_except_blocks(d, q);   /* (the try statements with except clauses around it) */
        else if (finally_left_len(d, q) > 0)
            q += finally_left_len(d, q);   /* (a try/finally's) */
        else
            break;
    }
    /* (`return None` out of nested clauses reads the same as the clauses'
     * end with the function's: left to the clauses; not where it calls a
     * with's __exit__ on its way, which the clauses' end would share) */
    if (first_clause >= 0 && !exit_after &&
        !(q < d->count && d->ins[q].op == DP_OP_LOAD_CONST && d->ins[q].obj->kind != DP_OBJ_NONE))
        return first_clause;
    return q;
}

/* An except clause that ends at `end`, falling into (or, with `jumped`,
 * jumping to) straight code that nothing else reaches, inside a while loop
 * whose exit has no code of its own (nothing in the loop falls into it or
 * jumps there): that code is the code after the loop, which the compiler
 * copied to a `break` there or placed after the handlers.  It ends in a
 * return or raise, or jumps back to where the loop would go on.  Reads it
 * for the loop (see while_parts) and ends the clause's body in `break`;
 * 1 when so. */
static int break_into_loop_tail(dc *d, const loopctx *loop, int end, int jumped, const stk *st, slist *clause,
                                int handler)
{
    if (!loop || loop->is_for || !loop->tail || end < 0 || end >= d->count || loop->head < 0 ||
        loop->head >= d->count)
        return 0;
    if (loop->tail->n) {
        /* (taken already, from another break's copy: this one repeats it) */
        int first = d->tail_copy ? d->tail_copy[loop->head] - 1 : -1, stop = straight_exit_end(d, end);
        if (first < 0 || stop <= end || d->incoming[end] != jumped || d->claimed[end] || d->visits[end] ||
            !same_code(d, end, first, stop - end) || straight_exit_end(d, first) != first + (stop - end))
            return 0;
        mark(d, end, stop);   /* (the first copy, claimed, is the one read) */
        claim(d, end, stop);
        d->tail_end = stop;
        TRY(sl_push(d, clause, mk_stmt(d, DP_S_BREAK)));
        return 1;
    }
    int b = loop->brk;
    if (b <= loop->head || (b < d->count && b > 0 && !ends_block(d->ins[b - 1].op)))
        return 0;
    for (int q = loop->head; q < b && q < d->count; q++)
        if (d->ins[q].target == b)
            return 0;
    if (d->incoming[end] != jumped || d->claimed[end] || d->visits[end] || exit_call_at(d, end))
        return 0;   /* (nor the end of a with around the loop) */
    /* (straight code up to a return or raise, or a jump to b, where the
     * loop would have gone on) */
    int stop = -1, rejoin = 0;
    for (int q = end; q < d->count && q < end + 256 && stop < 0; q++) {
        const dp_ins *x = &d->ins[q];
        if (x->stack < 0 || d->claimed[q] || d->visits[q] || (q > end && d->incoming[q]))
            return 0;
        /* (3.11+: under the handler the try statement is under, not a
         * try statement of the loop's body that goes on after this one) */
        if (d->version >= 311 && eff_handler(d, q) != handler)
            return 0;
        if (x->op == DP_OP_RETURN_VALUE || x->op == DP_OP_RAISE_VARARGS)
            stop = q + 1;
        else if (x->op == DP_N_JUMP && x->target == b)
            stop = q, rejoin = 1;
        else if (x->target >= 0 || is_control_op(x->op))
            return 0;
    }
    if (stop <= end)
        return 0;
    stk tst;
    TRY(stk_copy(d, st, &tst));
    int saved_handler = d->cur_handler;
    d->cur_handler = handler;   /* (the code after the loop is outside the try being read) */
    int r = run_sub(d, end, stop, rejoin ? b : stop, NULL, &tst, loop->tail, NULL);
    d->cur_handler = saved_handler;
    TRY(r);
    claim(d, end, stop + rejoin);   /* (the walk after the loop skips it) */
    if (rejoin)
        mark(d, stop, stop + 1);
    else if (!ends_flow(d, loop->tail))
        return fail(d, end, "a loop's exit copied into an except clause, of unknown extent");
    if (!loop->tail->n)   /* (the loop tells a taken tail by its statements) */
        return fail(d, end, "a loop's exit copied into an except clause that reads as nothing");
    if (!d->tail_copy && !(d->tail_copy = dp_arena_array(d->arena, (size_t)d->count + 1, sizeof *d->tail_copy)))
        return -1;
    d->tail_copy[loop->head] = end + 1;
    d->tail_end = stop + rejoin;
    TRY(sl_push(d, clause, mk_stmt(d, DP_S_BREAK)));
    return 1;
}

/* 3.10+: from a for loop's exit x, its else block, straight code, up to
 * the except clause's end (POP_EXCEPT) that the clause's code at `copy`
 * copies, where a `break` goes: that end, else -1. */
static int else_then_clause_end(const dc *d, int x, int copy)
{
    for (int q = x; q < d->count && q < x + 64; q++) {
        if (d->ins[q].op == DP_OP_POP_EXCEPT)
            return q > x && same_exit(d, copy, q) > 0 ? q : -1;
        if (d->ins[q].target >= 0 || ends_block(d->ins[q].op) || (q > x && d->incoming[q]))
            return -1;
    }
    return -1;
}

/* 3.10+: from a for loop's exit x, its else block (code that nothing
 * outside it enters, and whose jumps go no further than its end), up to
 * the exit block (a return or raise, not of a constant) it falls into,
 * which the code at `copy`, after the iterator's POP_TOP, copies: a
 * break's copy of the code after the loop (a return's value would come
 * before that POP_TOP).  That exit block, else -1. */
static int else_then_exit(const dc *d, int x, int copy)
{
    int n = exit_len(d, copy), far = x;
    if (n <= 0 || returns_constant(d, copy, n) || d->ins[copy + n - 1].op == DP_N_JUMP)
        return -1;
    for (int q = x; q < d->count && q < x + 1024; q++) {
        if (q > x && q >= far && d->ins[q].stack == d->ins[x].stack &&
            (!ends_block(d->ins[q - 1].op) || (d->incoming[q] && d->first_from[q] >= x)) &&
            same_exit(d, copy, q) == n)
            return q;
        if (q > x && d->incoming[q] && d->first_from[q] < x)
            return -1;   /* (entered from outside the else block) */
        int t = d->ins[q].target;
        if (t >= 0 && t < x)
            return -1;   /* (out of the else block: no fall into the exit) */
        if (t > far)
            far = t;
        if (ends_block(d->ins[q].op) && far <= q)
            return -1;   /* (the else block ends here, in no exit block) */
    }
    return -1;
}

/* 3.10+: a for loop in an except clause whose `break`s have no jump (the
 * iterator's POP_TOP, then a copy of the clause's end, POP_EXCEPT and the
 * code after the try): where its else block at x runs on to that end, the
 * breaks go there; else x. */
static int break_copy_past_else(const dc *d, int lo, int b, int x)
{
    for (int q = lo + 1; d->version >= 310 && q < b; q++) {
        /* (the iterator's: at the loop's own depth, in no block the body
         * opens, as the break left them) */
        if (d->ins[q - 1].op != DP_OP_POP_TOP || d->ins[q - 1].stack != d->ins[lo - 1].stack ||
            (d->version < 311 ? d->bstack[q - 1] != d->bstack[lo] : d->ins[q - 1].handler != d->ins[lo].handler))
            continue;
        int end = d->ins[q].op == DP_OP_POP_EXCEPT ? else_then_clause_end(d, x, q) : else_then_exit(d, x, q);
        if (end > x)
            return end;
    }
    return x;
}

/* 3.13: an except clause from lo whose only normal end, at ce (POP_EXCEPT,
 * then a jump out of the clause), follows a `break` of a for loop at *f,
 * the iterator's POP_TOP: the loop's else block, from its exit past ce,
 * cannot complete (3.12 jumps from the break past it, to that end):
 *   f: FOR_ITER x; ...; POP_TOP; ce: POP_EXCEPT; [cleanup] JUMP j; ...;
 *   x: straight code; return, raise, or the clause's continue or break
 * (the POP_TOP at the depth of f: the iterator's)
 * The end of that else block (the clause's end), else -1. */
static int clause_loop_exit(const dc *d, int k, const loopctx *loop, int *is_break, int *copy_at);

static int clause_break_end(dc *d, int lo, int ce, int X, const loopctx *loop, int *f, int *len)
{
    if (d->version < 313 || ce < lo + 2 || ce + 1 >= d->count || d->ins[ce].op != DP_OP_POP_EXCEPT ||
        d->ins[ce - 1].op != DP_OP_POP_TOP || d->claimed[ce] || d->visits[ce])
        return -1;
    int j = after_name_cleanup(d, ce + 1);   /* (a named clause's) */
    if (j >= d->count || d->ins[j].op != DP_N_JUMP)
        return -1;
    for (int q = ce + 1; q <= j; q++)
        if (d->incoming[q] || d->claimed[q] || d->visits[q])
            return -1;
    *len = j + 1 - ce;
    for (int k = lo; k < ce - 1; k++) {
        int x = d->ins[k].target;
        if (d->ins[k].op != DP_OP_FOR_ITER || x <= ce || x >= d->count || d->ins[k].stack != d->ins[ce - 1].stack ||
            d->incoming[x] != 1)
            continue;
        for (int q = x; q < d->count && q < x + 64; q++) {
            int re = clause_return_end(d, q), isb, ca;
            if (re > q) {
                *f = k;
                return re;
            }
            /* (or `continue` or `break` of the loop around the clause) */
            re = clause_loop_exit(d, q, loop, &isb, &ca);
            if (re > q && ca < 0) {
                *f = k;
                return re;
            }
            if (d->ins[q].op == DP_OP_RAISE_VARARGS && under_raw(d, q, X)) {
                *f = k;
                return q + 1;
            }
            if (!under_raw(d, q, X) || d->ins[q].target >= 0 || ends_block(d->ins[q].op) ||
                (q > x && d->incoming[q]))
                return -1;
        }
        return -1;
    }
    return -1;
}

/* 3.10+: the exit t > ce of a for loop in [lo, ce) whose code (an except
 * clause's end) the code at ce copies; else -1. */
static int for_exit_copied(const dc *d, int lo, int ce)
{
    for (int k = lo; k < ce; k++) {
        int t = d->ins[k].target;
        if (d->ins[k].op == DP_OP_FOR_ITER && t > ce && t < d->count &&
            ((d->ins[t].op == DP_OP_POP_EXCEPT && same_exit(d, ce, t) > 0) ||
             else_then_clause_end(d, t, ce) > t))
            return t;
    }
    return -1;
}

/* The end of an except clause after its body:
 *   [SWAP 2] POP_EXCEPT [LOAD_CONST None; STORE e; DELETE e] [SWAP 2; POP_TOP]
 * then JUMP t, RETURN_VALUE, or LOAD_CONST c; RETURN_VALUE (after the
 * unwinding of withs and loops the return leaves), or (when the
 * try body cannot complete, the compiler puts the code after the try
 * right here) the next statement.
 * Returns the index after it; *jump_to the JUMP's target, or where the
 * clause falls through to; -1 if neither. */
static int clause_tail(dc *d, int k, const char *name, dp_expr *pending, slist *body, int *jump_to)
{
    int saw_pop_except = 0, cleaned = 0;
    *jump_to = -1;
    for (;;) {
        if (k >= d->count)
            return fail(d, k, "an except clause runs off the end");
        const dp_ins *x = &d->ins[k];
        if (x->op == DP_OP_SWAP && x->arg == 2 && pending && !saw_pop_except) {
            mark(d, k, k + 1);
            k++;
        } else if (x->op == DP_OP_POP_EXCEPT && !saw_pop_except) {
            saw_pop_except = 1;
            mark(d, k, k + 1);
            k++;
        } else if (name && x->op == DP_OP_LOAD_CONST && x->obj->kind == DP_OBJ_NONE && k + 2 < d->count &&
                   is_name_store(d->ins[k + 1].op) && d->ins[k + 1].name == name &&
                   d->ins[k + 2].name == name && saw_pop_except) {
            mark(d, k, k + 3);
            k += 3;
            name = NULL;
            cleaned = 1;
        } else if (x->op == DP_OP_POP_TOP && pending && saw_pop_except) {
            mark(d, k, k + 1);
            k++;
        } else {
            break;
        }
    }
    if (!saw_pop_except)
        return fail(d, k, "an except clause without POP_EXCEPT");
    /* a return from the clause leaves the with statements and for loops
     * around the try first */
    int q = after_return_unwind(d, k, pending != NULL);
    if (q > k && q + 1 < d->count &&
        ((pending && d->ins[q].op == DP_OP_RETURN_VALUE) ||
         (!pending && d->ins[q].op == DP_OP_LOAD_CONST && d->ins[q + 1].op == DP_OP_RETURN_VALUE))) {
        mark(d, k, q);
        k = q;
    }
    const dp_ins *x = &d->ins[k];
    dp_stmt *ret;
    if (x->op == DP_N_JUMP && !pending) {
        mark(d, k, k + 1);
        *jump_to = x->target;
        return k + 1;
    }
    if (x->op == DP_OP_RETURN_VALUE && pending) {
        mark(d, k, k + 1);
        ret = mk_stmt(d, DP_S_RETURN);
        if (!ret)
            return -1;
        ret->u.ret.value = pending;
        TRY(sl_push(d, body, ret));
        return k + 1;
    }
    if (x->op == DP_OP_LOAD_CONST && !pending && k + 1 < d->count && d->ins[k + 1].op == DP_OP_RETURN_VALUE) {
        mark(d, k, k + 2);
        ret = mk_stmt(d, DP_S_RETURN);
        if (!ret)
            return -1;
        ret->u.ret.value = e_const(d, x->obj);
        TRY(sl_push(d, body, ret));
        return k + 2;
    }
    /* (a continue or break that leaves the with statements around the
     * try: each __exit__ called, a break's iterator dropped, then the
     * jump) */
    int xj = !pending && exit_call_at(d, k) ? exit_jump_at(d, k) : -1;
    if (xj > k && xj < d->count && d->ins[xj].op == DP_N_JUMP) {
        mark(d, k, xj + 1);
        *jump_to = d->ins[xj].target;
        return xj + 1;
    }
    /* (the code after the try, placed right after the clause; never a
     * with's __exit__ call, which only a return or jump out of the with
     * makes there) */
    if (!pending && d->normal[k] && !d->visits[k] && x->stack >= 0 &&
        (d->ins[k - 1].op == DP_OP_POP_EXCEPT || cleaned) && !exit_call_at(d, k)) {
        *jump_to = k;
        return k;
    }
    return fail(d, k, "an except clause ends unusually");
}

/* The end of the code after a try placed apart (see continuation) from cont: the first return, raise or jump to
 * where the block goes on (the loop's head or exit, or the block's
 * follow) that nothing before it jumps past, or -1.  (The handlers of a
 * try statement in it, which only exceptions reach, lie inside.) */
static int apart_end(dc *d, int cont, const region *rg, int rest)
{
    int reach = cont;
    for (int q = cont; q < d->count; q++) {
        const dp_ins *x = &d->ins[q];
        if (!d->normal[q] && q < reach && x->stack >= 0 && !d->visits[q] && !d->claimed[q])
            continue;
        if (!d->normal[q] || d->visits[q] || d->claimed[q] || x->stack < 0)
            break;
        if (x->target >= 0 && (x->target < cont) && !is_continue_target(rg->loop, x->target) && x->target != rest &&
            x->target != rg->follow)
            break;
        if (x->target > reach && !(rg->loop && x->target == rg->loop->brk))
            reach = x->target;
        /* (a try statement in it: its handlers, and where its clauses go) */
        int h = d->version >= 311 ? eff_handler(d, q) : -1;
        if (h > reach && h != d->cur_handler)
            reach = h;
        if (q >= reach && (x->op == DP_OP_RETURN_VALUE || x->op == DP_OP_RAISE_VARARGS ||
                           (x->op == DP_N_JUMP && (x->target == rg->follow || (rest >= 0 && x->target == rest) ||
                                                   is_continue_target(rg->loop, x->target) ||
                                                   (rg->loop && x->target == rg->loop->brk)))))
            return q + 1;
    }
    return -1;
}

/* Whether the code after a try placed apart from cont (see apart_end) is
 * the rest of the block: it goes back to the block's follow, before it.
 * 3.12+, `if c: try: return f() except E: pass` then more code, the end
 * of the then-part of an if with no else-part, the jump back to the code
 * after that if (email.contentmanager's _encode_text). */
static int apart_goes_back(dc *d, int cont, const region *rg)
{
    if (d->version < 312 || rg->follow < 0 || rg->follow >= cont)
        return 0;
    int end = apart_end(d, cont, rg, -1);
    for (int q = cont; q < end; q++)
        if (d->ins[q].target == rg->follow)   /* (a jump, or a test whose jump back is folded) */
            return 1;
    return 0;
}

/* The code after a try statement whose body cannot complete, placed by
 * the compiler outside the try's block after an except clause: the rest of
 * the block, when it ends in a return or raise of its own. */
static int continuation(dc *d, int cont, int body_lo, int body_hi, int H, int handlers_hi, const region *rg,
                        const stk *st, slist *out, int *next)
{
    /* (more of the block after the try, which the code apart ends by
     * jumping to: 3.12's `if c: try: <endless> except E: pass` then code,
     * its then-part's end shared with the loop's exit) */
    int rest = *next != rg->hi ? *next : -1;
    int end = apart_end(d, cont, rg, rest);
    if (end < 0)
        return fail(d, cont, "code after a try statement, placed apart, of unknown extent");
    if (rest >= 0 && !(d->ins[end - 1].op == DP_N_JUMP && d->ins[end - 1].target == rest))
        return fail(d, cont, "code after a try statement, placed apart, and more code after it");
    /* (only the try statement, its body [body_lo, body_hi) and handlers
     * [H, handlers_hi), gets there: code that an enclosing if's else-part
     * falls into too is that if's join, which a then-part ending in this
     * try does not run on into) */
    if (cont > 0 && !ends_block(d->ins[cont - 1].op) && cont != body_hi && cont != handlers_hi)
        return fail(d, cont, "code after a try statement that other code runs into");
    int all = 0, inside = 0;   /* (jumps into [cont, end): each from inside counts once) */
    for (int q = cont; q < end; q++) {
        all += d->incoming[q];
        inside += d->ins[q].target >= cont && d->ins[q].target < end;
    }
    for (int k = body_lo; k < body_hi; k++)
        inside += d->ins[k].target >= cont && d->ins[k].target < end;
    for (int k = H; k < handlers_hi; k++)
        inside += d->ins[k].target >= cont && d->ins[k].target < end;
    if (inside != all)
        return fail(d, cont, "code after a try statement that other code jumps to");
    TRY(run_sub(d, cont, rest >= 0 ? end - 1 : end, rest >= 0 ? rest : rg->follow, rg->loop, st, out, NULL));
    if (rest >= 0)
        mark(d, end - 1, end);
    claim(d, cont, end);
    *next = rest >= 0 ? rest : rg->hi;
    return 0;
}

/* Code at t, not yet recovered, outside the block [body_end, rg->hi] and
 * none of its exits: where 3.12+ puts the code after a try statement that
 * only its except clauses reach. */
static int is_placed_apart(dc *d, int t, int body_end, const region *rg)
{
    return t < d->count && (t < body_end || t > rg->hi) && t != rg->follow && d->normal[t] && !d->visits[t] &&
           !d->claimed[t] && !is_continue_target(rg->loop, t) && !(rg->loop && t == rg->loop->brk);
}

static int is_epilogue_of(const dc *d, const dp_stmt *s)
{
    return d->body_kind == BODY_FUNCTION ? is_return_none(s) : is_body_epilogue(s, d->body_kind);
}

/* Whether the constants and names that [lo, hi) is the first to use are
 * numbered in the order it uses them, as where it was compiled before the
 * code placed after it. */
static int numbered_in_order(dc *d, int lo, int hi)
{
    if (!d->first_use_tree[0] && build_refs(d) < 0)
        return 0;
    int32_t last[2] = {-1, -1};
    for (int k = lo; k < hi; k++)
        for (int w = 0; w < 2; w++) {
            int32_t idx = d->first_use_tree[w][d->count + k];   /* (the index k is the first to use) */
            if (idx == INT32_MAX)
                continue;
            if (idx < last[w])
                return 0;
            last[w] = idx;
        }
    return 1;
}

/* Whether None, which the constants-first-used counts leave out (the
 * compiler's own code loads it anywhere), was numbered after the code
 * before lo and before the first constant [lo, hi) uses: code placed after
 * [lo, hi), such as a named clause's cleanup, was compiled first. */
static int none_numbered_first(dc *d, int lo, int hi)
{
    int none_at = none_const_index(d);
    if (none_at < 0 || (!d->first_use_tree[0] && build_refs(d) < 0) || none_at <= d->consts_before[lo])
        return 0;
    int32_t first = first_used_min(d, lo, hi, 0);
    return first >= 0 && none_at < first;
}

/* Whether [lo, hi) ends in `return None`. */
static int ends_in_return_none(const dc *d, int lo, int hi)
{
    const dp_ins *x = &d->ins[hi - 1];
    if (hi - lo >= 1 && x->op == DP_OP_RETURN_CONST)
        return x->obj && x->obj->kind == DP_OBJ_NONE;
    return hi - lo >= 2 && is_none_return_at(d, hi - 2);
}

/* 3.11+: whether the code [lo, H) that a try body falls into, right before
 * its handlers at H (which end at maxk), is the else block: where it came
 * before them in the source, as the numbering of constants and names
 * tells (the compiler compiles the else block first).  Where nothing
 * tells, so it reads too: code after the statement would follow the
 * handlers.  But not code ending in `return None`, most likely the
 * function's end, which the body reaches as its own copy, nor code that
 * the handlers, compiled first, numbered some names or constants of; and
 * only straight code, which has no handlers of its own placed elsewhere to
 * number things. */
static int numbered_as_else_block(dc *d, int lo, int H, int maxk)
{
    int order = source_order(d, lo, H, maxk);
    return order > 0 || (order == 0 && straight_code(d, lo, H) && !ends_in_return_none(d, lo, H) &&
                         numbered_in_order(d, lo, H) && !none_numbered_first(d, lo, H));
}

/* 3.12+: whether code in [lo, hi) is under a handler placed past maxk, the
 * end of a try statement's handlers: a try statement compiled after that
 * one (the compiler moves handlers to the end in the order it compiles
 * them), so the code follows the statement in the source; an else block's
 * would come first.  Other code under handlers (an await's) says nothing. */
static int handled_past(const dc *d, int lo, int hi, int maxk)
{
    for (int k = lo; d->version >= 312 && k < hi; k++) {
        int h = d->ins[k].handler;
        /* (a try's or with's handler, not an await's CLEANUP_THROW) */
        if (h >= maxk && h < d->count && d->ins[k].stack >= 0 && d->ins[h].op == DP_OP_PUSH_EXC_INFO)
            return 1;
    }
    return 0;
}

/* 3.10+: whether the straight code [lo, hi) that a try body inside a
 * while loop falls into, up to a return or raise, came after the
 * statement's handlers [H, maxk) in the source (3.12+, which place them
 * at the end), or after the code [after, rg->hi) that follows the
 * statement in the loop: not the else block it reads as, but the code
 * after the loop, a break's (see break_into_loop_tail). */
static int tail_numbered_late(dc *d, int lo, int hi, int H, int maxk, int after, const region *rg)
{
    if (d->version < 310 || !rg->loop || rg->loop->is_for || !rg->loop->tail)
        return 0;
    return (d->version >= 312 && order_against_handlers(d, lo, hi, H, maxk) < 0) ||
           (after < rg->hi && numbered_after(d, lo, hi, after, rg->hi));
}

static int clauses_end_in_epilogue(const dc *d, const dp_stmt *s)
{
    const dp_handler_list *l = &s->u.try_.handlers;
    for (size_t k = 0; k < l->count; k++) {
        const dp_stmt_list *b = &l->items[k]->body;
        if (!b->count || !is_epilogue_of(d, b->items[b->count - 1]))
            return 0;
    }
    return l->count > 0;
}

/* The clauses' copied returns are the end of the body they continue to. */
static int drop_clause_epilogues(dc *d, dp_stmt *s)
{
    dp_handler_list *l = &s->u.try_.handlers;
    for (size_t k = 0; k < l->count; k++) {
        dp_stmt_list *b = &l->items[k]->body;
        if (b->count > 1) {
            b->count--;
        } else if (!(b->items[0] = mk_stmt(d, DP_S_PASS))) {
            return -1;
        }
    }
    return 0;
}

/* After `e = None; del e` at k, the cleanup of an except clause's name
 * (inline from 3.9 on; 3.8 calls it through CALL_FINALLY) on its way
 * out: the index after it, or k. */
static int after_name_cleanup(const dc *d, int k)
{
    if (k + 2 < d->count && d->ins[k].op == DP_OP_LOAD_CONST && d->ins[k].obj->kind == DP_OBJ_NONE &&
        is_name_store(d->ins[k + 1].op) && d->ins[k + 2].name == d->ins[k + 1].name &&
        (d->ins[k + 2].op == DP_OP_DELETE_FAST || d->ins[k + 2].op == DP_OP_DELETE_NAME ||
         d->ins[k + 2].op == DP_OP_DELETE_GLOBAL || d->ins[k + 2].op == DP_OP_DELETE_DEREF))
        return k + 3;
    return k;
}

/* 3.11+: the end of an except clause at k, inside the except clause of
 * another try (or several), in a loop around them all: its POP_EXCEPT
 * (and its name's cleanup), each enclosing clause's, then (a for loop's
 * break) the iterator's POP_TOP and the jump: `break` or `continue`,
 * which leaves them all, pushed on body (3.12+: or a break to the code
 * after a while loop that has none of its own, see
 * break_into_loop_tail).  The index after it; 0 where it is none
 * (inspect's Signature._bind). */
/* 3.11+: from the POP_EXCEPT at k, the except clauses' ends that follow
 * one another (each POP_EXCEPT, then its name's cleanup), the __exit__
 * call of each with around them that the jump leaves, then *pops POP_TOPs
 * (a for loop's iterator): the jump after them, else -1; *ends is how
 * many clauses end there. */
static int clauses_end_jump(const dc *d, int k, int *ends, int *pops)
{
    int q = k;
    *ends = *pops = 0;
    while (q < d->count && d->ins[q].op == DP_OP_POP_EXCEPT && *ends < 16) {
        q = after_name_cleanup(d, q + 1);
        ++*ends;
    }
    for (int guard = 0; guard < 16 && exit_call_at(d, q); guard++)
        q += 5;
    while (q + *pops < d->count && d->ins[q + *pops].op == DP_OP_POP_TOP)
        ++*pops;
    int j = q + *pops;
    return *ends && j < d->count && d->ins[j].op == DP_N_JUMP ? j : -1;
}

/* The jump at j, after `pops` POP_TOPs, out of except clauses in `loop`:
 * DP_S_BREAK (a for loop's iterator popped first), DP_S_CONTINUE (not
 * the compiler's own jump back, JUMP_BACKWARD_NO_INTERRUPT: the clauses'
 * end, 3.12+), else -1. */
static int clauses_exit_kind(const dc *d, int j, int pops, const loopctx *loop)
{
    int t = d->ins[j].target;
    if (pops == (loop->is_for ? 1 : 0) && t == loop->brk)
        return DP_S_BREAK;
    if (!pops && is_continue_target(loop, t) && !(d->ins[j].flag & DP_FLAG_NO_INTERRUPT))
        return DP_S_CONTINUE;
    return -1;
}

static int nested_clause_exit(dc *d, int k, const loopctx *loop, const stk *st, slist *body)
{
    int ends, pops, j;
    if (d->version < 311 || !loop || k >= d->count || (j = clauses_end_jump(d, k, &ends, &pops)) < 0 || ends < 2)
        return 0;
    for (int p = k + 1; p <= j; p++)
        if (d->incoming[p] || d->claimed[p] || d->visits[p])
            return 0;
    int t = d->ins[j].target;
    int kind = clauses_exit_kind(d, j, pops, loop);
    if (kind < 0 && !pops && !loop->is_for && d->version >= 312 && loop->head >= 0 && loop->head < d->count &&
        d->back_from[loop->head] > loop->head) {
        /* (the code after the loop is under the handler its jump back is) */
        int r = break_into_loop_tail(d, loop, t, 1, st, body, eff_handler(d, d->back_from[loop->head]));
        if (r <= 0)
            return r;
        mark(d, k, j + 1);
        return j + 1;
    }
    if (kind < 0)
        return 0;
    mark(d, k, j + 1);
    TRY(sl_push(d, body, mk_stmt(d, (dp_stmt_kind)kind)));
    return j + 1;
}

/* 3.11+: where ce is the POP_EXCEPT of an enclosing clause in such an
 * exit (see nested_clause_exit) from an except clause nested in the body
 * of the clause being read: the index after its jump, else -1. */
static int nested_exit_past(const dc *d, int ce, const loopctx *loop)
{
    if (d->version < 311 || !loop || ce < 1 || ce >= d->count || d->ins[ce].op != DP_OP_POP_EXCEPT)
        return -1;
    if (d->ins[ce - 1].op != DP_OP_POP_EXCEPT && !(ce >= 4 && d->ins[ce - 4].op == DP_OP_POP_EXCEPT &&
                                                   after_name_cleanup(d, ce - 3) == ce))
        return -1;
    int ends, pops, j = clauses_end_jump(d, ce, &ends, &pops);
    if (j < 0)
        return -1;
    if (clauses_exit_kind(d, j, pops, loop) >= 0 || (!pops && !loop->is_for && loop->tail && d->ins[j].target > j))
        return j + 1;
    return -1;
}

static int same_exit(const dc *d, int copy, int canon);
static int unwind_38(const dc *d, int k, int *value);
static int exit_call_310(const dc *d, int k);
static int is_with_block_310(const dc *d, const struct bnode *b);

/* <= 3.10: past what a break, continue or return at q runs first to
 * leave the blocks around it: try statements' POP_BLOCKs, and a with's
 * (3.8) BEGIN_FINALLY ... POP_FINALLY 0 or (3.9, 3.10) __exit__ call.  (3.8
 * leaving a with for a return: see unwind_38.) */
static int popped_finally_copy_310(dc *d, int q);

static int past_block_exits(const dc *d, int q)
{
    while (d->version <= 310 && q + 1 < d->count && d->ins[q].op == DP_OP_POP_BLOCK) {
        int value = 0, e = d->version < 309 ? unwind_38(d, q, &value) : -1;
        if (e > q && !value && (d->ins[e].op == DP_N_JUMP ||
                                (d->ins[e].op == DP_OP_POP_TOP && e + 1 < d->count && d->ins[e + 1].op == DP_N_JUMP)))
            q = e;   /* (a break out of a for loop drops its iterator last) */
        else if (d->version >= 309 && is_with_block_310(d, d->bstack[q]) && exit_call_310(d, q + 1))
            q += 6;
        else if (d->ins[q + 1].op == DP_N_JUMP || d->ins[q + 1].op == DP_OP_POP_BLOCK)
            q++;
        else if (d->version >= 309 && popped_finally_copy_310((dc *)d, q) > 0)
            q += 1 + popped_finally_copy_310((dc *)d, q);   /* (a try/finally's: its finally block's copy) */
        else
            break;
    }
    return q;
}

/* Whether a break or continue of the loop is at q (a for loop's break
 * drops its iterator first). */
static int is_loop_exit_at(const dc *d, int q, const loopctx *loop)
{
    if (q + 1 < d->count && loop->is_for && d->ins[q].op == DP_OP_POP_TOP)
        q++;
    return q < d->count && d->ins[q].op == DP_N_JUMP &&
           ((loop->brk >= 0 && d->ins[q].target == loop->brk) || is_continue_target(loop, d->ins[q].target));
}

/* 3.10: at q, after an except clause's POP_EXCEPT (and the blocks it
 * leaves), a break's copy of the code after the while loop `loop`, which
 * has none of its own (see break_into_loop_tail): straight code at the
 * loop's depth, not a constant's return (a `return None` of the clause's
 * reads alike), that nothing jumps to.  Its end, else -1. */
static int clause_tail_copy_310(const dc *d, int q, const loopctx *loop)
{
    if (d->version != 310 || !loop || loop->is_for || !loop->tail || q >= d->count || d->incoming[q] ||
        d->claimed[q] || !tail_copy_at(d, q, loop))
        return -1;
    int b = loop->brk;
    if (b >= 0 && b < d->count && b != q && same_exit(d, q, b) > 0)
        return -1;   /* (a copy of the loop's own exit: above) */
    int e = straight_exit_end(d, q);
    return e > q ? e : -1;
}

/* <= 3.10: after the POP_EXCEPT at k, those of the unnamed except clauses
 * around that clause which a break or continue leaves too, right after
 * it: how many (the walk checks their saved exceptions on the stack). */
static int outer_clause_pops(const dc *d, int k)
{
    int n = 0;
    while (d->version <= 310 && k + 1 + n < d->count && d->ins[k + 1 + n].op == DP_OP_POP_EXCEPT && n < 8)
        n++;
    return n;
}

/* At k, a `continue` or `break` out of an except clause of a loop
 * (POP_EXCEPT, the name's cleanup (3.11+), the blocks around the try it
 * leaves (<= 3.10), for a break out of a for loop the iterator's POP_TOP,
 * then the jump): the index after it, else -1.  *is_break tells which;
 * *copy_at is where 3.10+ put a copy of the code after the loop instead of
 * the break's jump, else -1. */
static int clause_loop_exit(const dc *d, int k, const loopctx *loop, int *is_break, int *copy_at)
{
    *copy_at = -1;
    if (!loop || k >= d->count || d->ins[k].op != DP_OP_POP_EXCEPT)
        return -1;
    /* (<= 3.10: the POP_EXCEPT of each clause around it too: see
     * outer_clause_pops; 3.11+ reads those exits in nested_clause_exit) */
    int outer = outer_clause_pops(d, k);
    int q = outer ? past_block_exits(d, k + 1 + outer) : past_block_exits(d, after_clause_cleanup_38(d, k + 1));
    for (int guard = 0; guard < 16 && d->version >= 311 && exit_call_at(d, q); guard++)
        q += 5;   /* (3.11+: the __exit__ of each with around the try it leaves) */
    if (q < d->count && d->ins[q].op == DP_N_JUMP && is_continue_target(loop, d->ins[q].target)) {
        *is_break = 0;
        return q + 1;
    }
    if (loop->is_for && q < d->count && d->ins[q].op == DP_OP_POP_TOP)
        q++;
    else if (loop->is_for)
        return -1;
    if (q < d->count && d->ins[q].op == DP_N_JUMP && loop->brk >= 0 && d->ins[q].target == loop->brk) {
        *is_break = 1;
        return q + 1;
    }
    /* 3.10+: the jump gets a copy of the code after the loop (a return) */
    int n = d->version >= 310 && loop->brk >= 0 && q != loop->brk && !d->claimed[q] ? same_exit(d, q, loop->brk) : -1;
    if (n > 0 && d->ins[q + n - 1].op != DP_N_JUMP) {
        *is_break = 1;
        *copy_at = q;
        return q + n;
    }
    /* 3.10: of a while loop that has no code after it of its own, the
     * jump gets that code (see break_into_loop_tail): straight code that
     * nothing else enters, ending in a return or raise, at the loop's own
     * depth (a return's value would come before the POP_EXCEPT) */
    int tail = clause_tail_copy_310(d, q, loop);
    if (tail > q) {
        *is_break = 1;
        *copy_at = q;
        return tail;
    }
    return -1;
}

/* <= 3.10: after the name's cleanup at k on a return out of a named except
 * clause: inline, or 3.8's CALL_FINALLY to the cleanup block. */
static int after_clause_cleanup_38(const dc *d, int k)
{
    if (k < d->count && d->ins[k].op == DP_OP_CALL_FINALLY && is_name_cleanup(d, d->ins[k].target))
        return k + 1;
    return after_name_cleanup(d, k);
}

/* 3.8: a return out of a named except clause at k calls the cleanup block
 * of the name (CALL_FINALLY), which the clause's own end also reaches: it is
 * recovered once (the POP_EXCEPT and jump after it: see try_stmt_old). */
static void mark_cleanup_38(dc *d, int k)
{
    if (k >= d->count || d->ins[k].op != DP_OP_CALL_FINALLY)
        return;
    int L = d->ins[k].target, q = L + 4;
    if (!is_name_cleanup(d, L) || d->visits[L])
        return;
    mark(d, L, q);
}

/* The end of a return from inside an except clause starting at k (3.11+:
 * `[SWAP 2] POP_EXCEPT RETURN_VALUE` or `POP_EXCEPT LOAD_CONST
 * RETURN_VALUE`, the name's cleanup after POP_EXCEPT, then the __exit__
 * calls of the with statements the return leaves), or -1. */
static int clause_return_end(const dc *d, int k)
{
    if (d->version < 311) {
        /* `[ROT_FOUR] POP_EXCEPT`, the name's cleanup (3.8: CALL_FINALLY to
         * it), `[LOAD_CONST] RETURN_VALUE` */
        int rot = k < d->count && d->ins[k].op == DP_OP_ROT_FOUR, q = k + rot;
        if (q < d->count && d->ins[q].op == DP_OP_POP_BLOCK)
            q++;   /* (a named clause: the block of the name's cleanup) */
        if (!rot && q < d->count && d->ins[q].op == DP_OP_ROT_FOUR)
            rot = 1, q++;   /* (3.9, 3.10: after that POP_BLOCK) */
        if (q >= d->count || d->ins[q].op != DP_OP_POP_EXCEPT)
            return -1;
        q = after_return_unwind(d, after_clause_cleanup_38(d, q + 1), rot);
        if (!rot && q < d->count && d->ins[q].op == DP_OP_LOAD_CONST)
            q++;
        return q < d->count && d->ins[q].op == DP_OP_RETURN_VALUE ? q + 1 : -1;
    }
    int swapped = k + 1 < d->count && d->ins[k].op == DP_OP_SWAP && d->ins[k].arg == 2, q = k + swapped;
    if (q >= d->count || d->ins[q].op != DP_OP_POP_EXCEPT)
        return -1;
    q = after_return_unwind(d, after_name_cleanup(d, q + 1), swapped);
    if (!swapped && q < d->count && d->ins[q].op == DP_OP_LOAD_CONST)
        q++;
    return q < d->count && d->ins[q].op == DP_OP_RETURN_VALUE ? q + 1 : -1;
}

/* The same, or the end of a `return constant` from k that leaves the
 * except clauses around this one too (see nested_clause_return). */
static int clause_or_nested_return_end(const dc *d, int k)
{
    int re = clause_return_end(d, k);
    if (re < 0 && d->body_kind == BODY_FUNCTION && nested_clause_return(d, k) > k)
        re = nested_clause_return(d, k) + 2;
    return re;
}

/* 3.11+: at k, a return inside a finally block's handler leaving it:
 * `POP_TOP` (the exception) or, with a value, `SWAP 2; POP_TOP`, then the
 * return out of an except clause (the previous exception restored), with
 * [previous exception, exception] under the value on the stack.  The
 * index after the return, else -1. */
static int finally_return_unwind(const dc *d, int k, const stk *st)
{
    int value = d->ins[k].op == DP_OP_SWAP, q = k + value;
    if (d->version < 311 || q + 1 >= d->count || d->ins[q].op != DP_OP_POP_TOP || st->n < 2 + value ||
        st->v[st->n - 1 - value].kind != V_EXC || st->v[st->n - 2 - value].kind != V_EXC ||
        (value && st->v[st->n - 1].kind == V_EXC))
        return -1;
    return clause_return_end(d, q + 1);
}

/* Whether the code between a try body's end and its handler H, the else
 * block, cannot complete: it ends in a return or raise, and it only jumps
 * forward inside itself (not to the join after H, nor back to a loop's
 * head: that code would be the loop's, not an else block). */
static int try_else_ends_flow(const dc *d, int body_end, int H)
{
    if (body_end >= H || H > d->count)
        return 0;
    uint16_t last = d->ins[H - 1].op;
    if (!(last == DP_OP_RETURN_VALUE || last == DP_OP_RAISE_VARARGS || last == DP_OP_RERAISE))
        return 0;
    /* (a loop inside is no way out) */
    for (int q = body_end; q < H; q++)
        if (d->ins[q].target >= 0 && (d->ins[q].target < body_end || d->ins[q].target >= H))
            return 0;
    return 1;
}

/* Whether code in [lo, hi) jumps, or hands exceptions, to `from` or beyond,
 * to code still under the handler X. */
static int reached_from(dc *d, int lo, int hi, int from, int X)
{
    for (int q = lo; q < hi; q++) {
        int t = d->ins[q].target, h = raw_handler(d, q);
        if (t >= from && under_raw(d, t, X))
            return 1;
        if (h >= from && h != X && under_raw(d, h, X))
            return 1;
    }
    return 0;
}

/* claim() for a try statement's handlers, except the code after the try
 * that the compiler placed among them (from `cont`, not yet recovered). */
static void claim_handlers(dc *d, int lo, int hi, int cont)
{
    for (int k = lo; k < hi && k < d->count; k++)
        if (!(cont >= 0 && k >= cont && d->normal[k] && !d->visits[k]))
            d->claimed[k] = 1;
}

typedef struct try_exits {
    int join;              /* where completed clauses continue, -1 */
    int cont;              /* the code after the try that a clause falls into, -1 */
} try_exits;

/* 3.10+ copies small exit blocks: code at `copy` that repeats the code at
 * `canon` up to and including a return, raise or jump is the same place.
 * The copy is marked recovered and claimed. */
static int equiv_code_from(dc *d, int copy, int canon, int first_marked);

static int equiv_code(dc *d, int copy, int canon)
{
    return equiv_code_from(d, copy, canon, 0);
}

/* The same, for a copy whose first instruction the caller marks itself
 * (`first_marked`: the instruction being read). */
static int equiv_code_from(dc *d, int copy, int canon, int first_marked)
{
    int n = same_exit(d, copy, canon);
    if (n <= 0)
        return n == 0 ? 1 : 0;
    /* (a canonical block that is itself taken as a copy of another would
     * leave neither recovered) */
    for (int k = canon; k < canon + n; k++)
        if (d->claimed[k])
            return 0;
    mark(d, copy + (first_marked != 0), copy + n);
    claim(d, copy, copy + n);
    if (!d->speculating)
        memset(d->canon + canon, 1, (size_t)n);
    return 1;
}

/* Whether only code inside handlers gets to [lo, hi). */
static int only_exception_code(const dc *d, int lo, int hi)
{
    for (int q = lo; q < hi; q++)
        if (d->plain[q])
            return 0;
    return 1;
}

/* 3.12+: the copy, at `end` after an except clause, of the code after its
 * try statement, where that code runs on to the end of the block holding
 * the statement, hi (the rest of a finally block, whose RERAISE 0 is
 * there): the original lies right before the handler H and jumps to hi,
 * the copy falls into hi.  The original's start, the copy marked recovered
 * and claimed; else -1. */
static int copy_to_region_end(dc *d, int end, int body_end, int H, int hi)
{
    int n = hi - end, canon = H - 1 - n;
    if (d->version < 312 || n <= 0 || n > 64 || canon < body_end || d->ins[H - 1].op != DP_N_JUMP ||
        d->ins[H - 1].target != hi || !same_code(d, end, canon, n))
        return -1;
    for (int q = 0; q < n; q++)
        if (d->ins[end + q].target >= 0 || d->claimed[end + q] || d->visits[end + q] || d->claimed[canon + q] ||
            (q > 0 && d->incoming[end + q]))
            return -1;
    mark(d, end, hi);
    claim(d, end, hi);
    if (!d->speculating)
        memset(d->canon + canon, 1, (size_t)n);
    return canon;
}

/* 3.12+: the copy, at `end` after an except clause, of the code after its
 * try statement where that code is a small exit block ending in a return
 * or raise (in a finally block's exception path: its RERAISE) that the try
 * body falls into right before the handler H: the original's start, the
 * copy marked recovered and claimed; else -1. */
static int copy_of_exit_before(dc *d, int end, int body_end, int H)
{
    int n = exit_len(d, end);
    if (d->version < 312 || n <= 1)
        return -1;
    /* (right before H; or else before the handlers of earlier statements
     * placed there, code only they reach: a try before this one whose
     * clause goes back to this try, encodings' search_function) */
    int top = H;
    while (top > body_end && !d->plain[top - 1])
        top--;
    for (int at = H;; at = top) {
        int canon = at - n, ok = canon >= body_end;
        /* (both may end in a jump to the same place: a finally block's
         * RERAISE that unshare_finally_exits made one) */
        const dp_ins *last = &d->ins[end + n - 1], *clast = ok ? &d->ins[canon + n - 1] : NULL;
        ok = ok && ends_block(clast->op) && (last->op == DP_N_JUMP) == (clast->op == DP_N_JUMP) &&
             !(last->op == DP_N_JUMP && (last->target != clast->target || last->target < H)) &&
             same_code(d, end, canon, n);
        for (int q = 0; ok && q < n; q++)
            ok = !((d->ins[end + q].target >= 0 && q < n - 1) || d->claimed[end + q] || d->visits[end + q] ||
                   d->claimed[canon + q] || d->visits[canon + q] ||
                   (q > 0 && (d->incoming[end + q] || d->incoming[canon + q])));
        if (ok) {
            mark(d, end, end + n);
            claim(d, end, end + n);
            if (!d->speculating)
                memset(d->canon + canon, 1, (size_t)n);
            return canon;
        }
        if (at == top)   /* (both places tried) */
            return -1;
    }
}

/* 3.11+: at t, where only an except clause's final jump goes (no code
 * falls into it), a return of a constant that leaves the try/finally around
 * the clause's try (the finally block's copy, then the return): pushed on
 * body, 1; else 0. */
static int clause_return_apart(dc *d, int t, slist *body)
{
    int q = past_finally_copy(d, t);
    if (d->version < 311 || q <= t || d->claimed[t] || d->visits[t] || d->incoming[t] != 1 || falls_into(d, t) ||
        q + 1 >= d->count ||
        d->ins[q].op != DP_OP_LOAD_CONST || d->ins[q + 1].op != DP_OP_RETURN_VALUE)
        return 0;
    dp_stmt *ret = mk_stmt(d, DP_S_RETURN);
    if (!ret)
        return -1;
    ret->u.ret.value = e_const(d, d->ins[q].obj);
    mark(d, t, q + 2);
    claim(d, t, q + 2);
    return sl_push(d, body, ret) < 0 ? -1 : 1;
}

/* Each clause of the try statement s read so far that completes ends in
 * `continue` (its end went back to the loop's head). */
static int clauses_end_in_continue(dc *d, dp_stmt *s)
{
    for (size_t q = 0; q < s->u.try_.handlers.count; q++) {
        dp_stmt_list *cb = &s->u.try_.handlers.items[q]->body;
        if (!list_ends_flow(cb, 0))
            TRY(append_exit(d, cb, DP_S_CONTINUE));
    }
    return 0;
}

/* A clause that goes on in the block, at t, after earlier clauses went
 * back to the loop's head, taken as the statement's join: those end in
 * `continue`, and the join is still to be found. */
static int earlier_clauses_continue(dc *d, dp_stmt *s, int t, int body_end, const region *rg, try_exits *ex)
{
    if (ex->join < 0 || ex->join != rg->follow || !is_continue_target(rg->loop, ex->join) || t == ex->join ||
        t < body_end || t > rg->hi)
        return 0;
    ex->join = -1;
    return clauses_end_in_continue(d, s);
}

/* 3.11+: whether t is the normal exit, the __exit__ call, of the with
 * around the try statement being read and around the loop, whose body
 * ends in the loop: where the code after the loop goes on (the
 * compiler places it after the handlers of a try in the loop). */
static int with_exit_after_loop(dc *d, const loopctx *loop, int t)
{
    int W = d->cur_handler, is_with = 0;   /* (the with around the try statements being read) */
    for (int guard = 0; W >= 0 && guard < 64; guard++, W = eff_handler(d, W))
        if ((is_with = W + 1 < d->count && d->ins[W + 1].op == DP_OP_WITH_EXCEPT_START))
            break;
    /* (the loop starts inside it: what comes right before the loop's head,
     * the with's target, is under its handler) */
    if (d->version < 311 || !is_with || W <= t || loop->head < 1 || !under_eff(d, loop->head - 1, W) ||
        !exit_call_at(d, t))
        return 0;
    int q = t + 5;
    if (q < d->count && d->ins[q].op == DP_N_JUMP)
        q++;
    return q == W;
}

/* A clause's final jump: to the join, or a break/continue. */
static int clause_jump(dc *d, int t, int body_end, const region *rg, slist *body, try_exits *ex)
{
    const loopctx *loop = rg->loop;
    if (ex->cont >= 0 && t != ex->cont) {
        /* the end of the try is the code at cont: any other place is
         * reached by a break or continue, or not at all */
        return loop_exit_stmt(d, t, loop, body, t, "an except clause skips the code after its try statement");
    }
    if (ex->join >= 0 && t != ex->join && !d->claimed[t] && equiv_code(d, t, ex->join))
        return 0;
    if (rg->follow >= 0 && t != rg->follow && (t < body_end || t > rg->hi) && !d->claimed[t] &&
        equiv_code(d, t, rg->follow))
        t = rg->follow;
    /* (to where the jump that the block goes on with leads, threaded
     * through it: `if c: try: try: ...` whose clauses jump past the else) */
    if (rg->follow >= 0 && t != rg->follow && rg->follow < d->count && d->ins[rg->follow].op == DP_N_JUMP &&
        d->ins[rg->follow].target == t && (t < body_end || t > rg->hi) && !is_continue_target(loop, t))
        t = rg->follow;   /* (a jump to the loop's head is a continue's: see the callers) */
    if ((t >= body_end && t <= rg->hi) || t == rg->follow) {
        if (ex->join >= 0 && ex->join != t && t == rg->follow && is_continue_target(loop, t))
            return sl_push(d, body, mk_stmt(d, DP_S_CONTINUE));
        if (ex->join >= 0 && ex->join != t)
            return fail(d, t, "except clauses that continue at different places");
        ex->join = t;
        return 0;
    }
    if (loop && d->version >= 312 && loop->brk >= 0 && t > loop->brk && d->ins[loop->brk].op == DP_OP_PUSH_EXC_INFO &&
        only_exception_code(d, loop->brk, t))
        /* the loop exits only by breaks, the one out of this clause the
         * only one: where the loop's exit seemed to be, right after its
         * body, are the handlers of the try statements in it (`while True:
         * try: ... except E: break`, in a with) */
        return sl_push(d, body, mk_stmt(d, DP_S_BREAK));
    if (loop && with_exit_after_loop(d, loop, t))
        return sl_push(d, body, mk_stmt(d, DP_S_BREAK));
    if (d->version >= 313 && rg->try_falls_to && t > rg->hi && t < d->count && !(loop && t == loop->brk) &&
        !is_continue_target(loop, t) && (ex->join < 0 || ex->join == t) && !d->claimed[t]) {
        /* 3.13: past the end of the try body this statement ends, its
         * jump threaded past that try's handlers: the code after that
         * try (see try_stmt_in), where the join is checked */
        ex->join = t;
        return 0;
    }
    return loop_exit_stmt(d, t, loop, body, t, "an except clause jumps somewhere unexpected");
}

/* try: (try: ... except: ...) finally: ...  is one try statement. */
static void merge_try_finally(dp_stmt *s, const slist *body)
{
    if (body->n == 1 && body->v[0]->kind == DP_S_TRY && body->v[0]->u.try_.handlers.count &&
        !body->v[0]->u.try_.finalbody.count) {
        const dp_stmt *inner = body->v[0];
        s->u.try_.is_star = inner->u.try_.is_star;
        s->u.try_.body = inner->u.try_.body;
        s->u.try_.handlers = inner->u.try_.handlers;
        s->u.try_.orelse = inner->u.try_.orelse;
    }
}

/* A with statement's body; `with a: with b:` becomes `with a, b:` (the
 * same bytecode).  s holds its one item. */
static int finish_with(dc *d, dp_stmt *s, slist *body)
{
    if (!body->n)
        TRY(one_stmt_list(d, body, DP_S_PASS));
    if (body->n == 1 && body->v[0]->kind == DP_S_WITH && body->v[0]->u.with.is_async == s->u.with.is_async) {
        const dp_stmt *inner = body->v[0];
        dp_withitem **all = dp_arena_array(d->arena, inner->u.with.items.count + 1, sizeof *all);
        if (!all)
            return -1;
        all[0] = s->u.with.items.items[0];
        memcpy(all + 1, inner->u.with.items.items, inner->u.with.items.count * sizeof *all);
        s->u.with.items.items = all;
        s->u.with.items.count = inner->u.with.items.count + 1;
        s->u.with.body = inner->u.with.body;
    } else {
        s->u.with.body = sl_list(body);
    }
    return 0;
}

/* 3.8-3.10: from POP_BLOCK at r, a returned value leaving the with
 * statements around the try (POP_BLOCK; ROT_TWO; the __exit__ call), the
 * try statements with except clauses (POP_BLOCK right before the return)
 * and the try/finally statements (POP_BLOCK; a copy of the finally block):
 * the index of its RETURN_VALUE, or r. */
static int return_unwind_310(dc *d, int r)
{
    if (r >= d->count || d->ins[r].op != DP_OP_POP_BLOCK)
        return r;
    if (d->version < 309) {
        int value, e = unwind_38(d, r, &value);
        return e > r && value ? e - 1 : r;
    }
    int q = r;
    for (int guard = 0; guard < 16 && q + 1 < d->count && d->ins[q].op == DP_OP_POP_BLOCK; guard++) {
        int copy = popped_finally_copy_310(d, q);
        if (d->ins[q + 1].op == DP_OP_ROT_TWO && exit_call_310(d, q + 2))
            q += 7;
        else if (d->ins[q + 1].op == DP_OP_POP_BLOCK || d->ins[q + 1].op == DP_OP_RETURN_VALUE)
            q += 1;
        else if (copy > 0)
            q += 1 + copy;   /* (a try/finally around it: a copy of its finally block) */
        else
            return r;
    }
    return q < d->count && d->ins[q].op == DP_OP_RETURN_VALUE ? q : r;
}

/* `return value` at k, the value left by a try or with body: past what
 * the return leaves on its way (loops' iterators, finally blocks' copies,
 * with exits, the blocks around), the RETURN_VALUE, pushed on body as a
 * return of `value`.  The index after it (and after the copies of the
 * return that code from jumps_from on jumps to). */
static int return_pending(dc *d, int k, dp_expr *value, slist *body, int jumps_from)
{
    /* (inside for loops, SWAP 2; POP_TOP drops each loop's iterator first;
     * 3.11+: a copy of the enclosing finally block runs before the return) */
    int r = k;
    for (int guard = 0; guard < 64; guard++) {
        if (r + 1 < d->count && ((d->ins[r].op == DP_OP_SWAP && d->ins[r].arg == 2) || d->ins[r].op == DP_OP_ROT_TWO) &&
            d->ins[r + 1].op == DP_OP_POP_TOP)
            r += 2;
        else if (d->version >= 311 && past_finally_copy(d, r) > r)
            r = past_finally_copy(d, r);
        else if (after_return_unwind(d, r, 1) > r)
            r = after_return_unwind(d, r, 1);   /* (an except clause around the try, a with) */
        else if (d->version < 311 && return_unwind_310(d, r) > r)
            r = return_unwind_310(d, r);
        else
            break;
    }
    if (r >= d->count || d->ins[r].op != DP_OP_RETURN_VALUE)
        return fail(d, k, "a try body leaves a value");
    dp_stmt *ret = mk_stmt(d, DP_S_RETURN);
    if (!ret)
        return -1;
    ret->u.ret.value = value;
    int end = past_return_copies(d, jumps_from, r + 1, 1);
    mark(d, k, end);
    claim(d, k, end);   /* (it may run past the block holding the try: the copy of the finally around it) */
    TRY(sl_push(d, body, ret));
    return end;
}

/* try: body, then except clauses or finally, at H. */
static int try_stmt_in(dc *d, int i, int H, const region *rg, stk *st, slist *out, int *next);

/* Whether code [lo, end) never gets past its end: it ends in a jump (back,
 * an endless loop's), return or raise, and nothing in it jumps further. */
static int never_completes(const dc *d, int lo, int end)
{
    if (end <= lo || !ends_block(d->ins[end - 1].op))
        return 0;
    for (int k = lo; k < end; k++)
        if (d->ins[k].target >= end)
            return 0;
    return 1;
}

/* 3.11+: the finally block that the handler H of a try runs before its
 * RERAISE 0: its length, its start in *lo; 0 when H is no finally. */
static int finally_block(dc *d, int H, int cleanup, int *lo)
{
    return finally_block_or_return(d, H, cleanup, lo, NULL);
}

/* Whether the RERAISE 0 at e re-raises what an except* statement's
 * clauses left: `SWAP 2; POP_EXCEPT; RERAISE 0`, jumped to from the
 * `COPY 1; POP_JUMP_IF_NOT_NONE` after its PREP_RERAISE_STAR. */
static int is_star_reraise(const dc *d, int e)
{
    if (d->version < 311 || e < 2 || d->ins[e - 1].op != DP_OP_POP_EXCEPT || d->ins[e - 2].op != DP_OP_SWAP ||
        d->ins[e - 2].arg != 2)
        return 0;
    for (int q = 2; q < d->count; q++)
        if (d->ins[q].target == e - 2 && d->ins[q].op == DP_OP_POP_JUMP_IF_NOT_NONE &&
            (d->ins[q - 2].op == DP_OP_PREP_RERAISE_STAR || d->ins[q - 2].op == DP_OP_CALL_INTRINSIC_2))
            return 1;
    return 0;
}

/* The same; with `returns`, also a block that ends in a return instead
 * (3.11+: no RERAISE 0, the return leaves the handler, see
 * finally_return_unwind) or in a raise, whose length then takes the
 * return or raise in and *returns is set. */
static int finally_block_or_return(dc *d, int H, int cleanup, int *lo, int *returns)
{
    int k = H + 1, end = -1, ret_end = -1, e;
    if (cleanup < 0 || k >= d->count || d->ins[k].op == DP_OP_POP_TOP)
        return 0;
    /* (the handlers of a try statement inside the finally block follow
     * it, under their own cleanup: its end is the last RERAISE 0 right
     * under this one's; the others become jumps there, see
     * unshare_finally_exits) */
    /* (3.13 leaves the jumps of an if or loop inside out of the table:
     * they cannot raise) */
    for (e = k; e < d->count; e++) {
        if (!under_raw(d, e, cleanup)) {
            if ((d->ins[e].op == DP_N_JUMP || is_pjif(d->ins[e].op)) && raw_handler(d, e) < 0 && e + 1 < d->count)
                continue;
            /* (3.11+: a return inside, which leaves the handler first:
             * `POP_EXCEPT; [LOAD_CONST] RETURN_VALUE` outside the table) */
            int r = e + 1 < d->count && d->ins[e + 1].op == DP_OP_LOAD_CONST ? e + 2 : e + 1;
            if (d->version >= 311 && d->ins[e].op == DP_OP_POP_EXCEPT && r + 1 < d->count &&
                d->ins[r].op == DP_OP_RETURN_VALUE && !under_raw(d, r, cleanup)) {
                e = r;
                ret_end = r + 1;
                continue;
            }
            break;
        }
        int direct = raw_handler(d, e) == cleanup;
        if (direct && d->ins[e].op == DP_OP_CHECK_EXC_MATCH)
            return 0;
        if (direct && d->ins[e].op == DP_OP_RERAISE && d->ins[e].arg == 0 && !is_star_reraise(d, e))
            end = e;
    }
    if (end < 0 && returns && ret_end == e && e > k) {
        *returns = 1;
        *lo = k;
        return e - k;
    }
    /* (or in a raise, `finally: raise X`, which leaves no RERAISE 0 after it) */
    if (end < 0 && returns && e > k && d->ins[e - 1].op == DP_OP_RAISE_VARARGS && raw_handler(d, e - 1) == cleanup) {
        *returns = 1;
        *lo = k;
        return e - k;
    }
    if (end < 0)
        return 0;
    *lo = k;
    return end - k;
}

static int try_stmt(dc *d, int i, int H, const region *rg, stk *st, slist *out, int *next)
{
    fin_blocks saved = d->fin;
    int cleanup = raw_handler(d, H), lo = -1;
    int len = finally_block(d, H, cleanup, &lo);
    if (len > 0) {   /* (else a return inside still runs the enclosing try's finally block) */
        d->fin.block[1] = d->fin.block[0];
        d->fin.block[0].lo = lo;
        d->fin.block[0].len = len;
        d->fin.start = i;
        d->fin.H = H;
    }
    int r = try_stmt_in(d, i, H, rg, st, out, next);
    d->fin = saved;
    return r;
}

static int is_setup(uint16_t op);

/* Where the handlers of [lo, hi) begin, when they lie between hi and H
 * (the normal path's copy of a finally block, [lo, hi), holds a try
 * statement); -1 when none do. */
static int copy_handlers_at(const dc *d, int lo, int hi, int H)
{
    int hc = -1;
    for (int q = lo; q < hi; q++) {
        int h = d->version >= 311 ? raw_handler((dc *)d, q) : is_setup(d->ins[q].op) ? d->ins[q].target : -1;
        if (h >= hi && h < H && (hc < 0 || h < hc))
            hc = h;
    }
    return hc;
}

/* Whether those handlers, [hc, H), copy the handlers of the try
 * statement inside the finally block, from fb_end on (3.11+: up to its
 * cleanup; <= 3.10: they follow the block's RERAISE). */
static int copies_handlers(dc *d, int hc, int H, int fb_end, int cleanup)
{
    int n = d->version >= 311 ? cleanup - fb_end : H - hc;
    return cleanup >= 0 && n > 0 && hc + n == H && fb_end + n <= d->count && same_code(d, hc, fb_end, n);
}

/* 3.11+: the same where the handlers inside the finally block [.., end)
 * go on to its end (a RERAISE 0 right under its cleanup, or a jump to
 * end) and the copy's handlers go on to the code after the copy, at join:
 * a jump there or a copy of it where it is a small exit block. */
static int copies_handlers_to(dc *d, int hc, int H, int nested, int end, int cleanup, int join)
{
    int j = hc;
    if (cleanup < 0 || nested < 0 || nested > cleanup)
        return 0;
    for (int q = nested; q < cleanup; q++) {
        const dp_ins *x = &d->ins[q];
        int to_end = (x->op == DP_OP_RERAISE && x->arg == 0 && raw_handler(d, q) == cleanup &&
                      !is_star_reraise(d, q)) ||
                     (x->op == DP_N_JUMP && x->target == end);
        if (j >= H)
            return 0;
        if (to_end) {
            if (d->ins[j].op == DP_N_JUMP && d->ins[j].target == join) {
                j++;
                continue;
            }
            int x_end = exit_block_end(d, j);
            if (x_end < 0 || join < 0 || join + (x_end - j) > d->count || !same_code(d, j, join, x_end - j))
                return 0;
            j = x_end;
            continue;
        }
        if (!same_code(d, j, q, 1))
            return 0;
        j++;
    }
    return j == H;
}

/* 3.12+: whether [hc, H) copies the handlers placed in the middle of the
 * finally block [fb_lo, fb_last) (see mid_block_handler_end), in order. */
static int copies_mid_handlers(const dc *d, int hc, int H, int fb_lo, int fb_last)
{
    int j = hc;
    for (int q = fb_lo; q < fb_last; q++) {
        int e = mid_block_handler_end(d, fb_lo, q);
        if (e == q)
            continue;
        if (j + (e - q) > H || !same_code(d, j, q, e - q))
            return 0;
        j += e - q;
        q = e - 1;
    }
    return j > hc && j == H;
}

/* 3.12+: at k, the throw() path of an await in [lo, hi), placed apart:
 * CLEANUP_THROW and a jump back to the await's END_SEND. */
static int await_throw_apart(const dc *d, int k, int lo, int hi)
{
    if (k + 1 >= d->count || d->ins[k].op != DP_OP_CLEANUP_THROW || d->ins[k + 1].op != DP_N_JUMP)
        return 0;
    int t = d->ins[k + 1].target;
    return t >= lo && t < hi && d->ins[t].op == DP_OP_END_SEND;
}

/* The handlers of the copy [lo, hi) (see copy_handlers_at), which the
 * finally block's own reading recovers, are marked as recovered with it. */
static int claim_copy_handlers(dc *d, int lo, int hi, int H, int fb_end, int cleanup)
{
    int hc = copy_handlers_at(d, lo, hi, H);
    if (hc < 0)
        return 0;
    /* (the copy's awaits' throw() paths, which a copy ending in an exit
     * block has after it: the block's own has them inline) */
    while (hc < H && await_throw_apart(d, hc, lo, hi)) {
        claim(d, hc, hc + 2);
        hc += 2;
    }
    if (hc == H)
        return 0;
    int fb_lo = H + 1, fb_last = fb_end - 1;   /* (3.11+: the block, and its last RERAISE 0) */
    if (!copies_handlers(d, hc, H, fb_end, cleanup) &&
        !(d->version >= 311 &&
          copies_handlers_to(d, hc, H, finally_own_end(d, fb_lo, fb_last), fb_last, cleanup, hi)) &&
        !copies_mid_handlers(d, hc, H, fb_lo, fb_last))
        return fail(d, hc, "a finally block's copy whose handlers differ from the block's");
    mark(d, hc, H);
    claim(d, hc, H);
    return 0;
}

/* ---- the normal path's copy of a finally block, compared as a graph ---- */

/* 3.11+: the compiler lays the normal path's copy of a finally block out
 * on its own: blocks that only an except clause of a try statement inside
 * it reaches go after the code it falls into, and its jumps may go to
 * copies of small exit blocks.  Where the copy is not the block
 * instruction for instruction (finally_copy_len), both are walked as
 * graphs from their first instructions, pairing the two successors of
 * each instruction, unconditional jumps passed through, exception edges
 * included: the copy is the same code when every pair runs the same
 * instruction.  The walk's state: */
typedef struct copy_walk {
    int *of_block;      /* per index of the block: its counterpart in the copy, -1 */
    int *of_copy;       /* per index: its counterpart in the block, -1 */
    uint8_t *in_copy;   /* per index: part of the copy (jumps passed through too) */
    int *todo, n_todo;  /* block indices paired, to walk */
    int lo, last;       /* the block [lo, last), last its RERAISE 0 (or end) */
    int H, fb_end;      /* the handler holding the block, and its end */
    int cleanup, outer; /* the block's own handler, and the copy's (see pair_handlers) */
    int join;           /* where the copy goes on when the block ends, -1 */
    int join_len;       /* that code's length, where it is a small exit block */
} copy_walk;

/* The instruction that running from k reaches first, passing unconditional
 * jumps (each noted as part of the copy, when `w` is given); stops at
 * `stop`. */
static int past_jumps(const dc *d, int k, int stop, copy_walk *w)
{
    for (int guard = 0; guard < 16 && k >= 0 && k < d->count && k != stop && d->ins[k].op == DP_N_JUMP; guard++) {
        if (w)
            w->in_copy[k] = 1;
        k = d->ins[k].target;
    }
    return k;
}

static int opposite_jumps(uint16_t a, uint16_t b)
{
    return (a == DP_OP_POP_JUMP_IF_FALSE && b == DP_OP_POP_JUMP_IF_TRUE) ||
           (a == DP_OP_POP_JUMP_IF_TRUE && b == DP_OP_POP_JUMP_IF_FALSE) ||
           (a == DP_OP_POP_JUMP_IF_NONE && b == DP_OP_POP_JUMP_IF_NOT_NONE) ||
           (a == DP_OP_POP_JUMP_IF_NOT_NONE && b == DP_OP_POP_JUMP_IF_NONE);
}

/* The construct (try or with) that handler h belongs to, -1 for none. */
static int construct_of(dc *d, int h)
{
    return h < 0 ? -1 : is_construct_handler(d, h) ? h : eff_handler(d, h);
}

/* Pairs block index b with copy index c, after jumps: 0 when they are
 * not the same place, 1 when they are. */
static int pair_places(dc *d, copy_walk *w, int b, int c)
{
    b = past_jumps(d, b, w->last, NULL);
    c = past_jumps(d, c, -1, w);
    if (b < 0 || c < 0 || b >= d->count || c >= d->count)
        return 0;
    /* (3.12+: or a copy of its RERAISE, a small exit block, that a try
     * statement ending the block jumps to from its clauses) */
    int end_copy = b != w->last && d->ins[b].op == DP_OP_RERAISE && w->last < d->count &&
                   d->ins[w->last].op == DP_OP_RERAISE && same_code(d, b, w->last, 1) &&
                   raw_handler(d, b) == raw_handler(d, w->last);
    if (b == w->last || end_copy) {   /* the block ends: the copy goes on with the code after it */
        if (w->join < 0) {
            w->join = c;
            int x = exit_block_end(d, c);
            w->join_len = x > c ? x - c : 0;
            return 1;
        }
        if (c == w->join)
            return 1;
        /* (or with a copy of it, when it is a small exit block) */
        if (!w->join_len || c + w->join_len > d->count || !same_code(d, c, w->join, w->join_len))
            return 0;
        for (int q = c; q < c + w->join_len; q++) {
            if (w->in_copy[q] || w->of_copy[q] >= 0)
                return 0;
            w->in_copy[q] = 1;
        }
        return 1;
    }
    /* (out of the block: a break or continue goes to the same place; the
     * block's own code may lie past its end, where the compiler put the
     * handlers of a try statement inside it) */
    if (b == c || b < w->lo)
        return b == c;
    if (w->of_block[b] >= 0)
        return w->of_block[b] == c;
    /* (two places of the block may be one of the copy: the block's copy
     * of a small exit block, which the copy's clause jumps to instead) */
    if ((w->in_copy[c] && w->of_copy[c] < 0) || d->claimed[c] || d->visits[c] || (c >= w->H && c < w->fb_end))
        return 0;
    w->of_block[b] = c;
    if (w->of_copy[c] < 0)
        w->of_copy[c] = b;
    w->in_copy[c] = 1;
    w->todo[w->n_todo++] = b;
    return 1;
}

/* Pairs the handlers of block index b and copy index c. */
static int pair_handlers(dc *d, copy_walk *w, int b, int c)
{
    int hb = raw_handler(d, b), hc = raw_handler(d, c);
    if (hb == w->cleanup) {
        /* (the block runs inside its own handler; the copy, inside the
         * handler around the try statement, every part of it the same) */
        if (w->outer == -2) {
            if (construct_of(d, hc) != d->cur_handler)
                return 0;
            w->outer = hc;
        }
        return hc == w->outer;
    }
    if (hb < 0 || hc < 0)   /* (a return leaves the handler first: then outside any) */
        return hb == hc;
    if (d->ins[b].lasti != d->ins[c].lasti)
        return 0;
    return pair_places(d, w, hb, hc);
}

/* The copy at `at` of the finally block [lo, last) compared as a graph
 * (see copy_walk): 0 where it is the same, with its instructions marked in
 * `in_copy` and *join where it goes on, the code after it; 1 where it is
 * not; -1 on error.  H, fb_end: the handler, which holds the block. */
static int finally_copy_graph(dc *d, int at, int lo, int last, int H, int fb_end, uint8_t **in_copy, int *join)
{
    size_t n = (size_t)d->count;
    copy_walk w = {0};
    w.of_block = alloc(d, n * sizeof *w.of_block);
    w.of_copy = alloc(d, n * sizeof *w.of_copy);
    w.in_copy = alloc(d, n);
    w.todo = alloc(d, n * sizeof *w.todo);
    if (!w.of_block || !w.of_copy || !w.in_copy || !w.todo)
        return -1;
    for (size_t k = 0; k < n; k++)
        w.of_block[k] = w.of_copy[k] = -1;
    memset(w.in_copy, 0, n);
    w.lo = lo;
    w.last = last;
    w.H = H;
    w.fb_end = fb_end;
    w.cleanup = raw_handler(d, H);
    w.outer = -2;
    w.join = -1;
    if (d->version < 311 || !pair_places(d, &w, lo, at))
        return 1;
    while (w.n_todo > 0) {
        int b = w.todo[--w.n_todo], c = w.of_block[b];
        const dp_ins *x = &d->ins[b], *y = &d->ins[c];
        /* (a return inside leaves the handler first: see finally_unwind_len) */
        int unwind = finally_unwind_len(d, b);
        if (unwind > 0 && !same_code(d, c, b, 1)) {
            w.of_block[b] = -1;
            if (w.of_copy[c] == b) {
                w.of_copy[c] = -1;
                w.in_copy[c] = 0;
            }
            if (!pair_places(d, &w, b + unwind, c))
                return 1;
            continue;
        }
        int swapped = opposite_jumps(x->op, y->op);
        if ((!swapped && !same_code(d, c, b, 1)) || !pair_handlers(d, &w, b, c))
            return 1;
        if (x->target >= 0 && !pair_places(d, &w, x->target, swapped ? c + 1 : y->target))
            return 1;
        if (!ends_block(x->op) && !pair_places(d, &w, b + 1, swapped ? y->target : c + 1))
            return 1;
    }
    if (w.join <= at)
        return 1;
    /* The copy is the code from `at` to the join, and blocks placed
     * apart: nothing else runs into it.  (3.11: the join may follow the
     * try's own handler, which holds the block, and the handlers after
     * it) */
    for (int q = at; q < w.join; q++)
        if (!w.in_copy[q] && q < H)
            return 1;
    for (int q = 0; q < d->count; q++) {
        int t = d->ins[q].target, h = raw_handler(d, q);
        if (w.in_copy[q]) {
            if (q > at && !w.in_copy[q - 1] && !ends_block(d->ins[q - 1].op) && d->ins[q - 1].stack >= 0)
                return 1;
        } else if (d->ins[q].stack >= 0 && ((t > at && t < d->count && w.in_copy[t]) || (h >= 0 && w.in_copy[h]))) {
            return 1;
        }
    }
    *in_copy = w.in_copy;
    *join = w.join;
    return 0;
}

/* 3.11+ (PEP 654): the start of an except* statement's handler at k, after
 * PUSH_EXC_INFO: the list of raised exceptions goes below a copy of the
 * group (3.11 `COPY 1; BUILD_LIST 0; SWAP 2`, 3.12+ `BUILD_LIST 0; COPY 2`).
 * Its length, or 0. */
static int star_prologue_len(const dc *d, int k)
{
    const dp_ins *x = &d->ins[k];
    if (d->version < 311 || k + 3 > d->count)
        return 0;
    if (x[0].op == DP_OP_COPY && x[0].arg == 1 && x[1].op == DP_OP_BUILD_LIST && x[1].arg == 0 &&
        x[2].op == DP_OP_SWAP && x[2].arg == 2)
        return 3;
    if (x[0].op == DP_OP_BUILD_LIST && x[0].arg == 0 && x[1].op == DP_OP_COPY && x[1].arg == 2)
        return 2;
    return 0;
}

/* Whether the clause's name's cleanup `e = None; del e` is at k. */
static int cleans_up_name(const dc *d, int k, const char *name)
{
    return after_name_cleanup(d, k) == k + 3 && d->ins[k + 1].name == name;
}

/* The handler X of an except* clause's body: `[LOAD_CONST None; STORE e;
 * DELETE e;] LIST_APPEND 3; POP_TOP; [LIST_APPEND 1;] JUMP` (what the body
 * raised goes into the list, and the next clause runs).  Its end, or -1. */
static int star_body_handler_end(const dc *d, int X, const char *name)
{
    int q = X;
    if (X < 0 || X + 3 > d->count)
        return -1;
    if (name) {
        if (X + 6 > d->count || !cleans_up_name(d, q, name))
            return -1;
        q += 3;
    }
    if (d->ins[q].op != DP_OP_LIST_APPEND || d->ins[q].arg != 3 || d->ins[q + 1].op != DP_OP_POP_TOP)
        return -1;
    q += 2;
    if (q + 1 < d->count && d->ins[q].op == DP_OP_LIST_APPEND && d->ins[q].arg == 1)
        q++;
    return q < d->count && d->ins[q].op == DP_N_JUMP ? q + 1 : -1;
}

/* An except* clause's normal end at k, after its body, where the name's
 * cleanup and a jump (over a jump, 3.11 and 3.12) go to `resume`, the code
 * after the POP_TOP at the next clause's start (3.13 folds the group's
 * LIST_APPEND 1 that follows the last clause into the jump's block).
 * Marked; the index after it, or UNRECOVERED. */
static int star_clause_tail(dc *d, int k, const char *name, int resume)
{
    if (name) {
        if (!cleans_up_name(d, k, name))
            return fail(d, k, "an except* clause without its name's cleanup");
        mark(d, k, k + 3);
        k += 3;
    }
    int q = k;
    if (q + 1 < d->count && d->ins[q].op == DP_OP_LIST_APPEND && d->ins[q].arg == 1 &&
        d->ins[q + 1].op == DP_N_JUMP && d->ins[resume].op == DP_OP_LIST_APPEND && d->ins[resume].arg == 1 &&
        d->ins[q + 1].target == resume + 1) {
        mark(d, q, q + 2);
        return q + 2;
    }
    if (q >= d->count || d->ins[q].op != DP_N_JUMP)
        return fail(d, q, "an except* clause that does not go on to the next");
    int t = d->ins[q].target;
    if (t == resume) {
        mark(d, q, q + 1);
        return q + 1;
    }
    /* (3.11, 3.12: over the jump that follows the clause's handler) */
    if (t > q && t < d->count && d->ins[t].op == DP_N_JUMP && d->ins[t].target == resume && !d->visits[t] &&
        t + 1 == resume - 1) {
        mark(d, q, q + 1);
        mark(d, t, t + 1);
        return q + 1;
    }
    return fail(d, q, "an except* clause that does not go on to the next");
}

/* The except* group's end at the POP_EXCEPT k: a jump to the code after
 * the statement, or that code (or a copy of it, a small exit block) right
 * here; never a return of the clause's own, which except* forbids.  Like
 * clause_tail. */
static int star_group_tail(dc *d, int k, int *jump_to)
{
    *jump_to = -1;
    if (k + 1 >= d->count || d->ins[k].op != DP_OP_POP_EXCEPT)
        return fail(d, k, "an except* statement without POP_EXCEPT");
    mark(d, k, k + 1);
    k++;
    if (d->ins[k].op == DP_N_JUMP) {
        mark(d, k, k + 1);
        *jump_to = d->ins[k].target;
        return k + 1;
    }
    if (d->normal[k] && !d->visits[k] && d->ins[k].stack >= 0 && !exit_call_at(d, k)) {
        *jump_to = k;
        return k;
    }
    return fail(d, k, "an except* statement ends unusually");
}

/* 3.11 places an except* statement's else block after its handlers (the
 * body's jump over them, at H - 1, goes there), falling into the code after
 * the statement, which the group's end jumps to or, a small exit block at
 * `tail`, copies.  For such a copy: where the else block falls into the
 * original, the first copy of it from there that the else block's own jumps
 * do not pass; else -1. */
static int star_else_join_311(const dc *d, int H, int maxk, int body_end, int tail)
{
    if (d->version != 311 || H - 1 < body_end || d->ins[H - 1].op != DP_N_JUMP || d->ins[H - 1].target < maxk)
        return -1;
    int t = d->ins[H - 1].target, far = t;
    for (int q = t + 1; q < d->count; q++) {
        const dp_ins *x = &d->ins[q - 1];
        if (x->target > far)
            far = x->target;
        if (x->target >= 0 && x->target < t)
            return -1;   /* (a loop inside: not read here) */
        if (far <= q && !ends_block(x->op) && same_exit(d, tail, q) > 0)
            return q;
    }
    return -1;
}

/* The except* clauses of a handler from k, after its prologue, each
 * `<type>; CHECK_EG_MATCH; COPY 1; POP_JUMP_IF_NONE next; STORE e|POP_TOP;
 * body; tail`, next: `POP_TOP`; then the group's end: `LIST_APPEND 1;
 * PREP_RERAISE_STAR; COPY 1; POP_JUMP_IF_NOT_NONE R; POP_TOP` and the
 * POP_EXCEPT that the caller reads as a clause's end (with R: `SWAP 2;
 * POP_EXCEPT; RERAISE 0`).  Every clause but the last goes into s; the
 * last one into *last with its body in *last_body.  *ce: the POP_EXCEPT;
 * *maxk: past the handler's cleanup. */
static int star_clauses(dc *d, int k, int cleanup, const stk *st, dp_stmt *s, dp_excepthandler **last,
                        slist *last_body, int *ce, int *maxk)
{
    dp_excepthandler *h = NULL;
    slist cbody = {0};
    if (cleanup < 0 || cleanup + 3 > d->count || d->ins[cleanup].op != DP_OP_COPY ||
        d->ins[cleanup].arg != 3 || d->ins[cleanup + 1].op != DP_OP_POP_EXCEPT ||
        d->ins[cleanup + 2].op != DP_OP_RERAISE)
        return fail(d, k, "an except* handler without its cleanup");
    *maxk = cleanup + 3;
    for (int clauses = 0; clauses < 256; clauses++) {
        if (k >= d->count)
            return fail(d, k, "an except* handler runs off the end");
        if (d->ins[k].op == DP_OP_LIST_APPEND && d->ins[k].arg == 1)
            break;   /* the group's end */
        cbody = (slist){0};   /* (the last clause's is left for the caller) */
        h = alloc(d, sizeof *h);
        if (!h)
            return -1;
        stk cst;
        slist none = {0};
        TRY(stk_copy(d, st, &cst));
        TRY(push_exc(d, &cst, 4));   /* (the exception before, the group, the list, the group left) */
        int m = k;
        while (m < d->count && d->ins[m].op != DP_OP_CHECK_EG_MATCH) {
            int nx;
            if (is_control_op(d->ins[m].op) || m >= cleanup)
                return fail(d, m, "an except* clause without its match");
            mark(d, m, m + 1);
            TRY(step(d, &cst, &none, m, &nx));
            m = nx;
        }
        if (m == k || m + 4 >= d->count || none.n || d->ins[m + 1].op != DP_OP_COPY ||
            d->ins[m + 1].arg != 1 || d->ins[m + 2].op != DP_OP_POP_JUMP_IF_NONE)
            return fail(d, k, "an except* clause without its match");
        TRY(pop_expr(d, &cst, &none, m, &h->type));
        int next_clause = d->ins[m + 2].target;
        if (next_clause <= m + 2 || next_clause + 1 >= d->count || d->ins[next_clause].op != DP_OP_POP_TOP)
            return fail(d, m + 2, "an except* clause without its next");
        if (is_name_store(d->ins[m + 3].op))
            h->name = d->ins[m + 3].name;
        else if (d->ins[m + 3].op != DP_OP_POP_TOP)
            return fail(d, m + 3, "an except* clause that does not store or drop the group");
        mark(d, m, m + 4);
        /* (the body's handler: around those of the statements inside it) */
        int body_start = m + 4, X = raw_handler(d, body_start), e = body_start, x_end = -1;
        for (int guard = 0; X >= 0 && X != cleanup && guard < 64; guard++, X = raw_handler(d, X))
            if ((x_end = star_body_handler_end(d, X, h->name)) > 0)
                break;
        if (x_end > 0) {
            while (e < d->count && e != next_clause && under_raw_or_jump(d, e, X))
                e++;
        }   /* (else an empty body, `pass`: the handler is dead, left out of the table) */
        TRY(run_sub(d, body_start, e, e, NULL, &cst, &cbody, NULL));
        if (!ends_flow(d, &cbody))
            TRY(star_clause_tail(d, e, h->name, next_clause + 1));
        if (!cbody.n)
            TRY(one_stmt_list(d, &cbody, DP_S_PASS));
        h->body = sl_list(&cbody);
        mark(d, next_clause, next_clause + 1);
        k = next_clause + 1;
        if (d->ins[k].op != DP_OP_LIST_APPEND)
            TRY(handler_list_append(d, &s->u.try_.handlers, h));
    }
    if (!h)
        return fail(d, k, "an except* statement without clauses");
    /* the group's end */
    const dp_ins *x = &d->ins[k];
    int prep = d->version == 311 ? x[1].op == DP_OP_PREP_RERAISE_STAR
                                 : x[1].op == DP_OP_CALL_INTRINSIC_2 && x[1].arg == 1;
    if (k + 7 > d->count || !prep || x[2].op != DP_OP_COPY || x[2].arg != 1 ||
        x[3].op != DP_OP_POP_JUMP_IF_NOT_NONE || x[4].op != DP_OP_POP_TOP || x[5].op != DP_OP_POP_EXCEPT)
        return fail(d, k, "an except* statement without its re-raise");
    int R = x[3].target;
    if (R < 0 || R + 3 > d->count || d->ins[R].op != DP_OP_SWAP || d->ins[R].arg != 2 ||
        d->ins[R + 1].op != DP_OP_POP_EXCEPT || d->ins[R + 2].op != DP_OP_RERAISE || d->ins[R + 2].arg != 0)
        return fail(d, k + 3, "an except* statement without its re-raise");
    mark(d, k, k + 5);
    mark(d, R, R + 3);
    claim(d, R, R + 3);
    if (R + 3 > *maxk)
        *maxk = R + 3;
    *last = h;
    *last_body = cbody;
    *ce = k + 5;
    return 0;
}

static int try_stmt_in(dc *d, int i, int H, const region *rg, stk *st, slist *out, int *next)
{
    int saved = d->cur_handler, body_end = body_end_under(d, i, H, rg->hi, rg->loop);
    int maxk = H, cleanup = raw_handler(d, H);
    slist body = {0};
    dp_stmt *s = mk_stmt(d, DP_S_TRY);
    try_exits ex = {-1, -1};
    int cont = -1;   /* where an except clause falls into the code after the try */
    if (!s)
        return -1;
    if (H + 1 >= d->count || d->ins[H + 1].op == DP_OP_WITH_EXCEPT_START)
        return fail(d, i, "a with block without BEFORE_WITH");
    stk after;
    dp_expr *pending = NULL;   /* `return value` in the body: the value waits */
    int body_falls = -1;       /* 3.13: where the body's last statement jumps past the handlers */
    d->cur_handler = H;
    d->try_falls_to = &body_falls;
    int r = run_sub(d, i, body_end, body_end, rg->loop, st, &body, &after);
    d->cur_handler = saved;
    TRY(r);
    if (d->reached > body_end)   /* an inner statement took the return after it */
        body_end = d->reached;
    if (body_end < H && d->claimed[body_end] && !d->visits[body_end] && !ends_flow(d, &body) &&
        d->ins[body_end - 1].op != DP_N_JUMP) {
        /* 3.12+: the body falls into the loop's exit, placed right after
         * it and hidden from the loop (see bottom_test_apart): `break`;
         * into other code hidden from it, nothing this reads */
        const loopctx *lp = rg->loop;
        if (!(lp && lp->brk >= 0 && lp->brk < d->count && d->ins[lp->brk].op == DP_N_JUMP &&
              d->ins[lp->brk].target == body_end && after.n == st->n))
            return fail(d, body_end, "a try body falls into code placed apart");
        TRY(sl_push(d, &body, mk_stmt(d, DP_S_BREAK)));
    }
    if (body_end < H && d->visits[body_end] && d->ins[body_end].op == DP_OP_RETURN_VALUE)
        body_end++;   /* (so did a with's return of a value, past its __exit__ call) */
    else if (body_end + 1 < H && d->visits[body_end] && d->visits[body_end + 1] &&
             d->ins[body_end].op == DP_OP_LOAD_CONST && d->ins[body_end + 1].op == DP_OP_RETURN_VALUE)
        body_end += 2;   /* (or of a constant: see with_returns_const) */
    if (after.n == st->n + 1 && !ends_flow(d, &body)) {
        slist none = {0};
        TRY(pop_expr(d, &after, &none, body_end, &pending));
    } else if (after.n != st->n && !ends_flow(d, &body)) {
        return fail(d, i, "a try body leaves values on the stack");
    }
    mark(d, H, H + 1);  /* PUSH_EXC_INFO */

    /* finally: the handler is the finally body and RERAISE 0, and the
     * normal path runs a copy of it */
    int k = H + 1, typed_end = -1, star = star_prologue_len(d, H + 1);
    if (star) {
        mark(d, k, k + star);
        k += star;
        s->u.try_.is_star = 1;
    }
    if (!star) {
        stk probe;
        slist none = {0};
        TRY(stk_copy(d, st, &probe));
        TRY(push_exc(d, &probe, 2));
        int base = probe.n;
        for (int q = k; q < d->count && q < k + 64; q++) {
            int nx;
            if (d->ins[q].op == DP_OP_CHECK_EXC_MATCH && probe.n == base + 1) {
                typed_end = q;
                break;
            }
            if (is_control_op(d->ins[q].op) || step(d, &probe, &none, q, &nx) != 0 || none.n || probe.n < base)
                break;
        }
        d->why[0] = 0;
    }
    if (!star && d->ins[k].op != DP_OP_POP_TOP && typed_end < 0) {
        int fb_lo = -1, returns = 0, len = finally_block_or_return(d, H, cleanup, &fb_lo, &returns);
        if (fb_lo != k)
            return fail(d, H, "a finally block without its RERAISE");
        int fb_end = k + len + !returns;   /* (after its RERAISE 0, or its return) */
        slist fbody = {0};
        stk fst;
        TRY(stk_copy(d, st, &fst));
        TRY(push_exc(d, &fst, 2));
        int fb_last = fb_end - !returns;
        TRY(run_sub(d, k, fb_last, fb_last, rg->loop, &fst, &fbody, NULL));
        mark(d, fb_last, fb_end);
        maxk = fb_end;
        /* the normal path's copy */
        int copy_len = finally_copy_len(d, body_end, k, len);
        int join = body_end + copy_len;
        if (!ends_flow(d, &body) && !(copy_len < 0 && never_completes(d, i, body_end))) {
            if (copy_len >= 0) {
                r = claim_copy_handlers(d, body_end, join, H, fb_end, cleanup);
                if (r == -1)
                    return -1;
                if (r == 0)
                    mark(d, body_end, join);
                else
                    copy_len = -1;   /* (laid out otherwise: compared as a graph below) */
            }
            if (copy_len < 0) {
                uint8_t *in_copy = NULL;
                r = finally_copy_graph(d, body_end, k, fb_last, H, fb_end, &in_copy, &join);
                if (r < 0)
                    return -1;
                if (r > 0)
                    return d->why[0] ? UNRECOVERED
                                     : fail(d, body_end, "the normal path does not repeat the finally block");
                d->why[0] = 0;
                for (int q = 0; q < d->count; q++)
                    if (in_copy[q]) {
                        mark(d, q, q + 1);
                        claim(d, q, q + 1);
                    }
            }
        } else {
            join = body_end;
        }
        if (pending) {
            join = return_pending(d, join, pending, &body, body_end);
            TRY(join);
        }
        /* 3.11: a return right after the normal path's copy, before the
         * handler, is the body's last statement (the code after the
         * statement would follow the handlers, behind a jump); but for a
         * `return None`, which may be the function's final return, copied
         * there as an exit block without a line number */
        int ret_end = d->version == 311 && !pending && !ends_flow(d, &body) && join < H
                          ? straight_exit_end(d, join) : -1;
        if (ret_end == H && d->ins[H - 1].op == DP_OP_RETURN_VALUE && !is_none_return_at(d, join)) {
            TRY(run_sub(d, join, H, H, rg->loop, st, &body, NULL));
            join = maxk;
        }
        s->u.try_.body = sl_list(&body);
        if (!fbody.n)
            TRY(one_stmt_list(d, &fbody, DP_S_PASS));
        s->u.try_.finalbody = sl_list(&fbody);
        merge_try_finally(s, &body);
        claim(d, H, maxk);
        /* 3.11 puts the handler after the normal path, behind a jump */
        if (join < rg->hi && d->ins[join].op == DP_N_JUMP && join + 1 == H && d->ins[join].target > join) {
            mark(d, join, join + 1);
            join = d->ins[join].target;
        }
        *next = (join > rg->hi) ? rg->hi : join;
        TRY(sl_push(d, out, s));
        if (join > rg->hi && join != rg->follow && !ends_flow(d, &body) && rg->try_falls_to &&
            d->version >= 313 && *next == rg->hi && join < d->count && !d->visits[join] && !d->claimed[join]) {
            /* 3.13: the last statement of a try body, its normal path's
             * jump threaded past that try's handlers to the code after
             * it: the try's join, which it checks */
            *rg->try_falls_to = join;
            return 0;
        }
        if (join > rg->hi && join != rg->follow && !ends_flow(d, &body))   /* (the normal path goes
                                                                             * on elsewhere) */
            return loop_exit_stmt(d, join, rg->loop, out, join, "a try/finally that goes on outside its block");
        return 0;
    }

    /* except clauses */
    if (pending) {
        body_end = return_pending(d, body_end, pending, &body, body_end);
        TRY(body_end);
    }
    s->u.try_.body = sl_list(&body);
    for (;;) {
        dp_excepthandler *h = alloc(d, sizeof *h);
        slist cbody = {0};
        int body_start;
        if (!h)
            return -1;
        if (d->ins[k].op == DP_OP_RERAISE && d->ins[k].arg == 0) {
            mark(d, k, k + 1);
            maxk = k + 1 > maxk ? k + 1 : maxk;
            break;
        }
        stk cst, cafter;
        dp_expr *cpending = NULL;
        int next_clause = -1, ce = -1, brk_end = -1, brk_for = -1, brk_len = 0;
        if (star) {
            /* every except* clause, and the group's end, which ends like a clause */
            TRY(star_clauses(d, k, cleanup, st, s, &h, &cbody, &ce, &maxk));
            goto clause_end;
        }
        TRY(stk_copy(d, st, &cst));
        TRY(push_exc(d, &cst, 2));
        if (d->ins[k].op == DP_OP_POP_TOP) {
            body_start = k + 1;
            mark(d, k, k + 1);
        } else {
            /* type: the value pushed above the exception before CHECK_EXC_MATCH */
            int m = k;
            slist none = {0};
            while (m < d->count && d->ins[m].op != DP_OP_CHECK_EXC_MATCH) {
                int nx;
                mark(d, m, m + 1);
                TRY(step(d, &cst, &none, m, &nx));
                m = nx;
            }
            if (m + 2 >= d->count || d->ins[m + 1].op != DP_OP_POP_JUMP_IF_FALSE || none.n)
                return fail(d, k, "an except clause without its match");
            TRY(pop_expr(d, &cst, &none, m, &h->type));
            next_clause = d->ins[m + 1].target;
            mark(d, m, m + 2);
            if (is_name_store(d->ins[m + 2].op)) {
                h->name = d->ins[m + 2].name;
            } else if (d->ins[m + 2].op != DP_OP_POP_TOP) {
                return fail(d, m + 2, "an except clause that does not store or drop the exception");
            }
            mark(d, m + 2, m + 3);
            body_start = m + 3;
        }
        cst.n--;  /* the exception, stored or dropped */
        /* the clause body: under the name's cleanup handler, or under the
         * handler's own cleanup */
        int X = cleanup;
        if (h->name) {
            int hh = raw_handler(d, body_start);
            for (int guard = 0; hh >= 0 && guard < 64; guard++, hh = raw_handler(d, hh)) {
                if (hh == cleanup)
                    break;
                if (d->ins[hh].op == DP_OP_LOAD_CONST && hh + 1 < d->count && d->ins[hh + 1].name == h->name) {
                    X = hh;
                    break;
                }
            }
        }
        ce = body_start;
        for (;;) {
            /* (a returned value is swapped below the exception before
             * POP_EXCEPT: that SWAP belongs to the clause's end; a
             * POP_EXCEPT under X ends a handler nested in the body) */
            while (ce < d->count && ce != next_clause && under_raw_or_jump(d, ce, X) &&
                   !(d->ins[ce].op == DP_OP_SWAP && d->ins[ce].arg == 2 && ce + 1 < d->count &&
                     d->ins[ce + 1].op == DP_OP_POP_EXCEPT))
                ce++;
            /* a continue or break from inside the body, which the body
             * goes on after (`if c: continue` then more of the clause) */
            /* (not where the rest only raises or returns and one test
             * jumps there: `if c: ... else: raise` at the clause's end,
             * which ends the same way, reads as written; see
             * lone_exit_block.  Only where the jump can be the clause's
             * own end, which the compiler places before the else-part:
             * 3.13's jump to the loop's bottom test.  A jump to the loop's
             * first test is a `continue`, and a jump to its exit (or to a
             * copy of the code after it) a `break`, each placed where
             * written: `if c: ...; break` then `raise`; but not a break
             * whose else-part the clause goes on after (3.11: a try's
             * handlers, after its else block), left as read) */
            int is_break, copy_at, le = clause_loop_exit(d, ce, rg->loop, &is_break, &copy_at);
            int le_end = le > ce && le < d->count ? lone_exit_block(d, le, ce - 1, le) : -1;
            const loopctx *lp = rg->loop;
            int own_end = le > ce && ((is_break && le_end > le && le_end < d->count && le_end != next_clause &&
                                       under_raw_or_jump(d, le_end, X)) ||
                                      (!is_break && lp->cont2 >= 0 && d->ins[le - 1].target == lp->cont2 &&
                                       lp->cont2 != lp->head && lp->cont2 != lp->cont3));
            /* (lone_exit_block: under the handler of the clause's last
             * instruction, ce - 1; no stack check, T = le itself) */
            if (le > ce && le < d->count && jumped_to(d, body_start, ce, le) &&
                !(own_end && reached_only_from(d, body_start, ce, le) && le_end > le)) {
                ce = le;
                continue;
            }
            /* (a break or continue out of an except clause nested in the
             * body, leaving this clause too: see nested_clause_exit) */
            int ne = ce > body_start ? nested_exit_past(d, ce, rg->loop) : -1, goes_on = 0;
            for (int q = body_start; ne > ce && q < ce && !goes_on; q++)
                goes_on = d->ins[q].target >= ne;   /* (past the inner handler's cleanup after it) */
            if (ne > ce && ne < d->count && goes_on) {
                ce = ne;
                continue;
            }
            /* 3.12+: a `break` out of a for loop ending the body, whose
             * jump to the clause's end after the loop got a copy of that
             * end: the body goes on to the loop's exit */
            int fx = ce < d->count && ce > body_start && d->ins[ce].op == DP_OP_POP_EXCEPT &&
                     d->ins[ce - 1].op == DP_OP_POP_TOP ? for_exit_copied(d, body_start, ce) : -1;
            if (fx > ce) {
                ce = fx;
                continue;
            }
            /* 3.13: the clause's end follows a `break` out of a for loop
             * whose else block cannot complete: the clause runs on to
             * that block's end, its end read after it */
            int be = clause_break_end(d, body_start, ce, X, rg->loop, &brk_for, &brk_len);
            if (be > ce) {
                brk_end = ce;
                ce = be;
                break;
            }
            /* a return from inside the body, which the body goes on after */
            /* (or whose code jumps to the clause's own end after it:
             * `if c: ...; return` as the clause's last statement; not
             * where that end returns too, a copy of the function's end
             * for each branch; but a return of a value is no copy of the
             * clause's end, which returns None: `if c: return v` as the
             * clause's last statement, at the function's end) */
            int re = clause_or_nested_return_end(d, ce);
            if (re < 0 || !(reached_from(d, body_start, ce, re, X) ||
                            (re < d->count && d->ins[re].op == DP_OP_POP_EXCEPT &&
                             (clause_return_end(d, re) < 0 || same_exit(d, re, ce) < 0) &&
                             jumped_to(d, body_start, ce, re))))
                break;
            ce = re;
        }
        int saved_for = d->clause_brk_for, saved_end = d->clause_brk_end;
        if (brk_end >= 0) {
            claim(d, brk_end, brk_end + brk_len);
            d->clause_brk_for = brk_for;
            d->clause_brk_end = brk_end;
        }
        r = run_sub(d, body_start, ce, ce, rg->loop, &cst, &cbody, &cafter);
        d->clause_brk_for = saved_for;
        d->clause_brk_end = saved_end;
        TRY(r);
        if (brk_end >= 0 && !d->visits[brk_end - 1])
            return fail(d, brk_end, "an except clause's end after a break that is none");
        if (cafter.n == cst.n + 1) {
            slist none = {0};
            TRY(pop_expr(d, &cafter, &none, ce, &cpending));
        } else if (cafter.n != cst.n && !ends_flow(d, &cbody)) {
            return fail(d, body_start, "an except clause leaves values on the stack");
        }
    clause_end:;
        int end = ce;
        size_t clause_stmts = cbody.n;
        int nested_end = !star && !cpending && !ends_flow(d, &cbody) ? nested_clause_exit(d, ce, rg->loop, st, &cbody)
                                                                     : 0;
        TRY(nested_end);
        if (nested_end > 0) {
            end = nested_end;   /* (a break or continue out of the clauses around it too) */
        } else if (star || !ends_flow(d, &cbody) || cpending) {
            int jump_to;
            end = star ? star_group_tail(d, ce, &jump_to)
                       : clause_tail(d, brk_end >= 0 ? brk_end : ce, h->name, cpending, &cbody, &jump_to);
            TRY(end);
            if (brk_end >= 0 && (cpending || end != brk_end + brk_len || jump_to < 0))
                return fail(d, brk_end, "an except clause's end after a break, read otherwise");
            int canon = (H - 1 >= body_end && d->ins[H - 1].op == DP_N_JUMP) ? d->ins[H - 1].target : body_end, bt;
            int star_join = star && jump_to == end ? star_else_join_311(d, H, maxk, body_end, end) : -1;
            if (star_join > 0)
                canon = star_join;   /* (the else block's end, not its start) */
            else if (star && H - 2 >= body_end && d->ins[H - 2].op == DP_OP_CLEANUP_THROW)
                canon = body_end;    /* (the jump at H - 1 is an await's, back to its END_SEND) */
            const loopctx *loop = rg->loop;
            if (jump_to == end && loop && loop->is_for && end + 1 < d->count && d->ins[end].op == DP_OP_POP_TOP &&
                d->ins[end + 1].op == DP_N_JUMP && d->ins[end + 1].target == loop->brk) {
                /* `break` out of a for loop: the iterator goes */
                mark(d, end, end + 2);
                TRY(sl_push(d, &cbody, mk_stmt(d, DP_S_BREAK)));
                end += 2;
                jump_to = -1;
            } else if (jump_to == end && loop && loop->is_for && end + 1 < d->count &&
                       d->ins[end].op == DP_OP_POP_TOP && !d->claimed[end + 1] && loop->brk >= 0 &&
                       loop->brk != end + 1 && loop->brk < d->count && same_exit(d, end + 1, loop->brk) > 0) {
                /* 3.12+: `break` out of a for loop: the iterator goes, and
                 * the jump to the code after the loop gets a copy of it */
                int n = same_exit(d, end + 1, loop->brk);
                if (!equiv_code(d, end + 1, loop->brk))
                    return fail(d, end, "an except clause breaks into a copy of unusual code");
                mark(d, end, end + 1);
                TRY(sl_push(d, &cbody, mk_stmt(d, DP_S_BREAK)));
                end += 1 + n;
                jump_to = -1;
            } else if (jump_to == end && !ends_flow(d, &body) && !d->claimed[end] && equiv_code(d, end, canon)) {
                /* 3.12+: a copy of the code the body continues with */
                jump_to = canon;
            } else if (jump_to == end && !ends_flow(d, &body) && !d->claimed[end] && rg->follow >= 0 &&
                       rg->follow != canon && same_exit(d, end, rg->follow) > 0 && equiv_code(d, end, rg->follow)) {
                /* 3.12+: a copy of the code after the enclosing block,
                 * which the body (through its else block) goes on to */
                jump_to = rg->follow;
            } else if (jump_to == end && loop && !loop->is_for && !d->claimed[end] && loop->brk >= 0 &&
                       loop->brk != end && loop->brk < d->count && same_exit(d, end, loop->brk) > 0) {
                /* 3.12+: `break` out of a while loop, a copy of the code
                 * after the loop */
                int n = same_exit(d, end, loop->brk);
                if (!equiv_code(d, end, loop->brk))
                    return fail(d, end, "an except clause breaks into a copy of unusual code");
                TRY(sl_push(d, &cbody, mk_stmt(d, DP_S_BREAK)));
                end += n;
                jump_to = -1;
            } else if (jump_to == end && !ends_flow(d, &body) && !d->claimed[end] && canon != body_end &&
                       body_end == rg->hi && same_exit(d, end, body_end) > 0 && equiv_code(d, end, body_end)) {
                /* 3.13: the body goes on with the end of the enclosing
                 * block (an outer clause's POP_EXCEPT and jump), of which
                 * the clause has a copy */
                jump_to = body_end;
            } else if (jump_to == end && !ends_flow(d, &body) &&
                       (bt = break_into_loop_tail(d, loop, end, 0, st, &cbody, d->cur_handler)) != 0) {
                /* 3.12+: `break` out of a while loop that has no code
                 * after it of its own: the clause holds the only copy */
                TRY(bt);
                jump_to = -1;
            } else if (jump_to == end && !ends_flow(d, &body) && !d->claimed[end] &&
                       d->body_kind == BODY_FUNCTION && nested_clause_return(d, end) > end) {
                /* `return None` that leaves the except clauses around this
                 * one too (the clauses' end, where the function ends too,
                 * reads the same: see after_return_unwind) */
                end = nested_clause_return_stmt(d, end, &cbody);
                TRY(end);
                jump_to = -1;
            } else if (jump_to == end && !ends_flow(d, &body) && !d->claimed[end] && exit_len(d, end) > 0 &&
                       H - exit_len(d, end) > body_end && same_exit(d, end, H - exit_len(d, end)) > 0 &&
                       try_else_ends_flow(d, body_end, H) &&
                       equiv_code(d, end, H - exit_len(d, end))) {
                /* 3.12+: the code after the try, a small exit block, ends
                 * the else block too (the else block falls into it): the
                 * clause has a copy */
                jump_to = H - exit_len(d, end);
            } else if (jump_to == end && !ends_flow(d, &body) && (bt = copy_to_region_end(d, end, body_end, H, rg->hi)) >= 0) {
                /* 3.12+: the code after the try runs on to the end of the
                 * finally block holding it: the clause has a copy */
                jump_to = bt;
            } else if (jump_to == end && !ends_flow(d, &body) && (bt = copy_of_exit_before(d, end, body_end, H)) >= 0) {
                /* 3.12+: the code after the try, a small exit block that
                 * the body falls into before the handlers: the clause has a
                 * copy */
                jump_to = bt;
            } else if (jump_to == end && !ends_flow(d, &body) && !try_else_ends_flow(d, body_end, H)) {
                return fail(d, end, "an except clause falls into code the try body also reaches");
            } else if (jump_to >= 0 && jump_to != end && !ends_flow(d, &body) && !pending && rg->loop &&
                       body_end == rg->hi && is_continue_target(rg->loop, rg->follow) &&
                       is_placed_apart(d, jump_to, body_end, rg) && jump_to > H &&
                       (is_continue_target(rg->loop, exit_jump_target(d, jump_to)) ||
                        ((bt = apart_end(d, jump_to, rg, -1)) > jump_to && d->ins[bt - 1].op == DP_N_JUMP &&
                         is_continue_target(rg->loop, d->ins[bt - 1].target)))) {
                /* 3.12+: the body ends in `continue` (the loop's own back
                 * jump, where the block ends), and the code after the try,
                 * which only the clauses reach, is placed after the
                 * handlers, back to the loop's head from there.  Earlier
                 * clauses that went back to the head, taken as the join,
                 * skip that code: theirs is `continue` too */
                if (ex.join >= 0 && ex.join != rg->follow)
                    return fail(d, end, "except clauses that continue in different code");
                if (ex.join >= 0) {
                    TRY(clauses_end_in_continue(d, s));
                    ex.join = -1;
                }
                TRY(sl_push(d, &body, mk_stmt(d, DP_S_CONTINUE)));
                s->u.try_.body = sl_list(&body);
                cont = ex.cont = jump_to;
                jump_to = -1;   /* recovered below */
            } else if (jump_to == end || (jump_to >= 0 && (ends_flow(d, &body) || never_completes(d, i, body_end)) &&
                                          is_placed_apart(d, jump_to, body_end, rg))) {
                if ((cont >= 0 && cont != jump_to) || (ex.join >= 0 && ex.join != jump_to))
                    return fail(d, end, "except clauses that continue in different code");
                cont = ex.cont = jump_to;
                if (is_placed_apart(d, jump_to, body_end, rg))
                    jump_to = -1;   /* recovered below */
            }
            if (jump_to >= 0 && jump_to != end && !(jump_to >= body_end && jump_to <= rg->hi) &&
                (bt = clause_return_apart(d, jump_to, &cbody)) != 0) {
                /* 3.13: the clause's end is a return that leaves the
                 * try/finally around it, placed apart (not the end of the
                 * block, where the clause completes into that try's
                 * finally block) */
                TRY(bt);
                jump_to = -1;
            }
            if (jump_to >= 0 && jump_to != end && (bt = break_into_loop_tail(d, loop, jump_to, 1, st, &cbody, d->cur_handler)) != 0) {
                /* `break` out of a while loop that has no exit of its own:
                 * the code after the loop follows the handlers */
                TRY(bt);
                jump_to = -1;
            }
            if (jump_to >= 0 && !star && rg->loop && is_continue_target(rg->loop, jump_to) &&
                !ends_flow(d, &body) &&
                canon > H && canon <= rg->hi && canon != jump_to && canon != rg->loop->brk &&
                !(d->ins[canon].op == DP_N_JUMP && d->ins[canon].target == jump_to)) {
                /* 3.11: the body jumps over the handlers to the code after
                 * the try; a clause that goes back to the loop's head instead
                 * ends in `continue` */
                TRY(sl_push(d, &cbody, mk_stmt(d, DP_S_CONTINUE)));
                jump_to = -1;
            }
            /* (3.12+, a for loop: where the try is in the loop's body itself
             * (not in a branch of an if there, whose end the compiler folds
             * back to the head too) and the code the body goes on to has an
             * if whose test's jump back is folded, its own: that if ends
             * the loop's body, in no else block, which would have it jump
             * to the block's end) */
            int at = rg->loop && rg->hi < d->count && d->ins[rg->hi].op == DP_N_JUMP &&
                     d->ins[rg->hi].target == rg->loop->head ? rg->hi + 1 : rg->hi;
            int folded_after = 0, ends_body = rg->loop && at < d->count &&
                                              (at == rg->loop->brk || d->ins[at].op == DP_OP_END_FOR);
            for (int q = body_end; d->version >= 312 && ends_body && rg->loop->is_for && q < H && !folded_after; q++)
                folded_after = is_pjif(d->ins[q].op) && (d->ins[q].flag & DP_FLAG_FOLDED_BACK) &&
                               d->ins[q].target == jump_to;
            if (jump_to >= 0 && d->version >= 311 && rg->loop && (!rg->loop->is_for || folded_after) &&
                jump_to == rg->loop->head && rg->loop->cont2 < 0 && rg->loop->cont3 < 0 &&
                end > 0 && d->ins[end - 1].op == DP_N_JUMP && d->ins[end - 1].target == jump_to &&
                jump_to < end - 1 && !(d->ins[end - 1].flag & DP_FLAG_NO_INTERRUPT)) {
                /* a clause's jump back to the loop's head that is not the
                 * compiler's own end of the clause (3.11: a jump forward to
                 * the try's end; 3.12+: a JUMP_BACKWARD_NO_INTERRUPT,
                 * threaded back where the try ends a loop's body): the
                 * source's `continue` */
                TRY(sl_push(d, &cbody, mk_stmt(d, DP_S_CONTINUE)));
                jump_to = -1;
            }
            if (jump_to >= 0) {
                TRY(earlier_clauses_continue(d, s, jump_to, body_end, rg, &ex));
                TRY(clause_jump(d, jump_to, body_end, rg, &cbody, &ex));
            }
        }
        if (star && cbody.n != clause_stmts)   /* (no break, continue or return there) */
            return fail(d, ce, "an except* statement that ends in a jump out of it");
        if (end > maxk)
            maxk = end;
        if (ce > maxk && brk_end >= 0)
            maxk = ce;   /* (past the loop's else block, after that end) */
        if (!cbody.n)
            TRY(one_stmt_list(d, &cbody, DP_S_PASS));
        h->body = sl_list(&cbody);
        TRY(handler_list_append(d, &s->u.try_.handlers, h));
        if (next_clause < 0)
            break;     /* a bare except is the last */
        k = next_clause;
    }
    claim_handlers(d, H, maxk, cont);
    /* the normal path after the body: else block, then the join (3.11: a
     * jump over the handlers right before H) */
    int join = ex.join, else_end, else_lo = body_end;
    if (body_falls >= 0) {
        /* 3.13: the body's last statement (a try/finally) goes on past the
         * handlers, its jump threaded there: where the clauses go on too
         * (no else block, where the compiler would jump over the handlers) */
        if (ends_flow(d, &body) || pending || star || cont >= 0 || join != body_falls ||
            !only_claimed(d, body_end, H))
            return fail(d, body_end, "a try body whose last statement goes on past the handlers");
        else_end = body_end;
    } else if (star && d->version == 311 && join >= 0 && H - 1 >= body_end && d->ins[H - 1].op == DP_N_JUMP &&
        !d->claimed[H - 1] && d->ins[H - 1].target >= maxk && d->ins[H - 1].target != join &&
        d->ins[H - 1].target < rg->hi &&
        ((join > d->ins[H - 1].target && join <= rg->hi) || join == rg->follow)) {
        /* 3.11: the else block after the handlers, up to the code after
         * the statement (see star_else_join_311), or to the block's end
         * (a loop's body, which goes back to its head) */
        mark(d, H - 1, H);
        else_lo = d->ins[H - 1].target;
        else_end = join == rg->follow ? rg->hi : join;
    } else if (cont >= 0 && join == cont) {
        /* the body cannot complete: no else block, or one that cannot
         * complete either */
        else_end = !ends_flow(d, &body) && try_else_ends_flow(d, body_end, H) ? H : body_end;
    } else if (H - 1 >= body_end && H - 1 < rg->hi && d->ins[H - 1].op == DP_N_JUMP && !d->claimed[H - 1] &&
               !(d->ins[H - 1].target >= body_end && d->ins[H - 1].target < H - 1) &&
               !(H - 2 >= 0 && d->ins[H - 2].op == DP_OP_CLEANUP_THROW)) {
        /* (not a jump back into the code after the body: a loop's end,
         * in the else block; nor an await's cleanup going back to its
         * END_SEND) */
        int t = d->ins[H - 1].target;
        if (join >= 0 && join != t && t == rg->hi && t < d->count && d->ins[t].op == DP_N_JUMP &&
            d->ins[t].target == join && join == rg->follow)
            t = join;   /* to the loop's back jump, where the block goes anyway */
        if (rg->loop && !ends_flow(d, &body) &&
            (join >= 0 ? join != t && (t == rg->loop->brk || is_continue_target(rg->loop, t))
                       : t >= rg->hi && t == rg->loop->brk && rg->loop->is_for && d->version >= 311)) {
            /* the normal path ends in `break` or `continue` (after a for
             * loop's POP_TOP of its iterator), the clauses go on after the
             * statement; or it breaks out of a for loop that nothing jumps
             * back in, none completing: an else block with the jump (the
             * block's end, or past it where the try ends a then-part in
             * the loop: `if c: try: ... except E: continue else: break`) */
            else_end = H;
        } else if (join >= body_end && join < H - 1 && (t == rg->hi || d->canon[H - 1]) && d->canon[join]) {
            /* 3.12+: the clauses go on with the code after the try, which
             * runs on to the end of the block, from the jump at H - 1 (see
             * copy_to_region_end): an else block up to it */
            else_end = join;
        } else {
            if (join >= 0 && join != t && d->version >= 311 && t < d->count && same_exit(d, join, t) > 0) {
                /* (the code after the try, a small exit block, and a copy
                 * of it: the one outside the block is the copy; where both
                 * are, so is the code the block goes on with) */
                int canon = t > rg->hi ? join : t, ok = 1;
                if (canon > rg->hi && rg->follow >= 0 && rg->follow < d->count && same_exit(d, canon, rg->follow) > 0)
                    canon = rg->follow;
                if (join != canon)
                    ok = !d->visits[join] && equiv_code(d, join, canon);
                if (ok && t != canon)
                    ok = !d->visits[t] && equiv_code(d, t, canon);
                if (ok)
                    join = t = canon;
            }
            if (join >= 0 && join != t)
                return fail(d, H - 1, "a try whose else and except clauses end at different places");
            join = t;
            else_end = H - 1;
            mark(d, H - 1, H);
        }
    } else if (join >= 0 && join == rg->follow && d->version >= 312 && is_continue_target(rg->loop, join) &&
               !ends_flow(d, &body) && body_end < rg->hi && order_against_handlers(d, body_end, rg->hi, H, maxk) < 0) {
        /* 3.12+: the clauses go back to the loop's head, the body on to
         * the code after it, which came after them in the source: each
         * clause that completes ends in `continue`, and that code follows
         * the statement (read as an else block, it would come first) */
        TRY(clauses_end_in_continue(d, s));
        join = -1;
        else_end = body_end;
    } else if (join >= 0 && join == rg->follow) {
        else_end = rg->hi;
    } else if (join < 0 && rg->follow < 0 && !ends_flow(d, &body) && body_end < rg->hi &&
               clauses_end_in_epilogue(d, s) && !(H > body_end && source_order(d, body_end, H, maxk) < 0) &&
               !handled_past(d, body_end, H > body_end && H < rg->hi ? H : rg->hi, maxk)) {
        /* 3.11+: every clause ends in a copy of the body's final return:
         * the code after the body is the else block, up to the end (but
         * where the clauses came first in the source, they end in a
         * return of their own, and that code follows the statement) */
        TRY(drop_clause_epilogues(d, s));
        else_end = rg->hi;
    } else if (join < 0 && cont < 0 && !ends_flow(d, &body) && H > body_end && H <= rg->hi &&
               !ends_block(d->ins[body_end - 1].op) && !entered_from_outside(d, body_end, H, i) &&
               ends_block(d->ins[H - 1].op) && d->ins[H - 1].op != DP_N_JUMP &&
               numbered_as_else_block(d, body_end, H, maxk)) {
        /* no clause completes, and the code the body falls into (and
         * nothing else reaches) ends before the handlers */
        else_end = H;
    } else if (join < 0 && cont < 0 && d->version >= 312 && !ends_flow(d, &body) && body_end < rg->hi &&
               (H >= rg->hi || (H > body_end && ends_block(d->ins[H - 1].op) && d->ins[H - 1].op != DP_N_JUMP)) &&
               only_entered_from(d, body_end, H < rg->hi ? H : rg->hi, i) &&
               order_against_handlers(d, body_end, H < rg->hi ? H : rg->hi, H, maxk) > 0) {
        /* 3.12+: the same, told by the numbering, where that code is not
         * straight (up to the handlers, which it ends before), or is the
         * rest of the block (the handlers placed past it) */
        else_end = H < rg->hi ? H : rg->hi;
    } else {
        else_end = (join >= 0 && join <= rg->hi) ? join : body_end;
    }
    if (join >= 0 && join != rg->follow && rg->follow >= 0 && rg->follow < d->count &&
        d->ins[rg->follow].op == DP_N_JUMP && d->ins[rg->follow].target == join && join < body_end)
        join = rg->follow;   /* (the loop's head, where the block's end jumps: `if c: try: ...` ending its body) */
    /* 3.11: the normal path jumps over the handlers out of the loop, a
     * `while True` that only its clauses continue (nothing else shows
     * where it ends): `break` follows the statement */
    int then_break = 0;
    if (join > rg->hi && join != rg->follow && d->version == 311 && rg->loop && join == rg->loop->brk && cont < 0 &&
        !ends_flow(d, &body) && else_end == H - 1) {
        then_break = 1;
        join = -1;
    }
    int falls_past = join > rg->hi && join != rg->follow && join < d->count && d->version >= 313 &&
                     rg->try_falls_to && cont < 0 && !then_break && else_end <= rg->hi && !d->claimed[join];
    if (join >= 0 && join != rg->follow && (join < body_end || join > rg->hi) && !falls_past)
        return fail(d, i, "a try statement ends outside its block");
    int tail_end = else_end > body_end && else_lo == body_end && cont < 0 && !ends_flow(d, &body)
                       ? straight_exit_end(d, body_end) : -1;
    if (tail_end > body_end && (tail_end == else_end || tail_end == H) &&
        tail_numbered_late(d, body_end, tail_end, H, maxk, tail_end, rg)) {
        /* the code the body falls into is the code after the loop, where a
         * `break` goes */
        int taken = break_into_loop_tail(d, rg->loop, body_end, 0, st, &body, saved);
        TRY(taken);
        if (taken) {
            s->u.try_.body = sl_list(&body);
            else_end = body_end = d->tail_end;
        }
    }
    if (else_end > else_lo) {
        slist orelse = {0};
        TRY(run_sub(d, else_lo, else_end, join >= 0 ? join : else_end, rg->loop, st, &orelse, NULL));
        s->u.try_.orelse = sl_list(&orelse);
    }
    *next = join < 0 ? else_end : (join > rg->hi || join == rg->follow) ? rg->hi : join;
    if (*next < else_end)
        *next = else_end;
    s->u.try_.handlers_lo = d->ins[H].offset;
    s->u.try_.handlers_hi = maxk < d->count ? d->ins[maxk].offset : d->ins[d->count - 1].offset + 2;
    TRY(sl_push(d, out, s));
    if (then_break) {
        *next = maxk < rg->hi ? maxk : rg->hi;   /* (past the handlers, which the statement took) */
        TRY(sl_push(d, out, mk_stmt(d, DP_S_BREAK)));
    }
    if (falls_past) {
        /* 3.13: this try ends the body of the try around it, and goes on
         * past that try's handlers, its jumps threaded there: the code
         * after that try, which checks that its clauses go there too */
        if (*next != rg->hi)
            return fail(d, i, "a try statement ends outside its block");
        *rg->try_falls_to = join;
        return 0;
    }
    if (cont >= 0 && cont != join && rg->falls_to && *next == rg->hi && cont > rg->hi && cont != rg->follow &&
        cont < d->count && !d->visits[cont] && !d->claimed[cont] && !apart_goes_back(d, cont, rg)) {
        *rg->falls_to = cont;   /* (the enclosing if's join: see conditional) */
        return 0;
    }
    if (cont >= 0 && cont != join)
        return continuation(d, cont, i, body_end, H, maxk, rg, st, out, next);
    return 0;
}

/* The start of a with statement at BEFORE_WITH / SETUP_WITH i: the
 * statement with its one item, and the stack its body starts from:
 * __exit__, then a slot for the `as` target (or the POP_TOP that drops
 * __enter__'s result is taken, and *lo is after it). */
static int with_begin(dc *d, int i, stk *st, slist *out, dp_stmt **sp, stk *bst, int *lo)
{
    dp_expr *ctx;
    TRY(pop_expr(d, st, out, i, &ctx));
    dp_stmt *s = mk_stmt(d, DP_S_WITH);
    dp_withitem *item = alloc(d, sizeof *item);
    dp_withitem **items = dp_arena_array(d->arena, 1, sizeof *items);
    if (!s || !item || !items)
        return -1;
    item->context_expr = ctx;
    s->u.with.is_async = d->ins[i].op == DP_OP_BEFORE_ASYNC_WITH || d->ins[i].op == DP_OP_SETUP_ASYNC_WITH;
    items[0] = item;
    s->u.with.items.items = items;
    s->u.with.items.count = 1;
    TRY(stk_copy(d, st, bst));
    TRY(push_kind(d, bst, V_EXIT));
    *lo = i + 1;
    if (d->ins[i + 1].op == DP_OP_POP_TOP) {
        mark(d, i + 1, i + 2);
        (*lo)++;
    } else {
        group *g = new_group(d, G_WITH, 1);
        if (!g)
            return -1;
        g->stmt = s;
        TRY(push_slots(d, bst, g));
    }
    *sp = s;
    return 0;
}

/* with (3.11+): ctx; BEFORE_WITH; (STORE target | POP_TOP); body;
 * LOAD_CONST None x3; CALL 2; POP_TOP.  The handler at H:
 * PUSH_EXC_INFO; WITH_EXCEPT_START; POP_JUMP_IF_TRUE L; RERAISE 2;
 * L: POP_TOP; POP_EXCEPT; POP_TOP; POP_TOP; then a jump to the join or a
 * copy of the code there. */
static int exit_call_at(const dc *d, int k)
{
    return k + 4 < d->count && d->ins[k].op == DP_OP_LOAD_CONST && d->ins[k].obj->kind == DP_OBJ_NONE &&
           d->ins[k + 1].op == DP_OP_LOAD_CONST && d->ins[k + 1].obj->kind == DP_OBJ_NONE &&
           d->ins[k + 2].op == DP_OP_LOAD_CONST && d->ins[k + 2].obj->kind == DP_OBJ_NONE &&
           d->ins[k + 3].op == DP_OP_CALL && d->ins[k + 3].arg == 2 && d->ins[k + 4].op == DP_OP_POP_TOP;
}

/* `with m: return CONST` ending a function (3.9+): the return of a
 * constant after the __exit__ call at join looks like code after the
 * block, but where __exit__ suppressed an exception the handler (its end at
 * hend) goes on with the implicit `return None`, not with a copy of it.
 * Adds the return to the body and gives the index after it; 0: not so. */
static int with_returns_const(dc *d, int join, int hend, slist *body)
{
    /* (<= 3.10: a return that also leaves try blocks around the with,
     * their POP_BLOCKs first; where the handler goes on is then the
     * statement's join, see with_stmt_310) */
    int q = join;
    while (d->version <= 310 && q < d->count && d->ins[q].op == DP_OP_POP_BLOCK && d->ins[q].stack >= 0)
        q++;
    if (q + 1 >= d->count || ends_flow(d, body) || d->ins[q].op != DP_OP_LOAD_CONST ||
        d->ins[q + 1].op != DP_OP_RETURN_VALUE)
        return 0;
    if (q > join ? d->incoming[q] || d->incoming[q + 1]
                 : hend + 1 >= d->count || d->ins[hend].op != DP_OP_LOAD_CONST || d->ins[hend].obj->kind != DP_OBJ_NONE ||
                       d->ins[hend + 1].op != DP_OP_RETURN_VALUE ||
                       (d->version >= 310 && same_code(d, join, hend, 2)))
        return 0;   /* (3.10+ copies the implicit `return None` there; 3.9 jumps to it) */
    dp_stmt *ret = mk_stmt(d, DP_S_RETURN);
    if (!ret || !(ret->u.ret.value = e_const(d, d->ins[q].obj)))
        return -1;
    TRY(sl_push(d, body, ret));
    mark(d, join, q + 2);
    return q + 2;
}

static int with_stmt(dc *d, int i, const region *rg, stk *st, slist *out, int *next)
{
    int H = eff_handler(d, i + 1), saved = d->cur_handler;
    static const uint16_t handler_ops[] = {DP_OP_PUSH_EXC_INFO, DP_OP_WITH_EXCEPT_START, DP_OP_POP_JUMP_IF_TRUE,
                                          DP_OP_RERAISE};
    static const uint16_t suppressed_ops[] = {DP_OP_POP_TOP, DP_OP_POP_EXCEPT, DP_OP_POP_TOP, DP_OP_POP_TOP};
    if (H < 0 || construct_at(d, i + 1) != H || H + 4 > d->count)
        return fail(d, i, "BEFORE_WITH without its handler");
    for (int k = 0; k < 4; k++)
        if (d->ins[H + k].op != handler_ops[k])
            return fail(d, H, "a with handler of unknown shape");
    /* where a true __exit__ suppressed the exception (3.11 puts the
     * handler's cleanup in between) */
    int L = d->ins[H + 2].target;
    if (L <= H + 3 || L + 4 > d->count)
        return fail(d, H, "a with handler of unknown shape");
    for (int k = 0; k < 4; k++)
        if (d->ins[L + k].op != suppressed_ops[k])
            return fail(d, H, "a with handler of unknown shape");
    dp_stmt *s;
    stk bst;
    int lo;
    TRY(with_begin(d, i, st, out, &s, &bst, &lo));
    int base = bst.n - (lo == i + 1);   /* the target's slot is not counted */
    int body_end = body_end_under(d, i + 1, H, rg->hi, rg->loop);
    /* (3.12+: the __exit__ call past code that only exceptions reach, right
     * after the body: an endless loop ending it, a comprehension's cleanup
     * before it, and the handler of a with inside, whose jump goes on to
     * the call, `with a() as x, b() as y: while True: ...`
     * (multiprocessing.forkserver's main)) */
    int exit_past = body_end;
    while (d->version >= 312 && exit_past < H && !d->plain[exit_past] && !exit_call_at(d, exit_past))
        exit_past++;
    if (exit_past == body_end || exit_past >= H || !exit_call_at(d, exit_past) || d->visits[exit_past])
        exit_past = body_end;
    slist body = {0};
    stk after;
    d->cur_handler = H;
    int r = run_sub(d, lo, body_end, exit_past, rg->loop, &bst, &body, &after);
    d->cur_handler = saved;
    TRY(r);
    int exit_at = body_end;
    if (exit_past != body_end && after.n == base && exit_call_at(d, exit_past) && !d->visits[exit_past])
        exit_at = exit_past;
    else if (after.n == base + 1 && !ends_flow(d, &body) && body_end < d->count &&
        d->ins[body_end].op == DP_OP_SWAP && d->ins[body_end].arg == 2) {
        /* `return value` inside: SWAP 2 puts __exit__ above the value */
        mark(d, body_end, body_end + 1);
        exit_at++;
    } else if (after.n != base && !ends_flow(d, &body)) {
        return fail(d, i, "a with body leaves values on the stack");
    }
    if (!exit_call_at(d, exit_at) && !ends_flow(d, &body) && after.n == base && d->version >= 312) {
        /* (3.12+: a body that ends in a loop which an except clause leaves
         * by `break` goes on to the __exit__ call, placed right before the
         * with's handler, after the try's) */
        int X = H - 5 - (H >= 1 && d->ins[H - 1].op == DP_N_JUMP);
        if (X > exit_at && exit_call_at(d, X) && !d->visits[X] && jumped_to(d, lo, X, X))
            exit_at = X;
    }
    /* (3.12+: or only code that exceptions reach lies between the body and
     * the handler, where an endless loop ends the body: the cleanup of a
     * comprehension inlined before the with, which the body does not jump
     * over (multiprocessing.forkserver's main)) */
    int only_raised = d->version >= 312 && exit_at < H && !exit_call_at(d, exit_at);
    for (int q = exit_at; only_raised && q < H; q++)
        only_raised = !d->plain[q] && !exit_call_at(d, q);
    int join = exit_at + 5, no_exit = 0;
    if (!exit_call_at(d, exit_at) && (ends_flow(d, &body) || exit_at == H || only_raised) && after.n == base) {
        /* the body cannot complete (it returns or raises, or loops until
         * it does, up to the handler): no normal exit */
        join = H;
        no_exit = 1;
    } else if (!exit_call_at(d, exit_at)) {
        return fail(d, exit_at, "a with block without its __exit__ call");
    } else {
        mark(d, exit_at, exit_at + 5);
    }
    int body_returns = 0;   /* (the body's last statement returns a value) */
    if (after.n == base + 1) {
        /* `return value` inside: the value waits while __exit__ runs
         * (and then the exits of the withs, loops and except clauses
         * around this one that the return leaves too) */
        int q = after_return_unwind(d, join, 1);
        /* (3.11+: and the copies of the finally blocks it leaves, which
         * their handlers recover) */
        for (int guard = 0; guard < 8 && past_finally_copy(d, q) > q; guard++)
            q = after_return_unwind(d, past_finally_copy(d, q), 1);
        if (q >= d->count || d->ins[q].op != DP_OP_RETURN_VALUE)
            return fail(d, join, "a with block leaves a value");
        body_returns = 1;
        dp_stmt *ret = mk_stmt(d, DP_S_RETURN);
        slist none = {0};
        if (!ret)
            return -1;
        TRY(pop_expr(d, &after, &none, q, &ret->u.ret.value));
        TRY(sl_push(d, &body, ret));
        mark(d, join, q + 1);
        join = q + 1;
    }
    const dp_object *ret_none = NULL;   /* (the handler's `return None`, after the statement) */
    int returned = after.n == base ? with_returns_const(d, join, L + 4, &body) : 0;
    TRY(returned);
    if (returned > 0)
        join = returned;
    mark(d, H, H + 4);
    mark(d, L, L + 4);
    int hend = L + 4;
    int over = (join < d->count && d->ins[join].op == DP_N_JUMP && join + 1 == H) ? d->ins[join].target : join;
    if (hend == join || hend == over) {
        /* 3.11: the handler ends right where the block continues (the
         * body jumps over it) */
    } else if ((no_exit || body_returns) && hend == rg->hi && hend < d->count && d->ins[hend].op == DP_N_JUMP &&
               d->ins[hend].target == rg->follow) {
        /* 3.11: the body cannot complete, and the handler runs on into
         * the jump that ends the block (an if's then-part, its jump over
         * the else-part, which the if reads): the code after the with is
         * where the block goes */
        join = rg->hi;
    } else if (hend < d->count && d->ins[hend].op == DP_N_JUMP) {
        mark(d, hend, hend + 1);
        int t = d->ins[hend].target;
        if (no_exit || body_returns)
            join = t;   /* (the code after the block, which only the handler reaches) */
        /* (the compiler threads the handler's jump to a jump there: a
         * loop's back jump after the block) */
        if (t != join && !(join < d->count && d->ins[join].op == DP_N_JUMP && d->ins[join].target == t))
            return fail(d, hend, "a with handler that continues elsewhere");
        hend++;
    } else if (join >= 0 && exit_len(d, hend) > 0 && d->ins[hend + exit_len(d, hend) - 1].op == DP_N_JUMP &&
               same_code(d, hend, join, exit_len(d, hend)) &&
               d->ins[hend + exit_len(d, hend) - 1].target == d->ins[join + exit_len(d, hend) - 1].target) {
        /* 3.13: the same, a small block that ends in a jump (an except*
         * clause's end), to the same place */
        mark(d, hend, hend + exit_len(d, hend));
        hend += exit_len(d, hend);
    } else {
        /* the code after the with block, repeated after the handler up to
         * its return (3.12+ duplicates small exits), or the raise that
         * ends it, straight code (a bare `raise` ending the except clause
         * that holds the with: threading's Thread.start) */
        int n = 0, straight = 1;
        while (hend + n < d->count && d->ins[hend + n].op != DP_OP_RETURN_VALUE &&
               !(straight && d->ins[hend + n].op == DP_OP_RAISE_VARARGS) && n < 64) {
            straight &= d->ins[hend + n].target < 0;
            n++;
        }
        /* either a copy of the code after the block, or (the block ends in
         * a return and nothing follows) the implicit `return None` */
        int implicit_end = n == 1 && d->ins[hend].op == DP_OP_LOAD_CONST && d->ins[hend].obj->kind == DP_OBJ_NONE &&
                           hend + 1 < d->count && d->ins[hend + 1].op == DP_OP_RETURN_VALUE &&
                           ends_flow(d, &body) && (join >= d->count || !d->normal[join] || join == H ||
                                                     d->claimed[join] || d->ins[join].op == DP_OP_PUSH_EXC_INFO);
        /* (3.12+: or the function's `return None`, where the block ends
         * after the with, the body cannot complete and the handler is the
         * only way on: the end of an if's then-part, the code after the if
         * that return, `if c: with x: return f()` then `else: ...`
         * (importlib._bootstrap_external's FileLoader.get_data).  The
         * return after the with reads the same; nothing runs between.) */
        int none_after = d->version >= 312 && (no_exit || body_returns || returned > 0) && n == 1 &&
                         d->body_kind == BODY_FUNCTION && d->ins[hend].op == DP_OP_LOAD_CONST &&
                         d->ins[hend].obj->kind == DP_OBJ_NONE && hend + 1 < d->count &&
                         d->ins[hend + 1].op == DP_OP_RETURN_VALUE && d->ins[hend].handler == d->ins[i].handler &&
                         !d->incoming[hend] && !d->incoming[hend + 1] &&
                         (join >= rg->hi || (no_exit && join == H)) && hend > rg->hi && hend != rg->follow;
        /* (or the body returns a value, `with suppress(E): return f()`,
         * after __exit__ ran) */
        if ((no_exit || body_returns) && !implicit_end && !none_after && (hend <= rg->hi || hend == rg->follow)) {
            /* the handler goes on to the code after the block, which
             * nothing else reaches */
            join = hend;
        } else if (none_after) {
            mark(d, hend, hend + 2);
            ret_none = d->ins[hend].obj;
            hend += 2;
            join = rg->hi;   /* (nothing of the block is left) */
        } else {
            if (hend + n >= d->count || (!implicit_end && !same_code(d, hend, join, n + 1)))
                return fail(d, hend, "a with handler that continues unusually");
            mark(d, hend, hend + n + 1);
            hend += n + 1;
        }
    }
    claim(d, H, hend);
    TRY(finish_with(d, s, &body));
    /* 3.11 jumps over the handler */
    if (join < rg->hi && d->ins[join].op == DP_N_JUMP && join + 1 == H && d->ins[join].target > join) {
        mark(d, join, join + 1);
        join = d->ins[join].target;
    }
    int follow_jumps_there = rg->follow >= 0 && rg->follow < d->count && d->ins[rg->follow].op == DP_N_JUMP &&
                             d->ins[rg->follow].target == join;
    if ((no_exit || (body_returns && rg->falls_to)) && join > rg->hi && join != rg->follow && join < d->count &&
        !follow_jumps_there) {
        /* The code after the block, which only the handler reaches (the
         * body never completes, or returns), lies past the block's end: the with is
         * the end of an if's then-part, and that code is the if's join
         * (see conditional).  Anywhere else it cannot be placed. */
        if (!rg->falls_to || d->visits[join] || d->claimed[join])
            return fail(d, i, "a with block whose code after it lies outside its block");
        *rg->falls_to = join;
        join = rg->hi;
    }
    *next = (join > rg->hi || join == rg->follow) ? rg->hi : join;
    TRY(sl_push(d, out, s));
    if (ret_none) {
        dp_stmt *ret = mk_stmt(d, DP_S_RETURN);
        if (!ret || !(ret->u.ret.value = e_const(d, ret_none)))
            return -1;
        TRY(sl_push(d, out, ret));
    }
    return 0;
}

/* ---- exceptions, 3.9 and 3.10 -------------------------------------------
 *
 * These versions keep a block stack: SETUP_FINALLY / SETUP_WITH push a
 * handler, POP_BLOCK pops it, and a caught exception pushes an
 * except-handler block that POP_EXCEPT pops.  A pass over the flow graph
 * gives each instruction its block stack, hence its handler, the same
 * thing 3.11's exception table says; the statements are then recovered as
 * for 3.11, with this version's handler code. */

typedef struct bnode {
    int kind;              /* 0: SETUP_xxx handler, 1: except-handler block */
    int target;
    int handler;           /* the innermost SETUP block's target, -1 (a walk up
                              the chain per instruction cost n*n on 3.8) */
    const struct bnode *up;
} bnode;

static int is_setup(uint16_t op)
{
    return op == DP_OP_SETUP_FINALLY || op == DP_OP_SETUP_WITH || op == DP_OP_SETUP_ASYNC_WITH;
}

static int compute_blocks(dc *d)
{
    int n = d->count;
    const bnode **bs = dp_arena_array(d->arena, (size_t)n + 1, sizeof *bs);
    int32_t *work = dp_arena_array(d->arena, (size_t)n + 1, sizeof *work);
    bnode *root = alloc(d, sizeof *root);
    int top = 0;
    if (!bs || !work || !root)
        return -1;
    root->kind = -1;
    root->handler = -1;
    d->bstack = bs;
    if (!n)
        return 0;
    bs[0] = root;
    work[top++] = 0;
    while (top) {
        int k = work[--top];
        const dp_ins *x = &d->ins[k];
        const bnode *s = bs[k], *fall = s, *jump = s;
        int has_fall = 1, has_jump = x->target >= 0;
        switch (x->op) {
        case DP_OP_SETUP_FINALLY: case DP_OP_SETUP_WITH: case DP_OP_SETUP_ASYNC_WITH: {
            bnode *f = alloc(d, sizeof *f), *h = alloc(d, sizeof *h);
            if (!f || !h)
                return -1;
            f->kind = 0, f->target = x->target, f->up = s;
            h->kind = 1, h->target = -1, h->up = s;
            f->handler = x->target;
            h->handler = s->handler;
            fall = f;
            jump = h;
            break;
        }
        case DP_OP_POP_BLOCK:
            if (s->kind != 0)
                return fail(d, k, "POP_BLOCK without a block");
            fall = s->up;
            break;
        case DP_OP_POP_EXCEPT:
            if (s->kind != 1)
                return fail(d, k, "POP_EXCEPT outside a handler");
            fall = s->up;
            break;
        case DP_N_JUMP:
            has_fall = 0;
            break;
        case DP_OP_RETURN_VALUE: case DP_OP_RAISE_VARARGS: case DP_OP_RERAISE:
            has_fall = has_jump = 0;
            break;
        case DP_OP_BEGIN_FINALLY:
            /* 3.8: into the finally block, which the exception's path
             * reaches too; the block stack is that path's */
            has_fall = 0;
            break;
        case DP_OP_END_FINALLY: case DP_OP_END_ASYNC_FOR:
            /* 3.8's end of a finally block (when no exception is raised
             * again) and an async for's exit (its __anext__ raised
             * StopAsyncIteration) go on without the except-handler block */
            if (s->kind == 1)
                fall = s->up;
            break;
        default:
            break;
        }
        if (has_fall && k + 1 < n && !bs[k + 1]) {
            bs[k + 1] = fall;
            work[top++] = k + 1;
        }
        if (has_jump && x->target < n && !bs[x->target]) {
            bs[x->target] = jump;
            work[top++] = x->target;
        }
    }
    /* the handler of each instruction: the innermost SETUP block */
    for (int k = 0; k < n; k++)
        d->n.ins[k].handler = bs[k] ? bs[k]->handler : -1;
    return 0;
}

/* <= 3.10: whether instruction k is in no block (try, with, handler). */
static int outside_blocks(const dc *d, int k)
{
    return d->bstack && d->bstack[k] && !d->bstack[k]->up;
}

/* The block stack `s` is inside the handler whose level is `level`. */
static int in_handler(const bnode *s, const bnode *level)
{
    for (; s; s = s->up)
        if (s == level)
            return 1;
    return 0;
}

/* `except E as e` wraps its body in try/finally: e = None; del e. */
static int is_name_cleanup(const dc *d, int h)
{
    return h + 3 < d->count && d->ins[h].op == DP_OP_LOAD_CONST && d->ins[h].obj->kind == DP_OBJ_NONE &&
           is_name_store(d->ins[h + 1].op) && d->ins[h + 2].name == d->ins[h + 1].name &&
           (d->ins[h + 3].op == DP_OP_RERAISE || d->ins[h + 3].op == DP_OP_END_FINALLY);
}

/* Whether the code from k to H runs straight into a return or raise (or,
 * 3.10: the try statement around a nested one at the function's end, into
 * a return placed before the nested statement's handlers, already read). */
static int falls_into_exit(const dc *d, int k, int H)
{
    if (k >= H || H > d->count)
        return 0;
    int n = exit_len(d, k), last = k + n - 1;
    /* (3.10: or the RERAISE that ends the finally block around, made a
     * jump to the block's end, see unshare_finally_exits_310, after code:
     * a copy of the block's last code; a lone jump there is a jump over
     * the handlers) */
    int reraise = n > 1 && last < H && d->version == 310 && made_reraise_jump(d, last, -1) &&
                  d->ins[last].target > H;
    if (n <= 0 || last >= H ||
        (d->ins[last].op != DP_OP_RETURN_VALUE && d->ins[last].op != DP_OP_RAISE_VARARGS && !reraise))
        return 0;
    for (int q = k; q <= last - reraise; q++)
        if (d->ins[q].target >= 0 || d->ins[q].stack < 0)
            return 0;
    for (int q = last + 1; q < H; q++)
        if (!d->visits[q] && !d->claimed[q])
            return 0;
    return 1;
}

/* <= 3.10: where a return from an except clause ends, from the POP_BLOCK
 * k where it starts leaving the blocks around the try statement (3.8:
 * running finally blocks; 3.9, 3.10: calling each __exit__); else -1.
 * *value: whether it returns the value computed before (3.8), else a
 * constant. */
static int clause_unwind_return(const dc *d, int k, int *value)
{
    int e = -1;
    *value = 0;
    if (d->version < 309) {
        e = unwind_38(d, k, value);
    } else if (d->version <= 310) {
        e = past_block_exits(d, k);
        e = e > k && e + 1 < d->count ? e + 2 : -1;
    }
    if (e <= k + 1 || d->ins[e - 1].op != DP_OP_RETURN_VALUE)
        return -1;
    return *value || d->ins[e - 2].op == DP_OP_LOAD_CONST ? e : -1;
}

/* 3.10: whether the except clause that the POP_EXCEPT at k leaves ends
 * elsewhere in a jump (another POP_EXCEPT of its, then a jump): then a
 * return of a constant after k is the source's own, no copy of the clause's
 * end with the function's return. */
static int clause_end_differs(const dc *d, int k)
{
    for (int q = 0; q + 1 < d->count; q++)
        if (q != k && d->ins[q].op == DP_OP_POP_EXCEPT && d->bstack[q] == d->bstack[k] &&
            d->ins[q + 1].op == DP_N_JUMP)
            return 1;
    return 0;
}

static int top_kinds(const stk *st, int skip, int n, int kind);

/* <= 3.10: at k, after an except clause's own POP_EXCEPT, the POP_EXCEPTs of
 * the unnamed except clauses around it (their saved exceptions on top of
 * cst, each), then a break or continue of the loop around those clauses
 * (a jump, after a for loop's iterator POP_TOP; or, for a break out of a
 * while loop, a copy of the small exit block after the loop):
 * `except E: try: ... except F: break`.  The index after it, else -1;
 * *is_break tells which, *copy_at where such a copy starts, else -1. */
static int outer_clauses_loop_exit(const dc *d, int k, const stk *cst, const loopctx *loop, int *is_break,
                                   int *copy_at)
{
    int q = k;
    *copy_at = -1;
    if (d->version > 310 || !loop)
        return -1;
    while (q < d->count && d->ins[q].op == DP_OP_POP_EXCEPT && q - k < 8)
        q++;
    if (q == k || q >= d->count || !top_kinds(cst, 0, 3 * (q - k), V_EXC))
        return -1;
    if (d->ins[q].op == DP_N_JUMP && is_continue_target(loop, d->ins[q].target)) {
        *is_break = 0;
        return q + 1;
    }
    if (is_loop_exit_at(d, q, loop)) {
        *is_break = 1;
        return q + 1 + (loop->is_for && d->ins[q].op == DP_OP_POP_TOP);
    }
    int n = !loop->is_for && loop->brk >= 0 && q != loop->brk && !d->claimed[q] ? same_exit(d, q, loop->brk) : -1;
    if (n > 0 && d->ins[q + n - 1].op != DP_N_JUMP) {
        *is_break = 1;
        *copy_at = q;
        return q + n;
    }
    /* (or of the only code after it, see break_into_loop_tail) */
    n = clause_tail_copy_310(d, q, loop);
    if (n > q) {
        *is_break = 1;
        *copy_at = q;
        return n;
    }
    return -1;
}

/* After an except clause's body (3.9/3.10): [POP_BLOCK] [ROT_FOUR]
 * POP_EXCEPT [e = None; del e] ..., then JUMP t or RETURN_VALUE. */
static int clause_tail_old(dc *d, int k, const char *name, stk *cst, int base, int exit_copy, const loopctx *loop,
                           slist *body, int *jump_to)
{
    int popped = 0, cleanup_end = -1;   /* (where the name's cleanup after POP_EXCEPT ended) */
    int le, is_break = 0, copy_at;
    slist none = {0};
    *jump_to = -1;
    for (int guard = 0; guard < 32 && k < d->count; guard++) {
        const dp_ins *x = &d->ins[k];
        /* (<= 3.10: a return, break or continue that leaves the blocks
         * around the try statement too) */
        int leaves = x->op == DP_OP_POP_BLOCK && popped && !name, value = 0;
        /* (3.10: not where the try body jumps there too: the clause falls
         * into the code after the statement, the end of the try body
         * around it, `try: (try: ... except: ...) finally: with m: ...`) */
        int ret_end = leaves && !(d->version == 310 && d->incoming[k]) ? clause_unwind_return(d, k, &value) : -1;
        int exit_at = leaves && loop ? past_block_exits(d, k) : -1;
        if (x->op == DP_OP_POP_BLOCK && name) {
            mark(d, k, k + 1);
            k++;
        } else if (x->op == DP_OP_RERAISE && x->stack < 0 && !d->bstack[k]) {
            k++;   /* (3.8, 3.9: unreached, ending a `finally: raise X` inside the clause) */
        } else if (ret_end > k && cst->n == base + value) {
            dp_stmt *ret = mk_stmt(d, DP_S_RETURN);
            if (!ret)
                return -1;
            if (value)
                TRY(pop_expr(d, cst, &none, k, &ret->u.ret.value));
            else if (!(ret->u.ret.value = e_const(d, d->ins[ret_end - 2].obj)))
                return -1;
            mark(d, k, ret_end);
            TRY(sl_push(d, body, ret));
            return ret_end;
        } else if (exit_at > k && is_loop_exit_at(d, exit_at, loop)) {
            mark(d, k, exit_at);   /* (`try: try: ... except E: break`: the break follows) */
            k = exit_at;
        } else if (d->version < 309 && name && !popped && x->op == DP_OP_BEGIN_FINALLY && k + 4 < d->count &&
                   is_name_cleanup(d, k + 1) && d->ins[k + 2].name == name &&
                   d->ins[k + 4].op == DP_OP_END_FINALLY) {
            /* 3.8: the name's cleanup runs as the finally block (already
             * recovered where a return inside the clause called it) */
            mark(d, k, k + 1);
            if (!d->visits[k + 1])
                mark(d, k + 1, k + 5);
            k += 5;
            name = NULL;
        } else if (d->version < 309 && name && popped && x->op == DP_OP_CALL_FINALLY && is_name_cleanup(d, x->target) &&
                   d->ins[x->target + 1].name == name && d->ins[x->target + 3].op == DP_OP_END_FINALLY) {
            /* 3.8: a return from the clause runs the name's cleanup as a
             * finally block; the clause's normal end after it is only
             * reached by BEGIN_FINALLY, which no path here takes */
            int L = x->target, q = L + 4;
            mark(d, k, k + 1);
            if (!d->visits[L]) {
                mark(d, L, q);
                if (q + 1 < d->count && d->ins[q].op == DP_OP_POP_EXCEPT && d->ins[q + 1].op == DP_N_JUMP &&
                    !d->visits[q])
                    mark(d, q, q + 2);
            }
            k++;
            name = NULL;
        } else if (x->op == DP_OP_POP_EXCEPT && !popped) {
            if (cst->n < base + 3 - 3 || cst->n < 3)
                return fail(d, k, "POP_EXCEPT without the exception");
            /* the three saved exception values: on top, or (ROT_FOUR was
             * not used) below a pending return value */
            int at = cst->n - 3, ok = 1;
            for (int q = 0; q < 3; q++)
                ok &= cst->v[at + q].kind == V_EXC;
            if (!ok && cst->n >= 4) {
                at = cst->n - 4;
                ok = 1;
                for (int q = 0; q < 3; q++)
                    ok &= cst->v[at + q].kind == V_EXC;
            }
            if (!ok)
                return fail(d, k, "POP_EXCEPT without the exception");
            memmove(&cst->v[at], &cst->v[at + 3], (size_t)(cst->n - at - 3) * sizeof *cst->v);
            cst->n -= 3;
            base -= 3;
            popped = 1;
            mark(d, k, k + 1);
            k++;
        } else if (name && popped && x->op == DP_OP_LOAD_CONST && x->obj->kind == DP_OBJ_NONE && k + 2 < d->count &&
                   is_name_store(d->ins[k + 1].op) && d->ins[k + 1].name == name && d->ins[k + 2].name == name) {
            mark(d, k, k + 3);
            k += 3;
            name = NULL;
            cleanup_end = k;
        } else if (popped && !name && cst->n == base && k == cleanup_end && d->normal[k] && !d->visits[k] &&
                   x->stack >= 0 && d->version >= 310 && x->op != DP_N_JUMP && same_exit(d, k, exit_copy) <= 0 &&
                   !(x->op == DP_OP_LOAD_CONST && k + 1 < d->count && d->ins[k + 1].op == DP_OP_RETURN_VALUE) &&
                   x->op != DP_OP_POP_TOP && x->op != DP_OP_ROT_TWO && x->op != DP_OP_ROT_FOUR &&
                   !(x->op == DP_OP_POP_EXCEPT && d->body_kind == BODY_FUNCTION && nested_clause_return(d, k) > k &&
                     clause_end_differs(d, k))) {
            /* 3.10: the code after the try (or a copy of it), placed right
             * after the named clause's cleanup (see below; not a return of
             * the clause's own, which drops the loops' iterators first, nor
             * one that leaves the clauses around too) */
            *jump_to = k;
            return k;
        } else if (d->version == 310 && popped && !name && cst->n == base && k > 0 && d->ins[k - 1].op == DP_OP_POP_EXCEPT &&
                   d->incoming[k] > 0 && d->normal[k] && x->op != DP_N_JUMP && x->stack >= 0 &&
                   ((!d->visits[k] && !d->claimed[k]) || is_continue_target(loop, k))) {
            /* 3.10: the clause falls into the code after the try, where the
             * body's jump over the handlers goes (a loop's bottom test) */
            *jump_to = k;
            return k;
        } else if (x->op == DP_N_JUMP && popped && cst->n == base) {
            /* (the loop's own back jump, taken already where the clause's
             * end closes the loop: `for ...: try: ... except: ...`) */
            if (!(d->visits[k] && loop && x->target < k && d->version == 310))
                mark(d, k, k + 1);
            *jump_to = x->target;
            return k + 1;
        } else if (exit_copy >= 0 && popped && cst->n == base && same_exit(d, k, exit_copy) > 0) {
            /* 3.10: a copy of the exit code the try body falls into */
            int n = same_exit(d, k, exit_copy);
            TRY(equiv_code(d, k, exit_copy) ? 0 : -1);
            *jump_to = exit_copy;
            return k + n;
        } else if (x->op == DP_OP_RETURN_VALUE && popped) {
            dp_stmt *ret = mk_stmt(d, DP_S_RETURN);
            if (!ret)
                return -1;
            mark(d, k, k + 1);
            TRY(pop_expr(d, cst, &none, k, &ret->u.ret.value));
            TRY(sl_push(d, body, ret));
            return k + 1;
        } else if (popped && loop && x->op == DP_OP_POP_TOP && cst->n == base && k + 1 < d->count &&
                   d->ins[k + 1].op == DP_N_JUMP && d->ins[k + 1].target == loop->brk && !name) {
            /* `break` out of a for loop: its iterator goes */
            mark(d, k, k + 2);
            TRY(sl_push(d, body, mk_stmt(d, DP_S_BREAK)));
            return k + 2;
        } else if (popped && loop && loop->is_for && d->version >= 310 && x->op == DP_OP_POP_TOP && cst->n == base &&
                   !name && loop->brk > k + 1 && !d->claimed[k + 1] && !d->visits[k + 1] &&
                   same_exit(d, k + 1, loop->brk) > 0 &&
                   d->ins[k + same_exit(d, k + 1, loop->brk)].op != DP_N_JUMP) {
            /* (3.10+: with a copy of the code after the loop, a small exit
             * block, for the jump; clause_loop_exit reads the same from the
             * POP_EXCEPT under other conditions: calling it here instead
             * reads one clause of asyncio.sslproto (3.10) otherwise) */
            int n = same_exit(d, k + 1, loop->brk);
            mark(d, k, k + 1);
            TRY(equiv_code(d, k + 1, loop->brk) ? 0 : -1);
            TRY(sl_push(d, body, mk_stmt(d, DP_S_BREAK)));
            return k + 1 + n;
        } else if (popped && loop && !loop->is_for && d->version >= 310 && cst->n == base && !name &&
                   loop->brk > k && !d->claimed[k] && !d->visits[k] && same_exit(d, k, loop->brk) > 0 &&
                   d->ins[k + same_exit(d, k, loop->brk) - 1].op != DP_N_JUMP) {
            /* 3.10: `break` out of a while loop, the clause's last
             * statement: a copy of the code after the loop, a small exit
             * block, for the jump (read as that code in the clause, a raise
             * there would chain the handled exception) */
            int n = same_exit(d, k, loop->brk);
            TRY(equiv_code(d, k, loop->brk) ? 0 : -1);
            TRY(sl_push(d, body, mk_stmt(d, DP_S_BREAK)));
            return k + n;
        } else if (x->op == DP_OP_ROT_FOUR && !popped && !name && cst->n == base + 1 &&
                   clause_return_end(d, k) > k) {
            /* `return value` that leaves the except clauses around this
             * one too (the value moved below each exception in turn) */
            int re = clause_return_end(d, k);
            dp_stmt *ret = mk_stmt(d, DP_S_RETURN);
            if (!ret)
                return -1;
            TRY(pop_expr(d, cst, &none, k, &ret->u.ret.value));
            mark(d, k, re);
            TRY(sl_push(d, body, ret));
            return re;
        } else if (popped && !name && cst->n == base && d->version < 311 && x->op == DP_OP_POP_TOP &&
                   return_leaving_blocks(d, k) > k) {
            /* `return constant` that drops loops' iterators and leaves the
             * blocks around (a with's __exit__ call: telnetlib's
             * Telnet.interact) */
            int re = return_leaving_blocks(d, k);
            dp_stmt *ret = mk_stmt(d, DP_S_RETURN);
            if (!ret)
                return -1;
            ret->u.ret.value = e_const(d, d->ins[re - 2].obj);
            mark(d, k, re);
            TRY(sl_push(d, body, ret));
            return re;
        } else if (x->op == DP_OP_ROT_FOUR || x->op == DP_OP_ROT_TWO || x->op == DP_OP_POP_TOP ||
                   x->op == DP_OP_LOAD_CONST) {
            int nx;
            mark(d, k, k + 1);
            TRY(step(d, cst, &none, k, &nx));
            if (none.n)
                return fail(d, k, "an except clause ends unusually");
            k = nx;
        } else if (popped && !name && cst->n == base && x->op == DP_OP_POP_EXCEPT &&
                   (le = outer_clauses_loop_exit(d, k, cst, loop, &is_break, &copy_at)) > k) {
            /* <= 3.10: `break` or `continue` that leaves the except clauses
             * around this one too */
            if (copy_at >= 0 && clause_tail_copy_310(d, copy_at, loop) == le) {
                stk lst = *cst;   /* (at the loop's depth: those clauses' exceptions go) */
                lst.n -= 3 * (copy_at - k);
                int r = break_into_loop_tail(d, loop, copy_at, 0, &lst, body, d->cur_handler);
                TRY(r);
                if (!r || d->tail_end != le)
                    return fail(d, k, "an except clause breaks into code after the loop of unknown extent");
                mark(d, k, copy_at);
                return le;
            }
            if (copy_at >= 0 && !equiv_code(d, copy_at, loop->brk))
                return fail(d, k, "an except clause breaks into a copy of unusual code");
            mark(d, k, copy_at >= 0 ? copy_at : le);
            TRY(sl_push(d, body, mk_stmt(d, is_break ? DP_S_BREAK : DP_S_CONTINUE)));
            return le;
        } else if (popped && !name && cst->n == base && x->op == DP_OP_POP_EXCEPT &&
                   d->body_kind == BODY_FUNCTION && nested_clause_return(d, k) > k) {
            /* `return constant` that leaves the except clauses around
             * this one too (or the end of those clauses, the function's
             * final return copied there: the same code) */
            return nested_clause_return_stmt(d, k, body);
        } else if (popped && !name && cst->n == base && d->ins[k - 1].op == DP_OP_POP_EXCEPT && d->normal[k] &&
                   !d->visits[k] && x->stack >= 0 && d->version >= 310) {
            /* 3.10: the code after the try, placed right after the clause
             * (the only way to it: the body returns or raises) */
            *jump_to = k;
            return k;
        } else {
            break;
        }
    }
    return fail(d, k, "an except clause ends unusually");
}

/* Whether all of [lo, hi) is dead code, unread. */
static int only_dead(const dc *d, int lo, int hi)
{
    for (int k = lo; k < hi; k++)
        if (d->ins[k].stack >= 0 || d->visits[k] || d->claimed[k])
            return 0;
    return 1;
}

/* The body of the block SETUP_xxx at i opened, from lo to its POP_BLOCK
 * (3.10's copies of exit code make the block non-contiguous, so the walk
 * itself finds the POP_BLOCK); *pb is where it is. */
static int run_block_body(dc *d, int i, int lo, int H, const region *rg, const stk *st, slist *body, stk *after,
                          int *pb, int *never_completes)
{
    const struct bnode *saved_block = d->stop_block;
    int saved_at = d->stop_at, saved_handler = d->cur_handler;
    int hi = H > i ? H : rg->hi;   /* the handler follows the body in these versions */
    /* (3.10: a try statement ending a finally block's handler, whose
     * paths each end in a copy of its finally block and the RERAISE of the
     * block around it: its handler follows that RERAISE, the body's end) */
    if (d->version == 310 && H > rg->hi && rg->hi > lo && rg->hi < d->count && d->ins[rg->hi].op == DP_OP_RERAISE)
        hi = rg->hi;
    d->stop_block = d->bstack[i + 1];
    d->stop_at = -1;
    d->cur_handler = H;
    stk tmp;
    int r = run_sub(d, lo, hi, hi, rg->loop, st, body, &tmp);
    *pb = d->stop_at;
    d->stop_block = saved_block;
    d->stop_at = saved_at;
    d->cur_handler = saved_handler;
    TRY(r);
    if (*pb < 0 && H >= lo + 2 && H - 2 > i && d->ins[H - 2].op == DP_OP_POP_BLOCK && d->ins[H - 2].stack < 0)
        *pb = H - 2;   /* 3.8, 3.9: the body cannot complete (it returns, or loops forever): its POP_BLOCK is dead */
    for (int q = H - 1; *pb < 0 && d->version == 309 && q > lo && q >= H - 8 && d->ins[q].stack < 0; q--)
        if (d->ins[q].op == DP_OP_POP_BLOCK)
            *pb = q;   /* (3.9: so is a with's exit after it) */
    if (*pb < 0 && d->version == 309) {
        /* (3.9: or a copy of a finally block with branches: the dead run
         * before the handler starts with the POP_BLOCK) */
        int q = H - 1;
        while (q > lo && d->ins[q].stack < 0 && !d->visits[q] && !d->claimed[q])
            q--;
        if (q + 1 < H && d->ins[q + 1].op == DP_OP_POP_BLOCK && d->ins[q + 1].stack < 0)
            *pb = q + 1;
    }
    if (*pb < 0 && never_completes && d->version >= 310 && H > lo && d->reached >= H && ends_block(d->ins[H - 1].op)) {
        /* 3.10 drops such a dead POP_BLOCK: the body runs up to the handler */
        *pb = H - 1;
        *never_completes = 1;
    } else if (*pb < 0) {
        return fail(d, i, "a block without its POP_BLOCK");
    } else {
        mark(d, *pb, *pb + 1);
    }
    if (after)
        *after = tmp;
    else if (tmp.n != st->n && !ends_flow(d, body))
        return fail(d, lo, "a block leaves values on the stack");
    return 0;
}

/* Whether a named except clause's end with a return starts at k:
 * POP_BLOCK, then (from POP_EXCEPT) the name's cleanup and the return. */
static int is_clause_return(const dc *d, int k)
{
    return k + 1 < d->count && d->ins[k].op == DP_OP_POP_BLOCK && clause_return_end(d, k + 1) > k + 1;
}

/* <= 3.10: the first instruction from k on that is reachable (no block
 * stack), or `stop`: dead code inside a clause body, such as the jump after
 * a then-part that raises, does not end the body. */
static int past_dead_code(const dc *d, int k, int stop)
{
    while (k < d->count && k != stop && !d->bstack[k])
        k++;
    return k;
}

/* <= 3.10: whether the handler at H starts except clauses (else it is a
 * finally block). */
static int is_except_handler_310(const dc *d, int H)
{
    return d->ins[H].op == DP_OP_DUP_TOP ||
           (H + 2 < d->count && d->ins[H].op == DP_OP_POP_TOP && d->ins[H + 1].op == DP_OP_POP_TOP &&
            d->ins[H + 2].op == DP_OP_POP_TOP);
}

/* 3.9, 3.10: the end (its RERAISE) of the finally block at H; -1 when
 * H is no finally block. */
static int finally_end_310(const dc *d, int H)
{
    if (H < 0 || H >= d->count || is_except_handler_310(d, H) || d->ins[H].op == DP_OP_WITH_EXCEPT_START)
        return -1;
    int end = H;
    while (end < d->count && !(d->ins[end].op == DP_OP_RERAISE && d->bstack[end] == d->bstack[H]))
        end++;
    return end < d->count ? end : -1;
}

/* 3.9, 3.10: the length of the copy of a finally block after the POP_BLOCK
 * at q that ends its try body, or -1 (q ends another kind of block). */
static int popped_finally_copy_310(dc *d, int q)
{
    int H = d->bstack && d->bstack[q] ? d->bstack[q]->target : -1, fin = finally_end_310(d, H);
    return fin > 0 ? finally_copy_len(d, q + 1, H, fin - H) : -1;
}

/* 3.10: whether the `return constant` at k, after a try body's POP_BLOCK
 * and right before its handlers at H, is the body's own: a try body that
 * ends in a return, or falls into one after the statement, compile alike
 * but for where the constant is numbered, before the handlers' (the body's)
 * or after them.  Here it is new, the constant numbered before it is
 * used before it, and the one after it first in the handlers. */
static int return_numbered_in_body(dc *d, int k, int H)
{
    if (d->version != 310 || d->ins[k].op != DP_OP_LOAD_CONST || d->ins[k].arg < 1 ||
        (!d->first_use_tree[0] && build_refs(d) < 0))
        return 0;
    size_t c = (size_t)d->ins[k].arg;
    const int32_t *first = d->first_ref[0];
    if (c + 1 >= d->code->n_consts || first[c] != k || first[c + 1] == INT32_MAX || first[c + 1] < H)
        return 0;
    /* (a function's co_consts[0] is its docstring, numbered first) */
    return d->code->consts[c - 1]->kind == DP_OBJ_NONE || first[c - 1] < k ||
           (c == 1 && (d->code->flags & DP_CO_OPTIMIZED));
}

/* 3.8, 3.9: where the try statement whose except clauses lie in [H, hi]
 * ends, as their dead exits tell (`POP_EXCEPT; JUMP t` after a clause that
 * raises, returns or leaves the loop, kept by the compiler): past E, or
 * where the statement ends a loop's body, at the loop's head (the end of
 * the region then); -1 where none does, or they disagree. */
static int dead_clause_exit_target(const dc *d, int H, int hi, int E, const region *rg)
{
    int t = -1;
    for (int q = H; q < hi && q + 1 < d->count; q++) {
        if (d->ins[q].op != DP_OP_POP_EXCEPT)
            continue;
        int J = q + 1, dead = d->ins[q].stack < 0;
        if (d->version == 309) {
            J = after_name_cleanup(d, q + 1);   /* (a named clause's, inline) */
        } else if (!dead && q >= 5 && d->ins[q - 1].op == DP_OP_END_FINALLY && is_name_cleanup(d, q - 4) &&
                   d->ins[q - 5].op == DP_OP_BEGIN_FINALLY && d->ins[q - 5].stack < 0) {
            dead = 1;   /* (3.8: a named clause's, whose cleanup only its dead end enters normally) */
        }
        if (!dead || J >= d->count || d->ins[J].op != DP_N_JUMP)
            continue;
        int to = d->ins[J].target;
        if (to == rg->follow && is_continue_target(rg->loop, to))
            to = rg->hi;
        else if (to <= E)
            continue;
        if (t >= 0 && t != to)
            return -1;
        t = to;
    }
    return t;
}

/* 3.8, 3.9: a named clause's own exit after end, dead after a body that
 * leaves (3.8: POP_BLOCK; BEGIN_FINALLY; the name's cleanup; END_FINALLY;
 * POP_EXCEPT; JUMP.  3.9: POP_BLOCK; POP_EXCEPT; the cleanup; JUMP): the
 * index of its jump, else -1. */
static int named_clause_dead_exit(const dc *d, int end)
{
    if (end + 2 >= d->count || d->ins[end].op != DP_OP_POP_BLOCK || d->ins[end].stack >= 0)
        return -1;
    int q;
    if (d->version < 309) {
        if (d->ins[end + 1].op != DP_OP_BEGIN_FINALLY || !is_name_cleanup(d, end + 2) || end + 7 >= d->count ||
            d->ins[end + 6].op != DP_OP_POP_EXCEPT)
            return -1;
        q = end + 7;
    } else {
        if (d->ins[end + 1].op != DP_OP_POP_EXCEPT || (q = after_name_cleanup(d, end + 2)) == end + 2)
            return -1;
    }
    return q < d->count && d->ins[q].op == DP_N_JUMP ? q : -1;   /* (read already as the clause's end) */
}

/* 3.8: the END_FINALLY that ends the finally block at H, at the block
 * level hlevel: its own; or, for a block that ends in a raise or return
 * right in it (`finally: raise X`), the one left unreached after that,
 * which spell_38_dispatch spelt RERAISE; else d->count. */
static int finally_end_38(const dc *d, int H, const bnode *hlevel)
{
    for (int rr = H; rr < d->count; rr++)
        if (d->ins[rr].op == DP_OP_END_FINALLY && d->bstack[rr] == hlevel)
            return rr;
    for (int rr = H + 1; rr < d->count; rr++)
        if (d->ins[rr].op == DP_OP_RERAISE && d->ins[rr].stack < 0 && d->bstack[rr - 1] == hlevel &&
            (d->ins[rr - 1].op == DP_OP_RAISE_VARARGS || d->ins[rr - 1].op == DP_OP_RETURN_VALUE))
            return rr;
    return d->count;
}

static int pops_except_blocks(const dc *d, int c);

static int try_stmt_old(dc *d, int i, const region *rg, stk *st, slist *out, int *next)
{
    int H = d->ins[i].target;
    dp_stmt *s = mk_stmt(d, DP_S_TRY);
    slist body = {0};
    try_exits ex = {-1, -1};
    if (!s)
        return -1;
    int pb;
    stk after;
    dp_expr *pending = NULL;
    int never_completes = 0;
    TRY(run_block_body(d, i, i + 1, H, rg, st, &body, &after, &pb, &never_completes));
    if (after.n == st->n + 1 && !ends_flow(d, &body)) {
        slist none = {0};
        TRY(pop_expr(d, &after, &none, pb, &pending));
    } else if (after.n != st->n && !ends_flow(d, &body)) {
        return fail(d, i, "a try body leaves values on the stack");
    }
    s->u.try_.body = sl_list(&body);
    const bnode *hlevel = d->bstack[H];
    int maxk = H;

    int is_except = is_except_handler_310(d, H);
    if (!is_except && d->version < 309) {
        /* 3.8: one finally block, which the body enters by BEGIN_FINALLY
         * and leaves by END_FINALLY */
        int rr = finally_end_38(d, H, hlevel);
        if (rr >= d->count)
            return fail(d, H, "a finally block without its END_FINALLY");
        if (pending) {
            stk with_value;
            TRY(stk_copy(d, st, &with_value));
            TRY(push_e(d, &with_value, pending));
            TRY(tail_return_38(d, pb, &with_value, st->n, &body));
            if (with_value.n != st->n)
                return fail(d, pb, "a try body leaves a value");
            pending = NULL;
        } else {
            TRY(tail_return_38(d, pb, &after, st->n, &body));
        }
        /* (the body's own exit into the block, dead after a body that
         * returns, kept for the end label of an if/else there) */
        if (pb + 2 == H && d->ins[pb + 1].op == DP_OP_BEGIN_FINALLY)
            mark(d, pb + 1, pb + 2);
        else if (!ends_flow(d, &body))
            return fail(d, pb + 1, "a try body that does not enter its finally block");
        if (H >= 2 && d->ins[H - 2].op == DP_OP_POP_BLOCK && d->ins[H - 1].op == DP_OP_BEGIN_FINALLY &&
            d->ins[H - 2].stack < 0 && d->ins[H - 1].stack < 0)
            TRY(fold_tail_into_else(d, &body));
        s->u.try_.body = sl_list(&body);
        slist fbody = {0};
        stk fst;
        TRY(stk_copy(d, st, &fst));
        TRY(push_exc(d, &fst, 6));
        TRY(run_sub(d, H, rr, rr, rg->loop, &fst, &fbody, NULL));
        mark(d, rr, rr + 1);
        claim(d, H, rr + 1);
        if (!fbody.n)
            TRY(one_stmt_list(d, &fbody, DP_S_PASS));
        s->u.try_.finalbody = sl_list(&fbody);
        merge_try_finally(s, &body);
        int join = rr + 1;
        *next = (join > rg->hi || join == rg->follow) ? rg->hi : join;
        return sl_push(d, out, s);
    }
    if (!is_except) {
        int rr = H, returns = 0;
        while (rr < d->count && !(d->ins[rr].op == DP_OP_RERAISE && d->bstack[rr] == hlevel))
            rr++;
        if (rr >= d->count || d->ins[rr].stack < 0) {
            /* 3.9, 3.10: a block that ends in a return, which leaves the
             * handler first, has no RERAISE (3.9 keeps it, unreached) */
            int q = H, end = -1;
            while (d->version >= 309 && q < d->count && d->ins[q].stack >= 0 && d->bstack[q] &&
                   in_handler(d->bstack[q], hlevel)) {
                int u = finally_unwind_len(d, q);
                if (u <= 0) {
                    q++;
                    continue;
                }
                q += u + (d->ins[q + u].op == DP_OP_LOAD_CONST) + 1;   /* (past the return) */
                end = q;
            }
            /* (or a raise, `finally: raise X`, right in the block; 3.9
             * keeps the RERAISE after it, unreached) */
            int raises = end < 0 && q > H && d->ins[q - 1].op == DP_OP_RAISE_VARARGS && d->bstack[q - 1] == hlevel;
            int dead_reraise = raises && q < d->count && d->ins[q].op == DP_OP_RERAISE && d->ins[q].stack < 0;
            if (dead_reraise)
                rr = q;
            else if (raises)
                end = q;
            /* (the last return ends the block: nothing in it jumps past) */
            if (end > H) {
                rr = end;
                returns = 1;
                for (int k = H; k < end && returns; k++)
                    returns = d->ins[k].target < 0 || d->ins[k].target < end;
            }
            if (!returns && !dead_reraise)
                return fail(d, H, "a finally block without its RERAISE");
        }
        int len = rr - H, copy_len = finally_copy_len(d, pb + 1, H, len), join = pb + 1 + copy_len;
        slist fbody = {0};
        stk fst;
        if (!ends_flow(d, &body) && !never_completes) {
            if (copy_len < 0)
                return fail(d, pb + 1, "the normal path does not repeat the finally block");
            mark(d, pb + 1, join);
            /* (3.10: the copy's branches that jump past its end, to their
             * own copy of the code after it, a small exit block) */
            int xe = d->version == 310 && !pending && join < H ? exit_block_end(d, join) : -1;
            for (int q = pb + 1; xe > join && q < join; q++) {
                int t = d->ins[q].target;
                if (t > join && t < H && !d->visits[t] && !d->claimed[t] && same_exit(d, t, join) == xe - join)
                    TRY(equiv_code(d, t, join) ? 0 : -1);
            }
            /* (3.10: the body's other paths that end it, each with its
             * POP_BLOCK and copy, then a jump to the code after the try) */
            for (int q = i + 1; d->version == 310 && q < pb; q++)
                if (d->ins[q].op == DP_OP_POP_BLOCK && !d->visits[q] && d->bstack[q] == d->bstack[pb] &&
                    finally_copy_len(d, q + 1, H, len) == copy_len && q + 1 + copy_len < d->count &&
                    d->ins[q + 1 + copy_len].op == DP_N_JUMP && d->ins[q + 1 + copy_len].target == join &&
                    d->visits[q + 1 + copy_len]) {
                    mark(d, q, q + 1 + copy_len);
                    TRY(claim_copy_handlers(d, q + 1, q + 1 + copy_len, H, rr + 1, 0));
                }
            TRY(claim_copy_handlers(d, pb + 1, join, H, rr + 1, 0));
        } else {
            join = pb + 1;
        }
        if (pending) {
            join = return_pending(d, join, pending, &body, pb + 1);
            TRY(join);
            /* (3.9: the body's own exit after it, dead: see below) */
            if (d->version == 309 && join < H && only_dead(d, join, H))
                TRY(fold_tail_into_else(d, &body));
            s->u.try_.body = sl_list(&body);
        }
        /* 3.9: a return right after the normal path's copy, before the
         * handler, with only dead code between (the code after the
         * statement would follow the handler): the body's last statement,
         * a return the copy leaves by (the dead code, the body's own exit,
         * kept for the end label of an if/else there) */
        int ret_at = join;   /* (past the POP_BLOCKs of the try statements around it that it leaves,
                              * and the copies of their finally blocks) */
        while (d->version == 309 && ret_at < H && d->ins[ret_at].op == DP_OP_POP_BLOCK && d->ins[ret_at].stack >= 0) {
            int cb = popped_finally_copy_310(d, ret_at);
            ret_at += 1 + (cb > 0 ? cb : 0);
        }
        int ret_end = d->version == 309 && !pending && !ends_flow(d, &body) && !never_completes && ret_at < H
                          ? straight_exit_end(d, ret_at) : -1;
        if (ret_end > join && ret_end <= H && d->ins[ret_end - 1].op == DP_OP_RETURN_VALUE &&
            only_dead(d, ret_end, H)) {
            TRY(run_sub(d, join, ret_end, ret_end, rg->loop, st, &body, NULL));
            if (ret_end < H)
                TRY(fold_tail_into_else(d, &body));
            s->u.try_.body = sl_list(&body);
            join = rr + !returns;
        }
        TRY(stk_copy(d, st, &fst));
        TRY(push_exc(d, &fst, 6));
        TRY(run_sub(d, H, rr, rr, rg->loop, &fst, &fbody, NULL));
        if (!returns)
            mark(d, rr, rr + 1);
        claim(d, H, rr + !returns);
        if (!fbody.n)
            TRY(one_stmt_list(d, &fbody, DP_S_PASS));
        s->u.try_.finalbody = sl_list(&fbody);
        merge_try_finally(s, &body);
        /* (3.10: with the copy's no-match RERAISE, see drop_copied_nomatch_310) */
        if (join < rg->hi && d->ins[join].op == DP_N_JUMP && d->ins[join].target > join &&
            (join + 1 == H || (d->version == 310 && join + 2 == H && only_dead(d, join + 1, H)))) {
            mark(d, join, join + 1);
            join = d->ins[join].target;
        }
        *next = (join > rg->hi || join == rg->follow) ? rg->hi : join;
        TRY(sl_push(d, out, s));
        /* (3.9: the normal path's jump after the copy goes on outside the
         * block, the loop's exit: a `break` after the statement, whose own
         * jump, threaded through, is left dead after the handler) */
        if (d->version == 309 && join > rg->hi && join != rg->follow && !ends_flow(d, &body) && rg->loop &&
            join == rg->loop->brk)
            return loop_exit_stmt(d, join, rg->loop, out, join, "a try/finally that goes on outside its block");
        return 0;
    }

    /* the body's normal exit: a jump to the else block or the join */
    int E = -1, fold_body = 0, dead_end = -1, tail_taken;
    if (pending) {
        int r = return_pending(d, pb + 1, pending, &body, pb + 1);
        TRY(r);
        pb = r - 1;   /* the RETURN_VALUE is part of the body */
        s->u.try_.body = sl_list(&body);
    }
    /* (3.8, 3.9: the body's own POP_BLOCK, dead after a return that ends
     * the body, kept for the end label of an if/else there: folded once the
     * statement is read, which expects the body to end in the return) */
    int dead_pb = (pb + 1 < H && d->ins[pb + 1].op == DP_OP_POP_BLOCK && d->ins[pb + 1].stack < 0) ||
                  (d->ins[pb].op == DP_OP_POP_BLOCK && d->ins[pb].stack < 0);
    fold_body = d->version < 310 && dead_pb && body.n && body.v[body.n - 1]->kind == DP_S_RETURN;
    int exit_copy = -1;
    /* the body ends in `return constant` right before the handlers, after
     * its POP_BLOCK: alone; or leaving the try statements with except
     * clauses around it too (POP_BLOCK each: statistics' _exact_ratio); or
     * the except clauses around the statement (POP_EXCEPT each, see
     * unwind_38; 3.9: and the with statements around them, see
     * nested_clause_return) */
    int returns_const = 0;
    if (!ends_flow(d, &body) && !pending && pb + 3 <= H && d->ins[H - 2].op == DP_OP_LOAD_CONST &&
        d->ins[H - 1].op == DP_OP_RETURN_VALUE) {
        if (pb + 3 == H) {
            returns_const = d->version < 310 || return_numbered_in_body(d, pb + 1, H);
        } else if (d->version < 310 && pops_except_blocks(d, pb + 1) == H - 2) {
            returns_const = 1;
        } else if (d->version < 310 && d->ins[pb + 1].op == DP_OP_POP_EXCEPT) {
            int value = 0, e = -1;
            if (d->version < 309)
                e = unwind_38(d, pb, &value);
            else if (nested_clause_return(d, pb + 1) > pb)
                e = nested_clause_return(d, pb + 1) + 2;   /* (after its LOAD_CONST; RETURN_VALUE) */
            returns_const = e == H && !value;
        }
    }
    if (returns_const) {
        dp_stmt *ret = mk_stmt(d, DP_S_RETURN);
        if (!ret)
            return -1;
        ret->u.ret.value = e_const(d, d->ins[H - 2].obj);
        TRY(sl_push(d, &body, ret));
        s->u.try_.body = sl_list(&body);
        mark(d, pb + 1, H);
        pb = H - 1;
    }
    const loopctx *lp = rg->loop;
    int exit_end = pb + 2;   /* past the body's normal exit (where no clause completes, the next statement) */
    int brk_copy = lp && lp->is_for && lp->brk > H && pb + 2 < H && d->ins[pb + 1].op == DP_OP_POP_TOP
                       ? same_exit(d, pb + 2, lp->brk) : -1;
    int brk_jump = lp && lp->is_for && pb + 3 == H && d->ins[pb + 1].op == DP_OP_POP_TOP &&
                   d->ins[pb + 2].op == DP_N_JUMP && d->ins[pb + 2].target == lp->brk;
    if (d->version >= 310 && !ends_flow(d, &body) && !never_completes && !pending &&
        (brk_jump || (brk_copy > 0 && pb + 2 + brk_copy == H && d->ins[H - 1].op != DP_N_JUMP && !d->claimed[pb + 2]))) {
        /* 3.10: the body ends in `break` out of a for loop: the iterator
         * goes, then the jump (with no jump over the handlers after it), or
         * a copy of the code after the loop (a small exit block) */
        exit_end = brk_jump ? pb + 3 : H;
        if (brk_jump) {
            mark(d, pb + 1, pb + 3);
        } else {
            mark(d, pb + 1, pb + 2);
            TRY(equiv_code(d, pb + 2, lp->brk) ? 0 : -1);
        }
        TRY(sl_push(d, &body, mk_stmt(d, DP_S_BREAK)));
        s->u.try_.body = sl_list(&body);
    } else if (d->version >= 310 && !ends_flow(d, &body) && !never_completes && falls_into_exit(d, pb + 1, H)) {
        /* 3.10 copies a small exit block the body falls into (up to a
         * return or raise, right before the handlers) into the clauses */
        exit_copy = E = pb + 1;
    } else if (!ends_flow(d, &body) && !never_completes) {
        /* (3.8, 3.9: the body ends in `continue` or `break`, the for
         * loop's iterator dropped first, and the compiler's own jump over
         * the handlers follows, unreached) */
        const loopctx *loop = rg->loop;
        int j = pb + 1 + (loop && loop->is_for && pb + 2 < H && d->ins[pb + 1].op == DP_OP_POP_TOP);
        int t = j < d->count && d->ins[j].op == DP_N_JUMP ? d->ins[j].target : -1;
        if (loop && t >= 0 && ((t == loop->brk && (j > pb + 1 || !loop->is_for)) ||
                               (j == pb + 1 && is_continue_target(loop, t))) &&
            j + 2 < H && d->ins[j + 1].stack < 0 && d->ins[j + 1].op == DP_OP_POP_BLOCK &&
            d->ins[j + 2].op == DP_N_JUMP) {
            mark(d, pb + 1, j + 1);
            exit_end = j + 1;
            TRY(sl_push(d, &body, mk_stmt(d, t == loop->brk ? DP_S_BREAK : DP_S_CONTINUE)));
            s->u.try_.body = sl_list(&body);
        } else {
            if (pb + 1 >= d->count || d->ins[pb + 1].op != DP_N_JUMP)
                return fail(d, pb + 1, "a try body that does not jump over its handlers");
            mark(d, pb + 1, pb + 2);
            E = d->ins[pb + 1].target;
            /* (3.8, 3.9: to a jump past the block to where it goes, not
             * threaded on, as the clauses' jumps may be: a loop's own jump
             * back, an if's over its else-part; the end) */
            if (d->version < 310 && E > rg->hi && E < d->count && d->ins[E].op == DP_N_JUMP && rg->follow >= 0 &&
                d->ins[E].target == rg->follow)
                E = rg->follow;
        }
    }
    int k = H, break_after = 0;
    dp_excepthandler *falls_in = NULL;   /* the clause that falls into the code after it */
    stk fall_stack = {0};                /* (its stack then) */
    int joins = 0;                       /* clauses that go on after their end */
    int head_exits = 0;                  /* 3.8, 3.9: of them, those whose own exit goes
                                          * to the loop's head (no `continue`) */
    for (;;) {
        dp_excepthandler *h = alloc(d, sizeof *h);
        slist cbody = {0}, none = {0};
        stk cst;
        int next_clause = -1, body_start;
        if (!h)
            return -1;
        if (d->ins[k].op == DP_OP_RERAISE && d->bstack[k] == hlevel) {
            mark(d, k, k + 1);
            maxk = k + 1 > maxk ? k + 1 : maxk;
            break;
        }
        TRY(stk_copy(d, st, &cst));
        TRY(push_exc(d, &cst, 6));
        if (d->ins[k].op == DP_OP_DUP_TOP) {
            int m = k + 1;
            TRY(push_exc(d, &cst, 1));
            mark(d, k, k + 1);
            while (m < d->count && d->ins[m].op != DP_OP_JUMP_IF_NOT_EXC_MATCH) {
                int nx;
                if (is_control_op(d->ins[m].op))
                    return fail(d, m, "an except clause without its match");
                mark(d, m, m + 1);
                TRY(step(d, &cst, &none, m, &nx));
                m = nx;
            }
            if (m + 3 >= d->count || none.n)
                return fail(d, k, "an except clause without its match");
            TRY(pop_expr(d, &cst, &none, m, &h->type));
            cst.n--;   /* the DUP_TOP copy */
            next_clause = d->ins[m].target;
            mark(d, m, m + 1);
            k = m + 1;
        }
        /* POP_TOP (type); STORE e or POP_TOP (value); POP_TOP (traceback) */
        if (k + 2 >= d->count || d->ins[k].op != DP_OP_POP_TOP || d->ins[k + 2].op != DP_OP_POP_TOP ||
            (d->ins[k + 1].op != DP_OP_POP_TOP && !is_name_store(d->ins[k + 1].op)))
            return fail(d, k, "an except clause that does not unpack the exception");
        if (is_name_store(d->ins[k + 1].op))
            h->name = d->ins[k + 1].name;
        if (h->name && !h->type)
            return fail(d, k, "a bare except with a name");
        mark(d, k, k + 3);
        cst.n -= 3;
        body_start = k + 3;
        int base = cst.n;
        int ce, name_block = -1;   /* (the SETUP_FINALLY of a name's cleanup) */
        if (h->name) {
            if (d->ins[body_start].op != DP_OP_SETUP_FINALLY || !is_name_cleanup(d, d->ins[body_start].target))
                return fail(d, body_start, "an except clause without its name cleanup");
            mark(d, body_start, body_start + 1);
            const bnode *lvl = d->bstack[body_start];
            name_block = body_start++;
            ce = body_start;
            const bnode *inner = d->bstack[body_start];
            for (;;) {
                while (ce < d->count && ce != next_clause && in_handler(d->bstack[ce], inner) &&
                       !(d->ins[ce].op == DP_OP_POP_BLOCK && d->bstack[ce] && d->bstack[ce]->up == lvl))
                    ce++;
                int live = past_dead_code(d, ce, next_clause);
                if (live == ce && ce + 1 < d->count && d->ins[ce].op == DP_OP_POP_BLOCK) {
                    /* a return from inside the body, which the body goes
                     * on after (its value moved below the exception first) */
                    int re = clause_return_end(d, ce > body_start && d->ins[ce - 1].op == DP_OP_ROT_FOUR ? ce - 1 : ce);
                    int later = 0, beyond = 0;
                    for (int q = body_start; re >= 0 && q < ce; q++) {
                        int t = d->ins[q].target;
                        if (t >= re && t < d->count && t != next_clause && in_handler(d->bstack[t], inner)) {
                            later = 1;
                            beyond |= t > re && !is_clause_return(d, t);
                        }
                    }
                    /* (3.10: not when that is the clause's end, copied
                     * with the function's return into each branch; unless
                     * the body jumps past those copies too: then the copy
                     * is a return of the body's, `if a: return x` / `else:
                     * return y` before a `raise`) */
                    if (later && (beyond || !is_clause_return(d, re)))
                        live = past_dead_code(d, re, next_clause);   /* (3.8, 3.9: the dead jump
                                                                       * over an else-part) */
                    /* a continue or break from inside the body, which the
                     * body goes on after */
                    int is_break, copy_at, le = clause_loop_exit(d, ce + 1, rg->loop, &is_break, &copy_at);
                    int live_le = le > ce ? past_dead_code(d, le, next_clause) : -1;
                    if (live == ce && le > ce && live_le < d->count && live_le != next_clause &&
                        in_handler(d->bstack[live_le], inner) && jumped_to(d, body_start, ce, live_le))
                        live = live_le;
                }
                if (live == ce || live >= d->count || live == next_clause || !in_handler(d->bstack[live], inner))
                    break;
                ce = live;
            }
        } else {
            ce = body_start;
            for (;;) {
                /* up to its POP_EXCEPT; a body that raises ends where the
                 * next clause, or code outside the handler, begins */
                for (;;) {
                    while (ce < d->count && ce != next_clause && in_handler(d->bstack[ce], hlevel) &&
                           !((d->ins[ce].op == DP_OP_POP_EXCEPT || d->ins[ce].op == DP_OP_ROT_FOUR) &&
                             d->bstack[ce] == hlevel))
                        ce++;
                    int live = past_dead_code(d, ce, next_clause);
                    if (live == ce || live >= d->count || live == next_clause ||
                        !in_handler(d->bstack[live], hlevel))
                        break;
                    ce = live;
                }
                /* a continue or break from inside the body, which the
                 * body goes on after */
                int is_break, copy_at, le = clause_loop_exit(d, ce, rg->loop, &is_break, &copy_at);
                int live_le = le > ce ? past_dead_code(d, le, next_clause) : -1;   /* (3.8, 3.9: a dead jump
                                                                                     * over an else-part) */
                if (le > ce && live_le < d->count && live_le != next_clause &&
                    in_handler(d->bstack[live_le], hlevel) && jumped_to(d, body_start, ce, live_le)) {
                    ce = le;
                    continue;
                }
                /* 3.10: a `break` out of a for loop in the body, a copy of
                 * the clause's end: the body goes on to the loop's exit */
                int fx = d->version == 310 && ce < d->count && ce > body_start && d->ins[ce].op == DP_OP_POP_EXCEPT &&
                         d->ins[ce - 1].op == DP_OP_POP_TOP ? for_exit_copied(d, body_start, ce) : -1;
                if (fx > ce) {
                    ce = fx;
                    continue;
                }
                /* a return from inside the body, which the body goes on after
                 * (or one that leaves the except clauses around too) */
                int re = clause_or_nested_return_end(d, ce), later = 0;
                for (int q = body_start; re >= 0 && q < ce; q++) {
                    int t = d->ins[q].target;
                    later |= t >= re && t < d->count && t != next_clause && in_handler(d->bstack[t], hlevel);
                }
                if (!later)
                    break;
                ce = re;
            }
        }
        if (ce >= d->count && !(d->version >= 310 && !h->name && ends_block(d->ins[d->count - 1].op)))
            return fail(d, body_start, "an except clause without its end");   /* (3.10: one that raises last) */
        stk cafter;
        TRY(run_sub(d, body_start, ce, ce, rg->loop, &cst, &cbody, &cafter));
        int end = ce;
        dp_stmt_list cl = {cbody.v, cbody.n};
        /* (an unnamed clause that ends in a try statement no path of which
         * completes, right before the handler's own RERAISE: it ends there) */
        int ends_in_try = !h->name && cafter.n == base && ce < d->count && d->ins[ce].op == DP_OP_RERAISE &&
                          d->bstack[ce] == hlevel && list_ends_flow(&cl, 0);
        /* (3.10: a named one, right before its name's cleanup handler) */
        ends_in_try |= h->name && d->version == 310 && cafter.n == base && ce < d->count &&
                       ce == d->ins[name_block].target && list_ends_flow(&cl, 0);
        /* (3.10: a clause whose branches each end in the clause's end with
         * the function's return, read as the return after the if: the
         * branch's copy was taken with it) */
        /* (or the last clause, a try statement in it running to the end of
         * the code: its paths that complete end in that return, placed
         * before its handlers, `except: try: ... except: ...; raise`) */
        int returned = d->version == 310 && !h->name && cafter.n == base - 3 && ends_flow(d, &cbody) &&
                       (ce < d->count ? (d->visits[ce] || ce == next_clause) : next_clause < 0);
        if (returned && exit_copy >= 0 &&
            ((ce < d->count && d->ins[ce].op == DP_OP_POP_EXCEPT && same_exit(d, ce + 1, exit_copy) > 0) ||
             is_none_return_at(d, exit_copy)) &&
            cbody.n && is_return_none(cbody.v[cbody.n - 1])) {
            /* (that return is the clause's end, which goes on to the code
             * after the try, where the body goes too) */
            cbody.n--;
            TRY(clause_jump(d, exit_copy, pb + 1, rg, &cbody, &ex));
            joins++;
        }
        if ((!ends_flow(d, &cbody) || cafter.n != base) && !ends_in_try && !returned) {
            int jump_to;
            /* (3.10: where an earlier clause goes on elsewhere, the code
             * the body falls into is a return of the body's own, `try:
             * ...; return` then `except E: ...` and `except F: return`) */
            int xc = d->version == 310 && ex.join >= 0 && exit_copy >= 0 && ex.join != exit_copy &&
                             ex.join > H && same_exit(d, exit_copy, ex.join) <= 0
                         ? -1 : exit_copy;
            end = clause_tail_old(d, ce, h->name, &cafter, base, xc, rg->loop, &cbody, &jump_to);
            TRY(end);
            /* 3.10: `break` out of a while loop that has no code after
             * it of its own: the clause holds the only copy, or the code
             * after the loop follows the handlers */
            int bt = jump_to >= 0 && cafter.n == st->n
                         ? break_into_loop_tail(d, rg->loop, jump_to, jump_to != end, st, &cbody, d->cur_handler) : 0;
            TRY(bt);
            if (bt)
                jump_to = -1;
            /* (3.8, 3.9: to a jump to where the block goes, not threaded
             * on: the end of an if's else-part, when the if ends a loop's
             * body and the try its then-part) */
            if (jump_to > rg->hi && d->version < 310 && rg->follow >= 0 && jump_to < d->count &&
                d->ins[jump_to].op == DP_N_JUMP && d->ins[jump_to].target == rg->follow)
                jump_to = rg->follow;
            /* (3.8, 3.9: a `continue` ending the clause leaves the clause's
             * own exit after it, dead: where the statement ends the loop's
             * body, that exit goes to the loop's head too (and the jump
             * before it is the continue, but not the loop's last jump back,
             * read with the loop), else where the body goes on; not after a
             * body that breaks or continues, whose own dead exit then
             * follows it; after one that returns or raises, yes) */
            int xj = -1;   /* (the dead exit's jump) */
            if (jump_to >= 0 && d->version < 310 && h->name)
                xj = named_clause_dead_exit(d, end);
            else if (jump_to >= 0 && d->version < 310 && end + 1 < d->count && d->ins[end].op == DP_OP_POP_EXCEPT &&
                     d->ins[end].stack < 0 && d->ins[end + 1].op == DP_N_JUMP && !d->visits[end] &&
                     !d->claimed[end] && !d->visits[end + 1] && !d->claimed[end + 1])
                xj = end + 1;
            int dead_exit = xj >= 0;
            if (dead_exit && is_continue_target(rg->loop, jump_to) &&
                (!ends_flow(d, &body) || (body.n && (body.v[body.n - 1]->kind == DP_S_RETURN ||
                                                     body.v[body.n - 1]->kind == DP_S_RAISE))) &&
                ((d->ins[xj].target == jump_to && d->back_from[jump_to] != end - 1) ||
                 (E > pb + 1 && E != jump_to && d->ins[xj].target == E))) {
                TRY(sl_push(d, &cbody, mk_stmt(d, DP_S_CONTINUE)));
                jump_to = -1;
            }
            head_exits += jump_to >= 0 && d->version < 310 && !dead_exit &&
                          is_continue_target(rg->loop, jump_to);
            if (jump_to >= 0) {
                TRY(earlier_clauses_continue(d, s, jump_to, pb + 1, rg, &ex));
                TRY(clause_jump(d, jump_to, pb + 1, rg, &cbody, &ex));
            }
            if (jump_to >= 0 && jump_to == end) {
                falls_in = h;
                fall_stack = cafter;
            }
            joins += jump_to >= 0;
        }
        if (end > maxk)
            maxk = end;
        if (h->name && d->version < 309) {
            /* 3.8: the POP_EXCEPT and jump after the name's cleanup block,
             * where only a return inside the clause reached it */
            int L = d->ins[k + 3].target, q = L + 4;
            if (L >= 0 && q + 1 < d->count && d->visits[L] && !d->visits[q] &&
                d->ins[q].op == DP_OP_POP_EXCEPT && d->ins[q + 1].op == DP_N_JUMP)
                mark(d, q, q + 2);
        }
        /* (3.8, 3.9: the clause's own exit, dead after a return that ends
         * it, kept for the end label of an if/else there; unnamed clauses,
         * whose end is that POP_EXCEPT) */
        if (d->version < 310 && !h->name && end < d->count && d->ins[end].op == DP_OP_POP_EXCEPT &&
            d->ins[end].stack < 0 && cbody.n && cbody.v[cbody.n - 1]->kind == DP_S_RETURN)
            TRY(fold_tail_into_else(d, &cbody));
        if (!cbody.n)
            TRY(one_stmt_list(d, &cbody, DP_S_PASS));
        h->body = sl_list(&cbody);
        TRY(handler_list_append(d, &s->u.try_.handlers, h));
        if (next_clause < 0)
            break;
        k = next_clause;
    }
    claim_handlers(d, H, maxk, ex.join > H ? ex.join : -1);   /* (not the code after the try, in there) */
    int join = ex.join;
    if (exit_copy >= 0 && join < 0)
        join = exit_copy;   /* only the body reaches it */
    if (E >= 0) {
        int E_is_join = (E == join) || (join < 0 && (E == rg->follow || (rg->loop && (E == rg->loop->head))));
        int else_first = d->version == 310 && E >= pb + 1 && E < H ? first_used_min(d, E, H, 0) : -1;
        if (ex.join < 0 && else_first >= 0 && else_first < none_const_index(d) && d->body_kind == BODY_FUNCTION &&
            ends_block(d->ins[H - 1].op) && d->ins[H - 1].op != DP_N_JUMP && clauses_end_in_epilogue(d, s)) {
            /* 3.10: the clauses end in copies of the function's final
             * `return None`, and the code the body falls into, before the
             * handlers, returns or raises: the else block, as None, numbered
             * after its constants, says (3.10 compiles the handlers first:
             * a return of their own would have numbered None before) */
            slist orelse = {0};
            TRY(drop_clause_epilogues(d, s));
            TRY(run_sub(d, E, H, H, rg->loop, st, &orelse, NULL));
            s->u.try_.orelse = sl_list(&orelse);
            join = H;
        } else if (E_is_join) {
            join = E;
        } else if (join >= 0 && E > pb + 1 && E < join) {
            /* (where the clauses jump to the code after the enclosing
             * block, the else block is the rest of that block, which goes
             * there too: 3.8, 3.9, an if-part's jump over its else-part
             * ends it) */
            int past_block = join == rg->follow && join > rg->hi && E < rg->hi;
            slist orelse = {0};
            TRY(run_sub(d, E, past_block ? rg->hi : join, join, rg->loop, st, &orelse, NULL));
            s->u.try_.orelse = sl_list(&orelse);
        } else if (join < 0 && E > pb + 1 && E <= rg->hi && rg->follow < 0 && d->version >= 310 &&
                   clauses_end_in_epilogue(d, s)) {
            /* every clause ends in a copy of the body's final return: the
             * rest of the body is the else block */
            slist orelse = {0};
            TRY(drop_clause_epilogues(d, s));
            TRY(run_sub(d, E, rg->hi, rg->hi, rg->loop, st, &orelse, NULL));
            s->u.try_.orelse = sl_list(&orelse);
            join = rg->hi;
        } else if (join < 0 && E > pb + 1 && d->version < 310 && d->body_kind == BODY_FUNCTION &&
                   rg->hi == d->count && rg->follow < 0 && E < rg->hi - 3 &&
                   d->ins[rg->hi - 3].op == DP_OP_RETURN_VALUE && d->ins[rg->hi - 2].op == DP_OP_LOAD_CONST &&
                   d->ins[rg->hi - 2].obj->kind == DP_OBJ_NONE && d->ins[rg->hi - 1].op == DP_OP_RETURN_VALUE &&
                   !jumped_to(d, i, rg->hi - 2, rg->hi - 2)) {
            /* no clause completes, and the rest of the function returns
             * before the compiler's final `return None`: the else block
             * (3.8, 3.9: after a statement that returns, the final return
             * is still there, unreached) */
            slist orelse = {0};
            TRY(run_sub(d, E, rg->hi - 2, rg->hi - 2, rg->loop, st, &orelse, NULL));
            s->u.try_.orelse = sl_list(&orelse);
            join = rg->hi - 2;
        } else if (join < 0 && E > pb + 1 && E < rg->hi && d->version < 310 &&
                   (dead_end = dead_clause_exit_target(d, H, E > maxk ? E : maxk, E, rg)) > E &&
                   (dead_end <= rg->hi || (dead_end == rg->follow && rg->follow >= 0))) {
            /* 3.8, 3.9: no clause completes, but a clause that raises or
             * returns keeps its own exit after that, dead (after the last
             * clause, up to the body's jump target): its jump goes to
             * the statement's end, past the else block (or where the block
             * goes on, past its end: an if's then-part, whose jump over
             * the else-part is the block's end) */
            int at_end = dead_end >= rg->hi;
            slist orelse = {0};
            TRY(run_sub(d, E, at_end ? rg->hi : dead_end, at_end ? rg->follow : dead_end, rg->loop, st, &orelse, NULL));
            s->u.try_.orelse = sl_list(&orelse);
            join = at_end ? rg->follow : dead_end;
        } else if (join < 0 && E > pb + 1 && E <= rg->hi) {
            join = E;  /* no clause completes: the rest follows the statement */
        } else if (join >= 0 && join == rg->follow && is_continue_target(rg->loop, join) && E > pb + 1 &&
                   E < rg->hi && head_exits == joins && d->version < 310) {
            /* 3.8, 3.9: the clauses' own exits, no `continue` (which would
             * leave that exit after it, dead), go to the loop's head: the
             * statement ends the loop's body, and the code the body goes on
             * to is the else block */
            slist orelse = {0};
            TRY(run_sub(d, E, rg->hi, rg->follow, rg->loop, st, &orelse, NULL));
            s->u.try_.orelse = sl_list(&orelse);
            join = rg->hi;
        } else if (join >= 0 && join == rg->follow && is_continue_target(rg->loop, join) && E > pb + 1 &&
                   E <= rg->hi) {
            /* the clauses go back to the loop's head, the body on to the
             * code after the statement: each clause that completes ends in
             * `continue` */
            for (size_t q = 0; q < s->u.try_.handlers.count; q++)
                TRY(append_exit(d, &s->u.try_.handlers.items[q]->body, DP_S_CONTINUE));
            join = E;
        } else if (join >= 0 && d->version >= 310 && E > join && join > H && E < rg->hi && rg->follow >= 0 &&
                   !d->claimed[join] && same_exit(d, join, rg->follow) > 0 && !enters_between(d, E, rg->hi, E, rg->hi) &&
                   !jumped_into(d, E + 1, rg->hi)) {
            /* 3.10: the clauses fall into a copy of the code after the
             * enclosing block, placed after them; the else block, placed
             * after that, falls into the code itself */
            slist orelse = {0};
            TRY(run_sub(d, E, rg->hi, rg->follow, rg->loop, st, &orelse, NULL));
            TRY(equiv_code(d, join, rg->follow) ? 0 : -1);
            s->u.try_.orelse = sl_list(&orelse);
            join = rg->follow;
        } else if (join >= 0 && d->version >= 310 && E > join && E > pb + 1 && E < rg->hi && join > H &&
                   join < d->count) {
            /* 3.10: the clauses fall into the code after the try, placed
             * after them; the else block, placed after that, ends in a
             * copy of it */
            int X = E;
            /* (the first copy that nothing before it jumps past: not one a
             * break out of a loop in the else block has) */
            while (X < rg->hi && (same_exit(d, X, join) <= 0 || enters_between(d, E, X, X, rg->hi)))
                X++;
            slist orelse = {0};
            if (X >= rg->hi && exit_len(d, join) > 0 && join + exit_len(d, join) <= E &&
                else_never_falls(d, E, rg->hi) && !enters_between(d, i, E, E, rg->hi)) {
                /* (where the else block returns or raises, the compiler
                 * keeps no copy: read the else block in its place, and the
                 * code after the try, a small exit block, where it is) */
                TRY(run_sub(d, E, rg->hi, rg->follow, rg->loop, st, &orelse, NULL));
                claim(d, E, rg->hi);
                s->u.try_.orelse = sl_list(&orelse);
            } else if (X >= rg->hi && falls_in && joins == 1 && join == ex.join && exit_len(d, join) > 0 &&
                       join + exit_len(d, join) <= E && d->ins[join + exit_len(d, join) - 1].op != DP_N_JUMP &&
                       d->incoming[join] == 0) {
                /* no copy of it at the else block's end: what the one
                 * clause that completes falls into is a return or raise of
                 * the clause's own (also where it was a break out of a loop,
                 * whose code after it, a small exit block, the compiler
                 * copied there); the body goes on at E, after the statement */
                slist tail = {0};
                int n = exit_len(d, join);
                TRY(run_sub(d, join, join + n, join + n, rg->loop, &fall_stack, &tail, NULL));
                if (!ends_flow(d, &tail))
                    return fail(d, join, "a try statement whose else block cannot be placed");
                slist cb = {0};
                for (size_t q = 0; q < falls_in->body.count; q++)
                    if (!(q == 0 && falls_in->body.count == 1 && falls_in->body.items[0]->kind == DP_S_PASS))
                        TRY(sl_push(d, &cb, falls_in->body.items[q]));
                for (size_t q = 0; q < tail.n; q++)
                    TRY(sl_push(d, &cb, tail.v[q]));
                falls_in->body = sl_list(&cb);
                claim(d, join, join + n);
                join = E;
            } else {
                if (X >= rg->hi || X + same_exit(d, X, join) > rg->hi || enters_between(d, E, X, X, rg->hi))
                    return fail(d, pb + 1, "a try statement whose else block cannot be placed");
                TRY(run_sub(d, E, X, X, rg->loop, st, &orelse, NULL));
                if (!equiv_code(d, X, join))
                    return fail(d, X, "a try statement whose else block cannot be placed");
                claim(d, E, X);
                s->u.try_.orelse = sl_list(&orelse);
            }
        } else if (join > H && E == exit_copy && E < H && straight_exit_end(d, E) == H &&
                   tail_numbered_late(d, E, H, H, maxk, join, rg) &&
                   (tail_taken = break_into_loop_tail(d, rg->loop, E, 0, st, &body, d->cur_handler)) != 0) {
            /* 3.10: that code came after the code after the try, in the
             * source: it is the code after the loop, a break's copy */
            TRY(tail_taken);
            s->u.try_.body = sl_list(&body);
        } else if (join >= 0 && E == exit_copy && E < H && ((join > H && join < d->count) ||
                                                             (join < i && is_continue_target(rg->loop, join))) &&
                   same_exit(d, E, join) <= 0) {
            /* 3.10: the straight code the body falls into before the
             * handlers (up to a return or raise) is no copy of the code
             * after the try, where the clauses go (or the loop's next
             * round, where they continue): it is the else block */
            slist orelse = {0};
            TRY(run_sub(d, E, H, H, rg->loop, st, &orelse, NULL));
            s->u.try_.orelse = sl_list(&orelse);
        } else if (d->version == 310 && join > H && join < d->count && E == exit_copy && E < H &&
                   same_exit(d, E, join) == H - E && d->ins[join - 1].op == DP_OP_RERAISE) {
            /* 3.10: the body falls into a copy of the code after the try
             * (a small exit block: the end of a try body around it and a
             * return), right before the handlers, and the clauses jump to
             * that code, right after the handlers' last RERAISE */
            TRY(equiv_code(d, E, join) ? 0 : -1);
        } else if (join > H && join <= rg->hi && E < i && is_continue_target(rg->loop, E) &&
                   d->ins[join].op != DP_N_JUMP) {
            /* the body goes back to the loop's head, past the code after
             * the try, where the clauses go: it ends in `continue` (3.10
             * drops the jump over the handlers that would follow it) */
            TRY(sl_push(d, &body, mk_stmt(d, DP_S_CONTINUE)));
            s->u.try_.body = sl_list(&body);
        } else if (rg->loop && E == rg->loop->brk && E > rg->hi &&
                   (join < 0 || join <= rg->hi || is_continue_target(rg->loop, join))) {
            /* the body jumps out of the loop around, where the clauses go on
             * inside it: it ends in `break` (3.8, 3.9: the else block is
             * `break`, whose jump the body's took over; a break of the body's
             * own keeps the compiler's jump over the handlers after it) */
            slist brk = {0};
            if (d->version < 310 && join < 0 && maxk < rg->hi && d->ins[maxk].op == DP_N_JUMP &&
                (d->ins[maxk].target == E || (E < d->count && d->ins[E].op == DP_N_JUMP &&
                                              d->ins[maxk].target == d->ins[E].target)) &&
                !d->visits[maxk] && !d->claimed[maxk]) {
                /* (a `break` after the try, which no clause reaches and
                 * the body's jump, threaded through it, skips: dead code
                 * the compiler keeps; threaded on, itself, where the code
                 * after the loop is a jump too: the end of an if's
                 * then-part) */
                mark(d, maxk, maxk + 1);
                join = maxk + 1;
                break_after = 1;
            } else {
                TRY(sl_push(d, d->version < 310 ? &brk : &body, mk_stmt(d, DP_S_BREAK)));
                s->u.try_.body = sl_list(&body);
            }
            if (brk.n)
                s->u.try_.orelse = sl_list(&brk);
        } else {
            return fail(d, pb + 1, "a try statement whose else block cannot be placed");
        }
    }
    if (join < 0)
        *next = exit_end;
    else if (join > rg->hi || join == rg->follow || (rg->loop && join == rg->loop->head && join < i))
        *next = rg->hi;
    else
        *next = join;
    if (*next < pb + 2 && *next != rg->hi && *next != exit_copy)
        *next = pb + 2;
    if (fold_body) {
        slist b = {s->u.try_.body.items, s->u.try_.body.count, s->u.try_.body.count};
        TRY(fold_tail_into_else(d, &b));
        s->u.try_.body = sl_list(&b);
    }
    TRY(sl_push(d, out, s));
    if (break_after)
        TRY(sl_push(d, out, mk_stmt(d, DP_S_BREAK)));
    int f = rg->follow;
    if (join >= 0 && rg->loop && join == rg->loop->head && join < i && join != f && !is_continue_target(rg->loop, f) &&
        !(f >= 0 && f < d->count && d->ins[f].op == DP_N_JUMP && is_continue_target(rg->loop, d->ins[f].target)))
        /* the statement goes back to the loop's head, not on to where its
         * block ends (a then-part with an else-part after it) */
        return sl_push(d, out, mk_stmt(d, DP_S_CONTINUE));
    return 0;
}

/* 3.8: a block body's final return, after its POP_BLOCK at pb (see
 * unwind_38), appended to the body. */
static int tail_return_38(dc *d, int pb, stk *after, int base, slist *body)
{
    int value, e = unwind_38(d, pb, &value);
    if (e < 0 || d->ins[e - 1].op != DP_OP_RETURN_VALUE || ends_flow(d, body) || after->n != base + value)
        return 0;
    dp_stmt *ret = mk_stmt(d, DP_S_RETURN);
    slist none = {0};
    if (!ret)
        return -1;
    if (value)
        TRY(pop_expr(d, after, &none, pb, &ret->u.ret.value));
    else
        ret->u.ret.value = e_const(d, d->ins[e - 2].obj);
    mark(d, pb + 1, e);
    return sl_push(d, body, ret);
}

/* 3.8: SETUP_WITH H; body; POP_BLOCK; BEGIN_FINALLY; H: WITH_CLEANUP_START;
 * WITH_CLEANUP_FINISH; END_FINALLY, the handler shared by both paths. */
static int with_stmt_38(dc *d, int i, const region *rg, stk *st, slist *out, int *next)
{
    int H = d->ins[i].target;
    if (H < 2 || H + 2 >= d->count || d->ins[H].op != DP_OP_WITH_CLEANUP_START ||
        d->ins[H + 1].op != DP_OP_WITH_CLEANUP_FINISH || d->ins[H + 2].op != DP_OP_END_FINALLY)
        return fail(d, i, "a with handler of unknown shape");
    dp_stmt *s;
    stk bst, after;
    int lo, pb;
    slist body = {0};
    TRY(with_begin(d, i, st, out, &s, &bst, &lo));
    int base = bst.n - (lo == i + 1);   /* the target's slot is not counted */
    TRY(run_block_body(d, i, lo, H, rg, &bst, &body, &after, &pb, NULL));
    TRY(tail_return_38(d, pb, &after, base, &body));
    if (after.n != base && !ends_flow(d, &body))
        return fail(d, i, "a with body leaves values on the stack");
    if (!ends_flow(d, &body)) {
        if (pb + 2 != H || d->ins[pb + 1].op != DP_OP_BEGIN_FINALLY)
            return fail(d, pb + 1, "a with block without its BEGIN_FINALLY");
        mark(d, pb + 1, pb + 2);
    } else if (pb + 2 == H && d->ins[pb + 1].op == DP_OP_BEGIN_FINALLY) {
        mark(d, pb + 1, pb + 2);
    }
    mark(d, H, H + 3);
    claim(d, H, H + 3);
    TRY(finish_with(d, s, &body));
    int join = H + 3;
    *next = (join > rg->hi || join == rg->follow) ? rg->hi : join;
    return sl_push(d, out, s);
}

/* 3.9, 3.10: a with's __exit__ called at k on the normal path:
 * LOAD_CONST None; DUP_TOP; DUP_TOP; CALL 3; POP_TOP. */
static int exit_call_310(const dc *d, int k)
{
    return k >= 0 && k + 4 < d->count && d->ins[k].op == DP_OP_LOAD_CONST && d->ins[k].obj->kind == DP_OBJ_NONE &&
           d->ins[k + 1].op == DP_OP_DUP_TOP && d->ins[k + 2].op == DP_OP_DUP_TOP && d->ins[k + 3].op == DP_OP_CALL &&
           d->ins[k + 3].arg == 3 && d->ins[k + 4].op == DP_OP_POP_TOP;
}

/* 3.9, 3.10: whether block b is a with's (its handler WITH_EXCEPT_START). */
static int is_with_block_310(const dc *d, const bnode *b)
{
    return b && b->kind == 0 && b->target >= 0 && b->target < d->count &&
           d->ins[b->target].op == DP_OP_WITH_EXCEPT_START;
}

/* <= 3.10: from c, past the POP_BLOCKs of try statements with except
 * clauses, each the block around the one before (at least one), else c. */
static int pops_except_blocks(const dc *d, int c)
{
    const bnode *b = c < d->count ? d->bstack[c] : NULL;
    while (b && c + 1 < d->count && d->ins[c].op == DP_OP_POP_BLOCK && d->bstack[c] == b && b->kind == 0 &&
           b->target >= 0 && b->target < d->count && is_except_handler_310(d, b->target)) {
        c++;
        b = b->up;
    }
    return c;
}

/* From k, past dead instructions (see unshare_try_exits_310). */
static int past_dead_ins(const dc *d, int k)
{
    while (k < d->count && d->ins[k].stack < 0)
        k++;
    return k;
}

/* 3.10 copies a with's normal end (POP_BLOCK, the __exit__ call and the
 * code after the statement up to a return) into each branch that falls
 * out of the body; the body's reading stops at each copy, and the last
 * one, at pb, is the statement's own.  The earlier ones are copies. */
static int with_end_copies_310(dc *d, int lo, int pb)
{
    for (int q = lo; q < pb; q++) {
        int n = d->ins[q].op == DP_OP_POP_BLOCK && !d->visits[q] && d->bstack[q] == d->bstack[pb]
                    ? same_exit(d, q, pb) : -1;
        /* (or the RERAISE that ends the finally block holding the with,
         * made a jump to the block's end: see unshare_finally_exits_310) */
        if (n > 0 && (d->ins[q + n - 1].op == DP_OP_RETURN_VALUE || made_reraise_jump(d, q + n - 1, -1)))
            TRY(equiv_code(d, q, pb) ? 0 : -1);
    }
    return 0;
}

static int with_stmt_old(dc *d, int i, const region *rg, stk *st, slist *out, int *next)
{
    int H = d->ins[i].target;
    if (d->version < 309)
        return with_stmt_38(d, i, rg, st, out, next);
    if (H < 0 || H + 8 >= d->count || d->ins[H].op != DP_OP_WITH_EXCEPT_START ||
        d->ins[H + 1].op != DP_OP_POP_JUMP_IF_TRUE || d->ins[H + 2].op != DP_OP_RERAISE)
        return fail(d, i, "a with handler of unknown shape");
    int L = d->ins[H + 1].target;
    static const uint16_t suppressed[] = {DP_OP_POP_TOP, DP_OP_POP_TOP, DP_OP_POP_TOP, DP_OP_POP_EXCEPT, DP_OP_POP_TOP};
    for (int q = 0; q < 5; q++)
        if (L < 0 || L + q >= d->count || d->ins[L + q].op != suppressed[q])
            return fail(d, H, "a with handler of unknown shape");
    dp_stmt *s;
    stk bst;
    int lo;
    TRY(with_begin(d, i, st, out, &s, &bst, &lo));
    int base = bst.n - (lo == i + 1);   /* the target's slot is not counted */
    slist body = {0};
    stk after;
    int pb, never = 0;   /* (3.10: a body that cannot complete has no POP_BLOCK) */
    TRY(run_block_body(d, i, lo, H, rg, &bst, &body, &after, &pb, &never));
    if (d->version == 310 && !never)
        TRY(with_end_copies_310(d, lo, pb));
    int k = pb + 1;
    dp_expr *pending = NULL;
    if (after.n == base + 1) {
        slist none = {0};
        if (k >= d->count || d->ins[k].op != DP_OP_ROT_TWO)
            return fail(d, i, "a with block leaves a value");
        TRY(pop_expr(d, &after, &none, k, &pending));
        mark(d, k, k + 1);
        k++;
    } else if (after.n != base && !ends_flow(d, &body)) {
        return fail(d, i, "a with body leaves values on the stack");
    }
    if ((!ends_flow(d, &body) && !never) || pending) {
        if (!exit_call_310(d, k))
            return fail(d, k, "a with block without its __exit__ call");
        mark(d, k, k + 5);
        k += 5;
    }
    if (pending) {
        /* (past the POP_BLOCKs of the try statements around the with, their
         * finally blocks' copies and the except clauses that the return
         * leaves too) */
        k = return_pending(d, k, pending, &body, k);
        TRY(k);
    }
    int join = never ? H : k, returned = pending || never ? 0 : with_returns_const(d, k, L + 5, &body);
    TRY(returned);
    if (returned > 0)
        join = returned;
    if (join < d->count && d->ins[join].op == DP_N_JUMP && past_dead_ins(d, join + 1) == H) {
        if (join < rg->hi)   /* (else the back jump that closes the loop around, the loop's) */
            mark(d, join, join + 1);
        join = d->ins[join].target;
    }
    mark(d, H, H + 3);
    mark(d, L, L + 5);
    int hend = L + 5;
    /* (3.10: the with ends the finally block holding it, whose RERAISE
     * its handler falls into, and the block's end made a jump to it: see
     * unshare_finally_exits_310) */
    if (d->version == 310 && made_reraise_jump(d, join, hend)) {
        mark(d, join, join + 1);
        join = hend;
    }
    /* (3.9: the handler's jump threaded through a jump at join, the end
     * of an if's then-part) */
    int threaded = d->version < 310 && hend != join && join < d->count && d->ins[join].op == DP_N_JUMP &&
                   hend < d->count && d->ins[hend].op == DP_N_JUMP && d->ins[hend].target == d->ins[join].target;
    if (hend != join && hend < d->count && d->ins[hend].op == DP_N_JUMP && (d->ins[hend].target == join || threaded) &&
        ((join > hend && d->ins[hend].stack >= 0) || join < i)) {
        /* The handler jumps where the block goes on: to the code after it
         * (a copy of which the compiler had put there: see
         * unshare_try_exits_310), or a loop's head.  That jump may be
         * another construct's, already taken: ending an if's then-part,
         * its jump over the else-part (`if c: with m: ...` then `else:`),
         * or the loop's own back jump. */
        if (!d->visits[hend])
            mark(d, hend, hend + 1);
        hend++;
    } else if (hend != join && !ends_flow(d, &body) && !never) {
        /* (up to a return; 3.10: or a raise, `raise` in an except clause
         * after the with) */
        int n = 0;
        while (hend + n < d->count && d->ins[hend + n].op != DP_OP_RETURN_VALUE &&
               !(d->version == 310 && d->ins[hend + n].op == DP_OP_RAISE_VARARGS) && n < 64)
            n++;
        if (hend + n >= d->count || !same_code(d, hend, join, n + 1))
            return fail(d, hend, "a with handler that continues unusually");
        /* (the handler's copy of the code after the block is its own: where
         * a jump from elsewhere goes there too, that is the code itself,
         * `if c: with m: ...` then `return t`, and the block's copy is the
         * normal path's) */
        if (d->incoming[hend] && (hend == rg->follow || hend == rg->hi) && !d->claimed[join] && !d->visits[join] &&
            d->incoming[join] == 0) {
            /* (3.10: `if c: with m: ...` then `return t`: the handler falls
             * into the code after the if, where the test's jump goes; the
             * block's normal exit, into its own copy of it) */
            TRY(equiv_code(d, join, hend) ? 0 : -1);
            join = hend;
        } else {
            if (d->incoming[hend])
                return fail(d, hend, "a with handler that falls into code reached from elsewhere");
            mark(d, hend, hend + n + 1);
            hend += n + 1;
        }
    } else if ((ends_flow(d, &body) || never) && hend != join) {
        /* The body cannot complete: where the manager swallows an
         * exception, the handler goes on to the code after the statement.
         * The function's implicit `return None` is the handler's own; any
         * other code is the statement's join (`with m: return t` then
         * `return u`). */
        if (hend + 1 < d->count && d->ins[hend].op == DP_OP_LOAD_CONST && d->ins[hend].obj &&
            d->ins[hend].obj->kind == DP_OBJ_NONE && d->ins[hend + 1].op == DP_OP_RETURN_VALUE &&
            !d->incoming[hend]) {
            mark(d, hend, hend + 2);
            hend += 2;
        } else if (hend <= rg->hi || hend == rg->follow) {
            join = hend;
        } else {
            return fail(d, hend, "a with handler that continues outside the block");
        }
    }
    claim(d, H, hend);
    TRY(finish_with(d, s, &body));
    *next = (join > rg->hi || join == rg->follow) ? rg->hi : join;
    return sl_push(d, out, s);
}

/* ---- chained comparisons ------------------------------------------------
 *
 * a < b < c keeps b for the next comparison: DUP_TOP; ROT_THREE (3.11+:
 * SWAP 2; COPY 2) before each comparison but the last.  A false link jumps
 * to a cleanup that drops the kept value: in value context
 * JUMP_IF_FALSE_OR_POP L (3.12+: COPY 1; POP_JUMP_IF_FALSE L; POP_TOP),
 * ..., JUMP_FORWARD E; L: ROT_TWO; POP_TOP; E:, and in a condition
 * POP_JUMP_IF_FALSE C, ..., <last test's jump>, JUMP body; C: POP_TOP;
 * then a jump (or a copy of the code) where the condition is false. */

static int is_compare_op(uint16_t op)
{
    return op == DP_OP_COMPARE_OP || op == DP_OP_IS_OP || op == DP_OP_CONTAINS_OP;
}

static int keep_pattern_at(dc *d, int k)
{
    if (k + 2 >= d->count)
        return 0;
    const dp_ins *x = &d->ins[k], *y = &d->ins[k + 1];
    int keep = (x->op == DP_OP_DUP_TOP && y->op == DP_OP_ROT_THREE) ||
               (x->op == DP_OP_SWAP && x->arg == 2 && y->op == DP_OP_COPY && y->arg == 2);
    return keep && is_compare_op(d->ins[k + 2].op) && !(d->ins[k + 2].op == DP_OP_COMPARE_OP && d->ins[k + 2].arg > DP_GTE);
}

static dp_cmpop cmp_of(const dp_ins *x)
{
    if (x->op == DP_OP_IS_OP)
        return x->arg ? DP_ISNOT : DP_IS;
    if (x->op == DP_OP_CONTAINS_OP)
        return x->arg ? DP_NOTIN : DP_IN;
    return (dp_cmpop)x->arg;
}

static int chained_compare(dc *d, int i, const region *rg, stk *st, slist *out, int *next)
{
    dp_expr *left, *right;
    int D = d->ins[i].stack, k = i, cleanup = -1, value_ctx = -1;
    dp_cmpop ops[64];
    dp_expr *comps[64];
    int n = 0, folded_none = 0;
    TRY(pop_expr(d, st, out, i, &right));
    TRY(pop_expr(d, st, out, i, &left));
    if (D < 0)
        return fail(d, i, "a chained comparison without stack depths");
    for (;;) {
        if (n >= 63)
            return fail(d, i, "a chained comparison too long");
        comps[n] = right;
        if (!keep_pattern_at(d, k)) {
            if (!is_compare_op(d->ins[k].op))
                return fail(d, k, "a chained comparison without its last test");
            ops[n++] = cmp_of(&d->ins[k]);
            mark(d, k, k + 1);
            k++;
            break;
        }
        ops[n++] = cmp_of(&d->ins[k + 2]);
        mark(d, k == i ? k + 1 : k, k + 3);   /* run() has counted i */
        k += 3;
        /* the jump of a false link */
        int target, ctx;
        if (d->ins[k].op == DP_OP_JUMP_IF_FALSE_OR_POP) {
            ctx = 1, target = d->ins[k].target;
            mark(d, k, k + 1);
            k++;
        } else if (d->ins[k].op == DP_OP_COPY && d->ins[k].arg == 1 && k + 2 < d->count &&
                   d->ins[k + 1].op == DP_OP_POP_JUMP_IF_FALSE && d->ins[k + 2].op == DP_OP_POP_TOP) {
            ctx = 1, target = d->ins[k + 1].target;
            mark(d, k, k + 3);
            k += 3;
        } else if (d->ins[k].op == DP_OP_POP_JUMP_IF_FALSE) {
            ctx = 0, target = d->ins[k].target;
            mark(d, k, k + 1);
            k++;
        } else {
            return fail(d, k, "a chained comparison link without its jump");
        }
        if ((value_ctx >= 0 && value_ctx != ctx) || (cleanup >= 0 && cleanup != target) || target <= k)
            return fail(d, k, "a chained comparison whose links disagree");
        value_ctx = ctx;
        cleanup = target;
        /* 3.11+: the last comparison `... is None` of a condition, folded
         * with its jump into a POP_JUMP_IF_(NOT_)NONE on the kept operand */
        if (d->version >= 311 && !ctx && k < d->count && d->ins[k].target != cleanup &&
            (d->ins[k].op == DP_OP_POP_JUMP_IF_NONE || d->ins[k].op == DP_OP_POP_JUMP_IF_NOT_NONE)) {
            /* (read as jumping where a false chain goes, which the
             * cleanup's check below holds it to: `is None` folds into
             * POP_JUMP_IF_NOT_NONE there, `is not None` into
             * POP_JUMP_IF_NONE) */
            if (!(comps[n] = e_none(d)))
                return -1;
            ops[n++] = d->ins[k].op == DP_OP_POP_JUMP_IF_NOT_NONE ? DP_IS : DP_ISNOT;
            folded_none = 1;
            break;
        }
        /* the next operand: up to the next link or the last comparison,
         * both at depth D with [kept, operand] on top */
        int e = k;
        while (e < d->count && e < cleanup && !(d->ins[e].stack == D && (keep_pattern_at(d, e) || is_compare_op(d->ins[e].op))))
            e++;
        if (e >= cleanup || e >= d->count)
            return fail(d, k, "a chained comparison operand without its end");
        stk with_kept;
        TRY(stk_copy(d, st, &with_kept));
        TRY(push_e(d, &with_kept, right));
        TRY(vexpr(d, k, e, &with_kept, &right));
        k = e;
    }
    dp_expr *c = mk_expr(d, DP_E_COMPARE);
    if (!c)
        return -1;
    c->u.compare.left = left;
    c->u.compare.ops = dp_arena_array(d->arena, (size_t)n, sizeof(dp_cmpop));
    if (!c->u.compare.ops || elist(d, &c->u.compare.comparators, (size_t)n) < 0)
        return -1;
    memcpy(c->u.compare.ops, ops, (size_t)n * sizeof(dp_cmpop));
    memcpy(c->u.compare.comparators.items, comps, (size_t)n * sizeof(dp_expr *));
    if (value_ctx == 1) {
        /* JUMP_FORWARD E; L: ROT_TWO|SWAP 2; POP_TOP; E: */
        int L = cleanup;
        int is_cleanup = L + 2 <= d->count &&
                         (d->ins[L].op == DP_OP_ROT_TWO || (d->ins[L].op == DP_OP_SWAP && d->ins[L].arg == 2)) &&
                         d->ins[L + 1].op == DP_OP_POP_TOP;
        int len = is_cleanup && L > k && L + 2 < d->count ? same_exit(d, L + 2, k) : -1;
        for (int q = L + 2; q < L + 2 + len; q++)
            if (d->canon[q])   /* (the join of an if read already, whose else-less
                                * then-part ends in a copy of it: not this copy) */
                return fail(d, q, "a chained comparison whose cleanup runs into a join");
        if (len > 0 && !d->incoming[L + 2] && !d->claimed[L] && equiv_code(d, L + 2, k)) {
            /* 3.12+: the cleanup is followed by a copy of the code after
             * the comparison (up to its return, raise or jump) */
            mark(d, L, L + 2);
            claim(d, L, L + 2);
            *next = k;
            return push_e(d, st, c);
        }
        /* (a jump over the cleanup to a return is that return: the
         * compiler copies it, `return a or b < c < d`) */
        int returns = d->ins[k].op == DP_OP_RETURN_VALUE && L + 2 < d->count &&
                      d->ins[L + 2].op == DP_OP_RETURN_VALUE;
        if ((d->ins[k].op != DP_N_JUMP || d->ins[k].target != L + 2) && !returns)
            return fail(d, k, "a chained comparison without its cleanup");
        if (L != k + 1 || !is_cleanup)
            return fail(d, k, "a chained comparison without its cleanup");
        mark(d, k, L + 2);
        *next = L + 2;
        return push_e(d, st, c);
    }
    /* in a condition: <jump of the last test>; [JUMP body]; and a cleanup
     * C: POP_TOP, then a jump to (or a copy of) where a false chain goes:
     * right after the jump (<= 3.11), or placed elsewhere (3.12+) */
    int C = cleanup;
    /* (a folded `is None` jumps where a false chain goes) */
    int jumps_if_false = d->ins[k].op == DP_OP_POP_JUMP_IF_FALSE || folded_none;
    int jumps_if_true = d->ins[k].op == DP_OP_POP_JUMP_IF_TRUE;
    if (!(jumps_if_false || jumps_if_true) || k + 1 >= d->count || C + 1 >= d->count ||
        d->ins[C].op != DP_OP_POP_TOP)
        return fail(d, k, "a chained comparison in a condition of unknown shape");
    int has_jump = d->ins[k + 1].op == DP_N_JUMP;
    int F = d->ins[k].target, body = has_jump ? d->ins[k + 1].target : k + 1;
    int fall_false = jumps_if_false ? F : body;
    int cl_end, X;
    if (has_jump && jumps_if_true && C == k + 2 && d->ins[C + 1].op == DP_N_JUMP &&
        jump_end(d, body) == jump_end(d, C + 1)) {
        /* the cleanup falls into where a false chain goes, which is a jump:
         * the compiler threaded the jump there over the cleanup through it
         * (`if not a < b < c: continue`) */
        body = fall_false = X = cl_end = C + 1;
    } else if (d->ins[C + 1].op == DP_N_JUMP && C + 1 != fall_false) {
        X = d->ins[C + 1].target;
        cl_end = C + 2;
    } else if (C + 1 == fall_false) {
        /* (where the last test's false path goes too, a jump there is
         * code of its own, such as a `break`: not the cleanup's to take) */
        X = C + 1;
        cl_end = C + 1;
    } else {
        int len = d->claimed[fall_false] ? -1 : same_exit(d, C + 1, fall_false);
        if (len <= 0)
            return fail(d, k, "a chained comparison in a condition of unknown shape");
        X = fall_false;
        cl_end = C + 1 + len;
        if (d->incoming[C + 1]) {
            /* the copy after the cleanup is also jumped to from elsewhere:
             * it is code of its own there, not the cleanup's to take */
            X = C + 1;
            cl_end = C + 1;
        }
    }
    /* (or where the false path jumps on to: a loop's head, `for ...: if
     * a == b != c: return`) */
    if (X != fall_false && same_exit(d, X, fall_false) < 0 && jump_end(d, X) != jump_end(d, fall_false))
        return fail(d, k, "a chained comparison in a condition of unknown shape");
    int takes_jump = has_jump;   /* (the jump over the cleanup is the chain's) */
    if (has_jump) {
        /* The jump over the cleanup may have been threaded on through the
         * jump the true path starts with (`if a < b < c: break`, ending a
         * loop's body), which only that jump reached: that code is dead,
         * and the jump over the cleanup is the true path's own. */
        int threaded = body != cl_end && cl_end < d->count && d->ins[cl_end].op == DP_N_JUMP &&
                       !d->normal[cl_end] && jump_end(d, body) == jump_end(d, cl_end);
        if (C != k + 2 || (body != cl_end && !threaded))
            return fail(d, k, "a chained comparison in a condition of unknown shape");
        takes_jump = !threaded;
    }
    if (takes_jump) {
        /* (the jump over the cleanup, once taken, is read as falling
         * through to body: where that is the chain's true path, only
         * right where the block goes on does that hold; a jump to the end
         * of a then-part, into the else block placed there, is no
         * fall-through: `a or b < c < d`) */
        if (jumps_if_false && body >= rg->hi && body != rg->follow)
            return fail(d, k, "a chained comparison whose true path leaves the block");
        mark(d, k + 1, cl_end);
        claim(d, k + 1, cl_end);
    } else {
        mark(d, C, cl_end);
        claim(d, C, cl_end);
    }
    if (folded_none) {
        d->none_chain = c;
        d->none_chain_jump = k;
    }
    *next = k;
    return push_e(d, st, c);
}

/* The end of a cleanup handler the compiler adds (the exception is
 * re-raised after restoring state), starting at k, or -1:
 *   COPY 3; POP_EXCEPT; RERAISE 1              (after a handler)
 *   LOAD_CONST None; STORE e; DELETE e; RERAISE (`except E as e`)
 *   SWAP/POP_TOP/STORE_FAST ...; RERAISE 0      (3.12+ comprehensions)
 *   CALL_INTRINSIC_1 STOPITERATION_ERROR; RERAISE 1 (3.12+ generators)
 *   CLEANUP_THROW ... / END_ASYNC_FOR            (await, async for) */
static int cleanup_block_end(dc *d, int k)
{
    int j = k;
    while (j < d->count && j < k + 16) {
        uint16_t op = d->ins[j].op;
        if (op == DP_OP_RERAISE)
            return j + 1;
        if (op == DP_OP_END_ASYNC_FOR)
            return j + 1;
        if (op == DP_OP_CLEANUP_THROW) {
            if (j + 1 < d->count && (d->ins[j + 1].op == DP_OP_END_SEND || d->ins[j + 1].op == DP_N_JUMP))
                return j + 2;
            return j + 1;
        }
        int ok = op == DP_OP_COPY || op == DP_OP_POP_EXCEPT || op == DP_OP_SWAP || op == DP_OP_POP_TOP ||
                 op == DP_OP_STORE_FAST || op == DP_OP_DELETE_FAST || op == DP_OP_STORE_NAME ||
                 op == DP_OP_DELETE_NAME || op == DP_OP_STORE_DEREF || op == DP_OP_DELETE_DEREF ||
                 op == DP_OP_STORE_GLOBAL || op == DP_OP_DELETE_GLOBAL ||
                 (op == DP_OP_LOAD_CONST && d->ins[j].obj->kind == DP_OBJ_NONE) ||
                 (op == DP_OP_CALL_INTRINSIC_1 && strcmp(intrinsic_name(d, d->ins[j].arg), "INTRINSIC_STOPITERATION_ERROR") == 0);
        if (!ok)
            return -1;
        j++;
    }
    return -1;
}

/* The statements made since `before` came from instructions [from, to). */
static void note_source(dc *d, slist *out, size_t before, int from, int to)
{
    if (from >= d->count)
        return;
    uint32_t end = to < d->count ? d->ins[to].offset : d->ins[d->count - 1].offset + 2;
    for (size_t k = before; k < out->n; k++) {
        dp_stmt *s = out->v[k];
        if (!s->src_code) {
            s->src_code = d->code;
            s->src_lo = d->ins[from].offset;
            s->src_hi = end;
        }
    }
}

/* 3.8: leaving a try/finally or with block early, from its POP_BLOCK at
 * k: `CALL_FINALLY F` (try/finally) or `[ROT_TWO] BEGIN_FINALLY
 * WITH_CLEANUP_START WITH_CLEANUP_FINISH POP_FINALLY 0` (with), then
 * `[LOAD_CONST] RETURN_VALUE` (a return: the end is after it; *value says
 * whether the returned value was computed before) or nothing (a break or
 * continue follows: the end is before it).  A POP_BLOCK alone leaves a try
 * with except clauses (then only a return is taken).  -1 if no such
 * sequence. */
static int unwind_38(const dc *d, int k, int *value)
{
    int q = k, rot = 0, withs = 0, bare = 0, clause = 0;
    *value = 0;
    do {   /* (a return out of nested blocks leaves each in turn) */
        q++;
        if (q < d->count && d->ins[q].op == DP_OP_CALL_FINALLY)
            q++;
        if (valued_clause_exit_310(d, q) > q) {
            /* (a returned value leaving the except clause around it) */
            q = valued_clause_exit_310(d, q);
            bare = clause = 1;
            continue;
        }
        if (d->ins[q - 1].op == DP_OP_CALL_FINALLY)
            continue;
        if (q < d->count && d->ins[q].op == DP_OP_POP_BLOCK && !withs) {
            bare = 1;   /* (k ended a try with except clauses, inside this block: a return only) */
            continue;
        }
        if (q < d->count && d->ins[q].op == DP_OP_POP_EXCEPT && !withs) {
            bare = clause = 1;   /* (and the except clause holding it: a return only) */
            continue;
        }
        /* (the block just left may be the last: a try with except clauses
         * around the one whose body returns, `try: try: return x`) */
        if (d->ins[q - 1].op == DP_OP_POP_BLOCK && !withs && q + 1 < d->count &&
            (d->ins[q].op == DP_OP_RETURN_VALUE || (d->ins[q].op == DP_OP_LOAD_CONST && d->ins[q + 1].op == DP_OP_RETURN_VALUE)))
            bare = 1;
        if ((clause || bare) && !(q < d->count && (d->ins[q].op == DP_OP_ROT_TWO || d->ins[q].op == DP_OP_BEGIN_FINALLY)))
            break;   /* (no with left: the return, or nothing this reads) */
        int r = q < d->count && d->ins[q].op == DP_OP_ROT_TWO;
        if (withs++ && r != rot)
            return -1;
        rot = r;
        q += r;
        static const uint16_t with_exit[] = {DP_OP_BEGIN_FINALLY, DP_OP_WITH_CLEANUP_START,
                                             DP_OP_WITH_CLEANUP_FINISH, DP_OP_POP_FINALLY};
        for (int m = 0; m < 4; m++, q++)
            if (q >= d->count || d->ins[q].op != with_exit[m])
                return -1;
        if (d->ins[q - 1].arg != 0)
            return -1;
        /* (then the POP_BLOCKs of the try statements with except clauses
         * around it that it leaves, right before the return) */
        int t = q;
        /* (3.8 keeps no block there after the with's POP_FINALLY: a
         * POP_BLOCK right before the return is a try's with except
         * clauses, as a finally block would run first) */
        while (t + 1 < d->count && d->ins[t].op == DP_OP_POP_BLOCK && withs)
            t++;
        if (t > q && (d->ins[t].op == DP_OP_RETURN_VALUE ||
                      (t + 1 < d->count && d->ins[t].op == DP_OP_LOAD_CONST && d->ins[t + 1].op == DP_OP_RETURN_VALUE))) {
            q = t;
            break;
        }
        if (t > q && !rot && (d->ins[t].op == DP_N_JUMP ||
                              (t + 1 < d->count && d->ins[t].op == DP_OP_POP_TOP && d->ins[t + 1].op == DP_N_JUMP))) {
            q = t;   /* (or a break or continue, read after: a for loop's break drops its iterator first) */
            break;
        }
        /* (a returned value leaving the except clause around the with) */
        if (rot && valued_clause_exit_310(d, q) > q)
            q = valued_clause_exit_310(d, q);
    } while (q < d->count && (d->ins[q].op == DP_OP_POP_BLOCK || d->ins[q].op == DP_OP_POP_EXCEPT));
    if (q < d->count && d->ins[q].op == DP_OP_RETURN_VALUE) {
        *value = 1;
        return (rot || !withs) ? q + 1 : -1;
    }
    if (q + 1 < d->count && d->ins[q].op == DP_OP_LOAD_CONST && d->ins[q + 1].op == DP_OP_RETURN_VALUE)
        return rot ? -1 : q + 2;
    return rot || bare ? -1 : q;
}

/* How many values an except clause holds on the stack: the previous
 * exception (3.11+), or the three values of the previous one (-3.10). */
static int exc_values(const dc *d)
{
    return d->version >= 311 ? 1 : 3;
}

/* Whether the n values below the top `skip` ones are all of the kind. */
static int top_kinds(const stk *st, int skip, int n, int kind)
{
    if (st->n < skip + n)
        return 0;
    for (int q = 0; q < n; q++)
        if ((int)st->v[st->n - 1 - skip - q].kind != kind)
            return 0;
    return 1;
}

static int is_return_none(const dp_stmt *s);

/* Whether a and b are both `return c` of the same constant. */
static int same_const_return(const dp_stmt *a, const dp_stmt *b)
{
    if (a->kind != DP_S_RETURN || b->kind != DP_S_RETURN)
        return 0;
    if (is_return_none(a) || is_return_none(b))
        return is_return_none(a) && is_return_none(b);
    const dp_expr *x = a->u.ret.value, *y = b->u.ret.value;
    return x->kind == DP_E_CONSTANT && y->kind == DP_E_CONSTANT && x->u.constant.value == y->u.constant.value;
}

/* 3.10+: a jump to a `return constant` gets a copy of it, which can follow
 * the original (a finally block's normal copy jumps to the return after
 * it): the second is dead code, and no source has it. */
static void drop_repeated_returns(const dc *d, slist *out, size_t start)
{
    if (d->version < 310)
        return;
    size_t w = start;
    for (size_t k = start; k < out->n; k++)
        if (!(w > start && same_const_return(out->v[k], out->v[w - 1])))
            out->v[w++] = out->v[k];
    out->n = w;
}

/* Whether a break or continue of the current loop is at c, inside the
 * region: its jump (for a break out of a for loop, after the iterator's
 * POP_TOP).  The index after the jump; -1 if none. */
static int breaks_or_continues_at(const dc *d, int c, const region *rg)
{
    if (c < 0)
        return -1;
    const loopctx *loop = rg->loop;
    if (c + 1 < rg->hi && d->ins[c].op == DP_OP_POP_TOP && d->ins[c + 1].op == DP_N_JUMP && loop &&
        d->ins[c + 1].target == loop->brk && loop->is_for)
        c++;
    /* (3.10: a break out of a for loop whose jump got a copy of the code
     * after the loop, a return; read as that return, a break's copy) */
    int n = d->version == 310 && loop && loop->is_for && loop->brk > c + 1 && c + 1 < rg->hi &&
                    d->ins[c].op == DP_OP_POP_TOP ? same_exit(d, c + 1, loop->brk) : -1;
    if (n > 0 && d->ins[c + n].op == DP_OP_RETURN_VALUE && c + 1 + n <= rg->hi)
        return c + 1 + n;
    if (c >= rg->hi || c + 1 >= d->count || d->ins[c].op != DP_N_JUMP || !loop)
        return -1;
    return (d->ins[c].target == loop->brk || is_continue_target(loop, d->ins[c].target)) ? c + 1 : -1;
}

/* ---- match statements (3.10+) ------------------------------------------ */

/* A case's pattern is read by running its code on symbolic values.  Each
 * value taken from the subject is the subject of one node of the pattern
 * tree, and what the code does with that value says what the node is:
 * MATCH_SEQUENCE and a length test make it a sequence, UNPACK_SEQUENCE gives
 * it items, a comparison makes it a value, a store names it, POP_TOP of an
 * untested one makes it `_`.  Only the path on which the pattern matches is
 * run; each failure jump must pop exactly the values above its context's
 * base on its way to the context's failure label (the next case, or the
 * next alternative of an or-pattern), which is how CPython lays them out. */

enum { PN_ANY, PN_SEQ, PN_MAP, PN_CLASS, PN_VALUE, PN_SINGLETON, PN_OR };
enum { PS_NONE, PS_UNPACK, PS_SUBSCR, PS_POPPED };   /* how a sequence's items are taken */

#define PN_MAX_NAMES 4     /* `p as a as b ...`: stores of one value */
#define PM_STACK 64        /* the pattern's own stack */
#define PM_MAX_ALTS 64
#define PM_MAX_OR_NESTING 16
#define PM_MAX_COPIES 32
#define PM_NO 1            /* not pattern code this reader knows */
#define PM_TRY(x) do { int r_ = (x); if (r_) return r_; } while (0)

/* A capture at the end of an or-pattern's first alternative: the store
 * that later pops it names the captures the other alternatives left in
 * the same place. */
typedef struct pslot pslot;
struct pslot {
    const dp_ins *name;
    pslot *same;           /* an inner or-pattern's, in a later alternative: the outer one's */
};

static const dp_ins *slot_name(const pslot *s)
{
    for (int hops = 0; s && !s->name && hops < PM_STACK; hops++)
        s = s->same;
    return s ? s->name : NULL;
}

typedef struct pnode pnode;
struct pnode {
    int kind;
    int len_op;            /* PN_SEQ, PN_MAP: the length test, DP_EQ or DP_GTE; -1: none */
    int len;
    int mode;              /* PN_SEQ: PS_* */
    int star;              /* PN_SEQ unpacked: the starred item, -1 */
    int size;              /* items, mapping values or class attributes; -1: not known yet */
    pnode **items;         /* (NULL where the code never took the item: `_`) */
    uint8_t *from_end;     /* PN_SEQ subscripted: item i was taken as len - (size - i) */
    dp_expr *value;        /* PN_VALUE; PN_CLASS: the class */
    const dp_object *obj;  /* PN_SINGLETON; PN_CLASS: the keyword names */
    int npos;              /* PN_CLASS: positional patterns */
    dp_expr **keys;        /* PN_MAP: size keys */
    const dp_ins *rest;    /* PN_MAP: the store of **rest */
    pslot *rest_slot;      /* PN_MAP in a later alternative of an or-pattern: see slots */
    pnode **alts;          /* PN_OR */
    int n_alts;
    const dp_ins *names[PN_MAX_NAMES]; /* stores of this value, innermost first */
    int n_names;
    pslot *slots[PN_MAX_NAMES]; /* in a later alternative of an or-pattern: the first one's captures it binds */
    int n_slots;
    uint8_t popped, is_star;
};

enum { PV_SUBJ, PV_MATCHED, PV_CONST, PV_EXPR, PV_KEYLIST, PV_TEST, PV_LEN, PV_LENSUB,
       PV_KEYS, PV_VALUES, PV_ATTRS, PV_REST, PV_EMPTY_MAP, PV_KEY };
enum { T_SEQ, T_MAP, T_LEN, T_VALUE, T_SINGLETON, T_OK };

typedef struct pval {
    int kind;
    int test;              /* PV_TEST: T_* */
    int num;               /* PV_LENSUB: k; T_LEN: the length; PV_KEYLIST: the count */
    int op;                /* T_LEN: DP_EQ or DP_GTE */
    pnode *n;
    pslot *slot;           /* PV_SUBJ, PV_REST: see pslot */
    dp_expr *e;            /* PV_EXPR; T_VALUE */
    dp_expr **list;        /* PV_KEYLIST */
    const dp_object *obj;  /* PV_CONST; T_SINGLETON */
} pval;

typedef struct pfail {     /* where a failure jump must go */
    int base;              /* the stack depth at the label */
    int label;             /* -1: not known yet */
    int chain;             /* the lowest target: where the pops before the label begin */
} pfail;

typedef struct pm {
    dc *d;
    pval st[PM_STACK];
    int n;
    int alt_base;          /* in an or-pattern's alternative: the stack below its copy of the subject; -1 */
    int or_depth;
    int copy_end;          /* the end of the first copy of the case's rest (see pm_or), -1 */
    int copies[PM_MAX_COPIES][2]; /* other copies of it: where, and where the first one is */
    int n_copies;
    int stored;            /* a capture was stored: the pattern has matched, no test may follow */
} pm;

static pnode *pn_new(dc *d)
{
    pnode *n = alloc(d, sizeof *n);
    if (n) {
        n->len_op = -1;
        n->star = -1;
        n->size = -1;
    }
    return n;
}

static int pn_set_size(dc *d, pnode *n, int size)
{
    if (size < 0 || size > 10000)
        return PM_NO;
    n->size = size;
    n->items = dp_arena_array(d->arena, (size_t)size + 1, sizeof *n->items);
    n->from_end = dp_arena_alloc(d->arena, (size_t)size + 1);
    return n->items && n->from_end ? 0 : -1;
}

/* Instruction k is part of the pattern code read so far (the marks of a
 * reading that fails are taken back: see pm_unsee). */
static void pm_see_as(pm *m, int k, uint8_t how)
{
    dc *d = m->d;
    if (!d->match_seen[k])
        d->match_log[d->n_match_log++] = k;
    d->match_seen[k] = how;
}

/* 1: read as pattern code; 2: a copy of code read elsewhere */
static void pm_see(pm *m, int k)
{
    pm_see_as(m, k, 1);
}

static void pm_unsee(dc *d, int to)
{
    while (d->n_match_log > to)
        d->match_seen[d->match_log[--d->n_match_log]] = 0;
}

static int pm_push(pm *m, int kind, pnode *n)
{
    if (m->n >= PM_STACK)
        return PM_NO;
    pval *v = &m->st[m->n++];
    memset(v, 0, sizeof *v);
    v->kind = kind;
    v->n = n;
    return 0;
}

static int pm_push_test(pm *m, int test, pnode *n)
{
    PM_TRY(pm_push(m, PV_TEST, n));
    m->st[m->n - 1].test = test;
    return 0;
}

/* The value k places down (1: the top) is a subject. */
static pnode *pm_subj(pm *m, int k)
{
    return k <= m->n && m->st[m->n - k].kind == PV_SUBJ ? m->st[m->n - k].n : NULL;
}

static int small_int(const pval *v, int *out)
{
    if (v->kind != PV_CONST || v->obj->kind != DP_OBJ_INT || v->obj->u.integer.is_big ||
        v->obj->u.integer.small < 0 || v->obj->u.integer.small > 10000)
        return 0;
    *out = (int)v->obj->u.integer.small;
    return 1;
}

/* A literal or a dotted name, as a value pattern or a mapping key may be
 * (None, True and False only as keys: as patterns they are singletons). */
static dp_expr *pm_value(pm *m, const pval *v, int is_key)
{
    if (v->kind == PV_EXPR)
        return v->e->kind == DP_E_ATTRIBUTE ? v->e : NULL;
    if (v->kind != PV_CONST)
        return NULL;
    switch (v->obj->kind) {
    case DP_OBJ_NONE: case DP_OBJ_TRUE: case DP_OBJ_FALSE:
        if (!is_key)
            return NULL;
        /* fall through */
    case DP_OBJ_INT: case DP_OBJ_FLOAT: case DP_OBJ_COMPLEX: case DP_OBJ_STR: case DP_OBJ_BYTES:
        return e_const(m->d, v->obj);
    default:
        return NULL;
    }
}

/* A failure jump to t, with `depth` values on the stack after it: the
 * POP_TOPs from t on must bring the stack to f's base, at f's label. */
static int pm_fail_to(pm *m, pfail *f, int t, int depth)
{
    dc *d = m->d;
    int pops = depth - f->base;
    /* (names are bound once the whole pattern matched: a store before a
     * test is not a pattern's, `(x := v) is None` is no `None as x`) */
    if (pops < 0 || t < 0 || t + pops >= d->count || m->stored)
        return PM_NO;
    for (int k = t; k < t + pops; k++) {
        if (d->ins[k].op != DP_OP_POP_TOP)
            return PM_NO;
        pm_see(m, k);
    }
    if (f->label >= 0 && f->label != t + pops)
        return PM_NO;
    f->label = t + pops;
    if (f->chain < 0 || t < f->chain)
        f->chain = t;
    return 0;
}

static int pm_run(pm *m, int pos, int stop, pfail *f, int *end);

/* pos copies the subject of a node not tested yet: the first alternative
 * of an or-pattern, if the code has that shape.  Each alternative tests its
 * own copy and jumps to the pattern's end, and fails to the next one; the
 * last fails by popping the subject and jumping (or falling) where the
 * pattern fails.  At the end, each alternative's captures are in the same
 * places.  Where the rest of the case is a small exit block, the compiler
 * puts a copy of it in place of each jump: the first alternative's copy is
 * read as the rest of the case, and each other one must repeat it. */
static int pm_or(pm *m, int pos, pfail *outer, int *next)
{
    dc *d = m->d;
    pnode *n = m->st[m->n - 1].n, *alts[PM_MAX_ALTS];
    pval saved[PM_STACK], first[PM_STACK];
    int saved_n = m->n, saved_base = m->alt_base, saved_log = d->n_match_log, saved_copies = m->n_copies;
    int saved_copy_end = m->copy_end, n_alts = 0, n_first = -1, end = -1, copies = 0, len0 = 0, at = pos;
    int r = PM_NO;
    if (m->or_depth >= PM_MAX_OR_NESTING)
        return PM_NO;
    memcpy(saved, m->st, (size_t)saved_n * sizeof *saved);
    m->or_depth++;
    m->alt_base = saved_n;
    for (;;) {
        const dp_ins *x = &d->ins[at];
        if (n_alts == PM_MAX_ALTS || !(x->op == DP_OP_DUP_TOP || (x->op == DP_OP_COPY && x->arg == 1)))
            goto out;
        pnode *a = pn_new(d);
        if (!a) {
            r = -1;
            goto out;
        }
        m->n = saved_n;
        memcpy(m->st, saved, (size_t)saved_n * sizeof *saved);
        if ((r = pm_push(m, PV_SUBJ, a)) != 0)
            goto out;
        pm_see(m, at);
        pfail f = {saved_n, -1, -1};
        int j;
        if ((r = pm_run(m, at + 1, -1, &f, &j)) != 0)
            goto out;
        r = PM_NO;
        if (f.label < 0 || m->n < saved_n)
            goto out;   /* (an alternative that cannot fail is not read) */
        int fell = d->ins[j].op != DP_N_JUMP, len = f.chain - j;
        if (!n_alts) {
            copies = fell;
            end = fell ? j : d->ins[j].target;
            /* (the copy runs to the alternative's pops, and ends the flow) */
            len0 = len;
            if (fell && exit_len(d, j) != len)
                goto out;
            if (fell && (m->copy_end < 0 || f.chain < m->copy_end))
                m->copy_end = f.chain;
        } else if (fell != copies || (!fell && d->ins[j].target != end) ||
                   (fell && (len != len0 || same_exit(d, j, end) != len))) {
            goto out;
        }
        if (fell && n_alts) {
            if (m->n_copies == PM_MAX_COPIES)
                goto out;
            m->copies[m->n_copies][0] = j;
            m->copies[m->n_copies++][1] = end;
            for (int q = j; q < j + len; q++)
                pm_see_as(m, q, 2);
        }
        for (int q = saved_n; q < m->n; q++)
            if (m->st[q].kind != PV_SUBJ && m->st[q].kind != PV_REST)
                goto out;
        if (n_first < 0) {
            n_first = m->n - saved_n;
            memcpy(first, m->st + saved_n, (size_t)n_first * sizeof *first);
            for (int q = 0; q < n_first; q++)
                if (!first[q].slot && !(first[q].slot = alloc(d, sizeof *first[q].slot))) {
                    r = -1;
                    goto out;
                }
        } else {
            if (m->n - saved_n != n_first)
                goto out;
            for (int q = 0; q < n_first; q++) {
                pval *v = &m->st[saved_n + q];
                if (v->kind == PV_REST) {
                    if (v->n->rest_slot)
                        goto out;
                    v->n->rest_slot = first[q].slot;
                } else if (v->n->n_slots == PN_MAX_NAMES) {
                    goto out;
                } else {
                    v->n->slots[v->n->n_slots++] = first[q].slot;
                }
                if (v->slot && v->slot != first[q].slot)
                    v->slot->same = first[q].slot;   /* (an or-pattern inside this alternative) */
            }
        }
        alts[n_alts++] = a;
        at = f.label;
        if (d->ins[at].op == DP_OP_DUP_TOP || (d->ins[at].op == DP_OP_COPY && d->ins[at].arg == 1))
            continue;
        if (d->ins[at].op != DP_OP_POP_TOP || at + 1 >= d->count)
            goto out;
        /* every alternative failed: the pattern fails */
        pm_see(m, at);
        int t = at + 1;
        if (d->ins[t].op == DP_N_JUMP && d->ins[t].target > t) {
            pm_see(m, t);
            t = d->ins[t].target;
        }
        if ((r = pm_fail_to(m, outer, t, saved_n - 1)) != 0)
            goto out;
        break;
    }
    r = PM_NO;
    if (n_alts < 2 || saved_n + n_first > PM_STACK || !(n->alts = alloc(d, (size_t)n_alts * sizeof *n->alts)))
        goto out;
    memcpy(n->alts, alts, (size_t)n_alts * sizeof *alts);
    n->n_alts = n_alts;
    n->kind = PN_OR;
    memcpy(m->st, saved, (size_t)saved_n * sizeof *saved);
    memcpy(m->st + saved_n, first, (size_t)n_first * sizeof *first);
    m->n = saved_n + n_first;
    m->alt_base = saved_base;
    m->or_depth--;
    *next = end;
    return 0;
out:
    pm_unsee(d, saved_log);
    memcpy(m->st, saved, (size_t)saved_n * sizeof *saved);
    m->n = saved_n;
    m->alt_base = saved_base;
    m->n_copies = saved_copies;
    m->copy_end = saved_copy_end;
    m->or_depth--;
    return r;
}

/* A failure jump's test, now known to have passed. */
static int pm_passed(pm *m, const pval *v)
{
    pnode *n = v->n;
    switch (v->test) {
    case T_SEQ: case T_MAP:
        if (n->kind != PN_ANY)
            return PM_NO;
        n->kind = v->test == T_SEQ ? PN_SEQ : PN_MAP;
        return 0;
    case T_LEN:
        if ((n->kind != PN_SEQ && n->kind != PN_MAP) || n->len_op >= 0 || n->size >= 0 || n->mode != PS_NONE)
            return PM_NO;
        n->len_op = v->op;
        n->len = v->num;
        if (n->kind == PN_SEQ && v->op == DP_GTE)
            return pn_set_size(m->d, n, v->num + 1);
        return 0;
    case T_VALUE: case T_SINGLETON:
        if (n->kind != PN_ANY)
            return PM_NO;
        n->kind = v->test == T_VALUE ? PN_VALUE : PN_SINGLETON;
        n->value = v->e;
        n->obj = v->obj;
        return 0;
    default:
        return 0;
    }
}

/* Items pushed for UNPACK_SEQUENCE / UNPACK_EX: the first on top. */
static int pm_push_items(pm *m, pnode *n)
{
    for (int q = n->size - 1; q >= 0; q--) {
        if (!n->items[q] && !(n->items[q] = pn_new(m->d)))
            return -1;
        PM_TRY(pm_push(m, PV_SUBJ, n->items[q]));
    }
    return 0;
}

/* How deep a rotation, swap or copy reaches into the stack. */
static int stack_reach(const dp_ins *x)
{
    return x->op == DP_OP_ROT_TWO ? 2 : x->op == DP_OP_ROT_THREE ? 3 : x->op == DP_OP_ROT_FOUR ? 4 : x->arg;
}

/* Whether x, in an or-pattern's alternative, is code after the pattern:
 * it stores, or it touches the stack below the alternative's own values. */
static int leaves_alternative(const pm *m, const dp_ins *x)
{
    switch (x->op) {
    case DP_OP_STORE_NAME: case DP_OP_STORE_GLOBAL: case DP_OP_STORE_FAST: case DP_OP_STORE_DEREF:
        return 1;
    case DP_OP_POP_TOP:
        return m->n - 1 < m->alt_base;
    case DP_OP_ROT_TWO: case DP_OP_ROT_THREE: case DP_OP_ROT_FOUR:
    case DP_OP_SWAP: case DP_OP_ROT_N: case DP_OP_COPY:
        return m->n - stack_reach(x) < m->alt_base;
    default:
        return 0;
    }
}

/* Runs pattern code from pos until the stack is down to `stop` values (a
 * case's pattern with its stores), or, with stop < 0 (an or-pattern's
 * alternative), until its jump to the pattern's end; *end: where it
 * stopped.  f: where the failure jumps go. */
static int pm_run(pm *m, int pos, int stop, pfail *f, int *end)
{
    dc *d = m->d;
    for (;;) {
        if (stop >= 0 && m->n == stop) {
            *end = pos;
            return 0;
        }
        if (pos >= d->count || d->ins[pos].stack < 0 || m->n < 1)
            return PM_NO;
        const dp_ins *x = &d->ins[pos];
        pval *top = &m->st[m->n - 1], *below = m->n >= 2 ? &m->st[m->n - 2] : NULL;
        pnode *n;
        int next = pos + 1, k, i;
        if (stop < 0 && leaves_alternative(m, x)) {
            *end = pos;   /* (a copy of the code after the or-pattern) */
            return 0;
        }
        pm_see(m, pos);
        switch (x->op) {
        case DP_N_JUMP:
            if (stop >= 0 || x->target <= pos)
                return PM_NO;
            *end = pos;
            return 0;
        case DP_OP_DUP_TOP: case DP_OP_COPY:
            k = x->op == DP_OP_DUP_TOP ? 1 : x->arg;
            if (k < 1 || k > m->n)
                return PM_NO;
            n = pm_subj(m, 1);
            if (k == 1 && n && n->kind == PN_ANY) {
                int r = pm_or(m, pos, f, &next);
                if (r <= 0) {
                    TRY(r);
                    break;
                }
                /* not an or-pattern: a copy to bind with `as` */
            }
            PM_TRY(pm_push(m, PV_CONST, NULL));
            m->st[m->n - 1] = m->st[m->n - 1 - k];
            break;
        case DP_OP_SWAP: case DP_OP_ROT_TWO: case DP_OP_ROT_THREE: case DP_OP_ROT_FOUR: case DP_OP_ROT_N: {
            k = stack_reach(x);
            if (k < 1 || k > m->n)
                return PM_NO;
            pval v = *top;
            if (x->op == DP_OP_SWAP) {
                *top = m->st[m->n - k];
                m->st[m->n - k] = v;
            } else {   /* the top goes k - 1 places down */
                memmove(&m->st[m->n - k + 1], &m->st[m->n - k], (size_t)(k - 1) * sizeof v);
                m->st[m->n - k] = v;
            }
            break;
        }
        case DP_OP_POP_TOP:
            m->n--;
            if (top->kind == PV_TEST || top->kind == PV_MATCHED)
                return PM_NO;
            if (top->kind != PV_SUBJ)
                break;
            n = top->n;
            if (n->kind == PN_ANY && !n->n_names)
                n->popped = 1;   /* `_` */
            else if (n->kind == PN_SEQ && n->mode == PS_NONE)
                n->mode = PS_POPPED;   /* items all `_` */
            else if (!(n->kind == PN_SEQ && n->mode == PS_SUBSCR) && n->kind != PN_MAP && n->kind != PN_OR)
                return PM_NO;
            break;
        case DP_OP_LOAD_CONST:
            PM_TRY(pm_push(m, PV_CONST, NULL));
            m->st[m->n - 1].obj = x->obj;
            break;
        case DP_OP_LOAD_NAME: case DP_OP_LOAD_GLOBAL: case DP_OP_LOAD_FAST: case DP_OP_LOAD_DEREF:
        case DP_OP_LOAD_FROM_DICT_OR_DEREF:
            PM_TRY(pm_push(m, PV_EXPR, NULL));
            if (!(m->st[m->n - 1].e = e_name(d, x->name, DP_LOAD)))
                return -1;
            break;
        case DP_OP_LOAD_ATTR:
            if (top->kind != PV_EXPR)
                return PM_NO;
            if (!(top->e = e_attr(d, top->e, x->name, DP_LOAD)))
                return -1;
            break;
        case DP_OP_BUILD_TUPLE: {   /* a mapping pattern's keys, not all constants */
            k = x->arg;
            if (k < 1 || k > m->n)
                return PM_NO;
            dp_expr **keys = alloc(d, (size_t)k * sizeof *keys);
            if (!keys)
                return -1;
            for (i = 0; i < k; i++)
                if (!(keys[i] = pm_value(m, &m->st[m->n - k + i], 1)))
                    return PM_NO;
            m->n -= k - 1;
            top = &m->st[m->n - 1];
            memset(top, 0, sizeof *top);
            top->kind = PV_KEYLIST;
            top->list = keys;
            top->num = k;
            break;
        }
        case DP_OP_MATCH_SEQUENCE: case DP_OP_MATCH_MAPPING:
            if (!(n = pm_subj(m, 1)) || n->kind != PN_ANY)
                return PM_NO;
            PM_TRY(pm_push_test(m, x->op == DP_OP_MATCH_SEQUENCE ? T_SEQ : T_MAP, n));
            break;
        case DP_OP_GET_LEN:
            if (!(n = pm_subj(m, 1)) || (n->kind != PN_SEQ && n->kind != PN_MAP))
                return PM_NO;
            PM_TRY(pm_push(m, PV_LEN, n));
            break;
        case DP_OP_COMPARE_OP: {
            dp_cmpop op = cmp_of(x);
            if (!below)
                return PM_NO;
            if (below->kind == PV_LEN && small_int(top, &k) && (op == DP_EQ || op == DP_GTE)) {
                n = below->n;
                m->n -= 2;
                PM_TRY(pm_push_test(m, T_LEN, n));
                m->st[m->n - 1].op = op;
                m->st[m->n - 1].num = k;
                break;
            }
            dp_expr *value = pm_value(m, top, 0);
            if (op != DP_EQ || !(n = pm_subj(m, 2)) || n->kind != PN_ANY || !value)
                return PM_NO;
            m->n -= 2;
            PM_TRY(pm_push_test(m, T_VALUE, n));
            m->st[m->n - 1].e = value;
            break;
        }
        case DP_OP_IS_OP:
            if (!below || top->kind != PV_CONST)
                return PM_NO;
            if (x->arg == 0 && (n = pm_subj(m, 2)) && n->kind == PN_ANY &&
                (top->obj->kind == DP_OBJ_NONE || top->obj->kind == DP_OBJ_TRUE || top->obj->kind == DP_OBJ_FALSE)) {
                const dp_object *obj = top->obj;
                m->n -= 2;
                PM_TRY(pm_push_test(m, T_SINGLETON, n));
                m->st[m->n - 1].obj = obj;
                break;
            }
            if (x->arg == 1 && (below->kind == PV_VALUES || below->kind == PV_ATTRS) &&
                top->obj->kind == DP_OBJ_NONE) {
                m->n -= 2;
                PM_TRY(pm_push_test(m, T_OK, NULL));
                break;
            }
            return PM_NO;
        case DP_OP_BINARY_OP:   /* len(subject) - k: an item after the star */
            if (x->arg != DP_SUB || !below || below->kind != PV_LEN || !small_int(top, &k))
                return PM_NO;
            m->n--;
            top = below;
            top->kind = PV_LENSUB;
            top->num = k;
            break;
        case DP_OP_BINARY_SUBSCR:
            if (!below)
                return PM_NO;
            n = below->n;
            if (below->kind == PV_SUBJ && n->kind == PN_SEQ && n->len_op == DP_GTE &&
                (n->mode == PS_NONE || n->mode == PS_SUBSCR)) {
                int from_end = top->kind == PV_LENSUB && top->n == n;
                if (from_end)
                    i = n->size - top->num;
                else if (!small_int(top, &i))
                    return PM_NO;
                n->mode = PS_SUBSCR;
                if (i < 0 || i >= n->size || n->items[i])
                    return PM_NO;
                n->from_end[i] = (uint8_t)from_end;
            } else if ((below->kind == PV_VALUES || below->kind == PV_ATTRS) && d->version < 311) {
                if (!small_int(top, &i) || i >= n->size || n->items[i])
                    return PM_NO;
            } else {
                return PM_NO;
            }
            if (!(n->items[i] = pn_new(d)))
                return -1;
            m->n -= 2;
            PM_TRY(pm_push(m, PV_SUBJ, n->items[i]));
            break;
        case DP_OP_MATCH_KEYS: {
            dp_expr **keys = NULL;
            if (!below || !(n = pm_subj(m, 2)) || n->kind != PN_MAP || n->size >= 0)
                return PM_NO;
            if (top->kind == PV_KEYLIST) {
                keys = top->list;
                k = top->num;
            } else if (top->kind == PV_CONST && top->obj->kind == DP_OBJ_TUPLE) {
                k = (int)top->obj->u.seq.count;
                if (k > 10000 || !(keys = alloc(d, (size_t)k * sizeof *keys + 1)))
                    return k > 10000 ? PM_NO : -1;
                for (i = 0; i < k; i++) {
                    pval key = {.kind = PV_CONST, .obj = top->obj->u.seq.items[i]};
                    if (!(keys[i] = pm_value(m, &key, 1)))
                        return PM_NO;
                }
            } else {
                return PM_NO;
            }
            if (!(k == 0 ? n->len_op < 0 : n->len_op == DP_GTE && n->len == k))
                return PM_NO;
            PM_TRY(pn_set_size(d, n, k));
            n->keys = keys;
            memset(top, 0, sizeof *top);
            top->kind = PV_KEYS;
            top->n = n;
            PM_TRY(pm_push(m, PV_VALUES, n));
            if (d->version < 311)
                PM_TRY(pm_push_test(m, T_OK, NULL));
            break;
        }
        case DP_OP_MATCH_CLASS: {
            pval *cls = below, *kw = top;
            if (m->n < 3 || !(n = pm_subj(m, 3)) || n->kind != PN_ANY || cls->kind != PV_EXPR ||
                kw->kind != PV_CONST || kw->obj->kind != DP_OBJ_TUPLE || x->arg < 0)
                return PM_NO;
            for (i = 0; i < (int)kw->obj->u.seq.count; i++)
                if (kw->obj->u.seq.items[i]->kind != DP_OBJ_STR)
                    return PM_NO;
            n->kind = PN_CLASS;
            n->value = cls->e;
            n->obj = kw->obj;
            n->npos = x->arg;
            PM_TRY(pn_set_size(d, n, x->arg + (int)kw->obj->u.seq.count));
            m->n -= 3;
            PM_TRY(pm_push(m, PV_ATTRS, n));
            if (d->version < 311)
                PM_TRY(pm_push_test(m, T_OK, NULL));
            break;
        }
        case DP_OP_UNPACK_SEQUENCE:
            n = top->n;
            k = x->arg;
            if (top->kind == PV_SUBJ && n->kind == PN_SEQ && n->len_op == DP_EQ && n->len == k &&
                n->mode == PS_NONE) {
                n->mode = PS_UNPACK;
                PM_TRY(pn_set_size(d, n, k));
            } else if (!((top->kind == PV_VALUES || top->kind == PV_ATTRS || top->kind == PV_KEYS) &&
                         d->version >= 311 && k == n->size)) {
                return PM_NO;
            }
            m->n--;
            if (top->kind == PV_KEYS) {
                for (i = 0; i < k; i++)
                    PM_TRY(pm_push(m, PV_KEY, n));
                break;
            }
            TRY(pm_push_items(m, n));
            break;
        case DP_OP_UNPACK_EX: {
            int before = x->arg & 0xff, after = x->arg >> 8;
            n = pm_subj(m, 1);
            if (!n || n->kind != PN_SEQ || n->mode != PS_NONE ||
                !(before + after == 0 ? n->len_op < 0 : n->len_op == DP_GTE && n->len == before + after))
                return PM_NO;
            n->mode = PS_UNPACK;
            n->star = before;
            if (n->size < 0)
                PM_TRY(pn_set_size(d, n, 1));
            if (!(n->items[before] = pn_new(d)))
                return -1;
            n->items[before]->is_star = 1;
            m->n--;
            TRY(pm_push_items(m, n));
            break;
        }
        case DP_OP_COPY_DICT_WITHOUT_KEYS:   /* (3.10) **rest */
            if (top->kind != PV_KEYS || !(n = pm_subj(m, 2)) || n != top->n)
                return PM_NO;
            top->kind = PV_REST;
            break;
        case DP_OP_BUILD_MAP:   /* (3.11+) **rest: a dict, updated with the subject, less the keys */
            if (x->arg != 0)
                return PM_NO;
            PM_TRY(pm_push(m, PV_EMPTY_MAP, NULL));
            break;
        case DP_OP_DICT_UPDATE:
            if (x->arg != 2 || m->n < 3 || m->st[m->n - 3].kind != PV_EMPTY_MAP || below->kind != PV_KEYS ||
                !(n = pm_subj(m, 1)) || n != below->n)
                return PM_NO;
            m->n--;
            m->st[m->n - 2].kind = PV_REST;
            m->st[m->n - 2].n = n;
            break;
        case DP_OP_DELETE_SUBSCR:
            if (!below || below->kind != PV_REST || top->kind != PV_KEY)
                return PM_NO;
            m->n -= 2;
            break;
        case DP_OP_POP_JUMP_IF_FALSE:
            if (top->kind != PV_TEST)
                return PM_NO;
            PM_TRY(pm_passed(m, top));
            m->n--;
            PM_TRY(pm_fail_to(m, f, x->target, m->n));
            break;
        case DP_OP_POP_JUMP_IF_NONE:
            if (top->kind != PV_VALUES && top->kind != PV_ATTRS)
                return PM_NO;
            m->n--;
            PM_TRY(pm_fail_to(m, f, x->target, m->n));
            break;
        case DP_OP_POP_JUMP_IF_NOT_NONE: {   /* `case None` */
            pval v = {.kind = PV_TEST, .test = T_SINGLETON, .n = pm_subj(m, 1), .obj = obj_none(d)};
            if (!v.n || v.n->kind != PN_ANY || !v.obj)
                return v.obj ? PM_NO : -1;
            PM_TRY(pm_passed(m, &v));
            m->n--;
            PM_TRY(pm_fail_to(m, f, x->target, m->n));
            break;
        }
        case DP_OP_STORE_NAME: case DP_OP_STORE_GLOBAL: case DP_OP_STORE_FAST: case DP_OP_STORE_DEREF:
            if (m->alt_base >= 0)
                return PM_NO;
            n = top->n;
            if (top->kind == PV_SUBJ && n->n_names < PN_MAX_NAMES && !n->popped) {
                n->names[n->n_names++] = x;
                if (top->slot)
                    top->slot->name = x;
            }
            else if (top->kind == PV_REST && !n->rest && !n->rest_slot) {
                n->rest = x;
                if (top->slot)
                    top->slot->name = x;
            }
            else
                return PM_NO;
            m->stored = 1;
            m->n--;
            break;
        default:
            return PM_NO;
        }
        pos = next;
    }
}

/* ---- the pattern tree as the AST's patterns ---- */

static dp_pattern *mk_pattern(dc *d, dp_pattern_kind kind)
{
    dp_pattern *p = alloc(d, sizeof *p);
    if (p)
        p->kind = kind;
    return p;
}

static dp_pattern *pattern_as(dc *d, dp_pattern *inner, const char *name)
{
    dp_pattern *p = mk_pattern(d, DP_P_AS);
    if (p) {
        p->u.as.pattern = inner;
        p->u.as.name = name;
    }
    return p;
}

static int pattern_list(dc *d, dp_pattern_list *l, int n)
{
    l->count = (size_t)n;
    l->items = alloc(d, (size_t)n * sizeof *l->items + 1);
    return l->items ? 0 : -1;
}

/* The name a store binds (noting `global` and `nonlocal` as step() does). */
static const char *bound_name(dc *d, const dp_ins *store)
{
    dp_expr *e = store_target_name(d, store);
    return e ? e->u.name.id : NULL;
}

static int node_pattern(dc *d, int at, const pnode *n, dp_pattern **out);

/* Items [lo, hi) of n; one the code never took is `_`. */
static int item_patterns(dc *d, int at, const pnode *n, int lo, int hi, dp_pattern_list *l)
{
    TRY(pattern_list(d, l, hi - lo));
    for (int i = lo; i < hi; i++) {
        if (n->items[i])
            TRY(node_pattern(d, at, n->items[i], &l->items[i - lo]));
        else if (!(l->items[i - lo] = pattern_as(d, NULL, NULL)))
            return -1;
    }
    return 0;
}

/* A sequence pattern.  Subscripted items were taken from the front or, as
 * len - k, from the back: the star (`*_`) lies between them, and where
 * there are `_` items next to it, either place compiles the same. */
static int sequence_pattern(dc *d, int at, pnode *n, dp_pattern *p)
{
    int size = n->size, star = n->star;
    if (n->mode == PS_POPPED) {   /* only `_` items, and `*_` if the length is a minimum */
        if (size < 0) {
            int r = pn_set_size(d, n, n->len_op == DP_EQ ? n->len : 1);
            if (r)
                return r < 0 ? r : fail(d, at, "a sequence pattern too long");
        }
        size = n->size;
        star = n->len_op == DP_EQ ? -1 : size - 1;
    } else if (n->mode == PS_SUBSCR) {
        int front = -1, back = size;
        for (int i = 0; i < size; i++)
            if (n->items[i] && n->from_end[i])
                back = back < i ? back : i;
            else if (n->items[i])
                front = i;
        star = front + 1;
        if (star >= back)
            return fail(d, at, "a sequence pattern whose items overlap");
    } else if (n->mode != PS_UNPACK) {
        return fail(d, at, "a sequence pattern whose items are never taken");
    }
    TRY(pattern_list(d, &p->u.sequence.patterns, size));
    for (int i = 0; i < size; i++) {
        const pnode *item = n->items[i];
        dp_pattern **slot = &p->u.sequence.patterns.items[i];
        if (i != star) {
            if (item)
                TRY(node_pattern(d, at, item, slot));
            else if (!(*slot = pattern_as(d, NULL, NULL)))
                return -1;
            continue;
        }
        if (item && (item->kind != PN_ANY || item->n_names + item->n_slots > 1))
            return fail(d, at, "a starred sequence item that is not a name");
        if (!(*slot = mk_pattern(d, DP_P_STAR)))
            return -1;
        const dp_ins *star_name = !item ? NULL : item->n_names ? item->names[0] : item->n_slots ? slot_name(item->slots[0]) : NULL;
        if (item && item->n_slots && !star_name)
            return fail(d, at, "or-pattern captures that do not line up");
        if (star_name && !((*slot)->u.star.name = bound_name(d, star_name)))
            return -1;
    }
    return 0;
}

static int node_pattern(dc *d, int at, const pnode *n, dp_pattern **out)
{
    dp_pattern *p = NULL;
    const dp_ins *names[2 * PN_MAX_NAMES];
    int n_names = 0;
    for (int i = 0; i < n->n_names; i++)
        names[n_names++] = n->names[i];
    for (int i = 0; i < n->n_slots; i++) {
        if (!slot_name(n->slots[i]))
            return fail(d, at, "or-pattern captures that do not line up");
        names[n_names++] = slot_name(n->slots[i]);
    }
    if (n->is_star)
        return fail(d, at, "a starred pattern outside a sequence");
    switch (n->kind) {
    case PN_ANY:
        if (!n->popped && !n_names)
            return fail(d, at, "a pattern value neither tested, bound nor dropped");
        break;
    case PN_VALUE:
        if (!(p = mk_pattern(d, DP_P_VALUE)))
            return -1;
        p->u.value.value = n->value;
        break;
    case PN_SINGLETON:
        if (!(p = mk_pattern(d, DP_P_SINGLETON)))
            return -1;
        p->u.singleton.value = n->obj;
        break;
    case PN_SEQ:
        if (!(p = mk_pattern(d, DP_P_SEQUENCE)))
            return -1;
        TRY(sequence_pattern(d, at, (pnode *)n, p));
        break;
    case PN_MAP:
        if (!(p = mk_pattern(d, DP_P_MAPPING)))
            return -1;
        if (n->size < 0 && (n->len_op >= 0 || n->rest || n->rest_slot))
            return fail(d, at, "a mapping pattern without its keys");
        if (n->size > 0) {
            TRY(item_patterns(d, at, n, 0, n->size, &p->u.mapping.patterns));
            p->u.mapping.keys.items = n->keys;
            p->u.mapping.keys.count = (size_t)n->size;
        }
        if (n->rest_slot && !slot_name(n->rest_slot))
            return fail(d, at, "or-pattern captures that do not line up");
        if ((n->rest || n->rest_slot) &&
            !(p->u.mapping.rest = bound_name(d, n->rest ? n->rest : slot_name(n->rest_slot))))
            return -1;
        break;
    case PN_CLASS: {
        int nkw = n->size - n->npos;
        if (!(p = mk_pattern(d, DP_P_CLASS)))
            return -1;
        p->u.cls.cls = n->value;
        TRY(item_patterns(d, at, n, 0, n->npos, &p->u.cls.patterns));
        TRY(item_patterns(d, at, n, n->npos, n->size, &p->u.cls.kwd_patterns));
        p->u.cls.kwd_attrs.count = (size_t)nkw;
        if (!(p->u.cls.kwd_attrs.items = alloc(d, (size_t)nkw * sizeof(char *) + 1)))
            return -1;
        for (int i = 0; i < nkw; i++)
            p->u.cls.kwd_attrs.items[i] = n->obj->u.seq.items[i]->u.str.data;
        break;
    }
    case PN_OR:
        if (!(p = mk_pattern(d, DP_P_OR)))
            return -1;
        TRY(pattern_list(d, &p->u.sequence.patterns, n->n_alts));
        for (int i = 0; i < n->n_alts; i++)
            TRY(node_pattern(d, at, n->alts[i], &p->u.sequence.patterns.items[i]));
        break;
    default:
        return fail(d, at, "a pattern of an unknown kind");
    }
    /* stores of the value: a capture, then `as` names around it */
    if (!n_names && !p)
        p = pattern_as(d, NULL, NULL);
    for (int i = 0; i < n_names; i++) {
        const char *name = bound_name(d, names[i]);
        if (!name || !(p = pattern_as(d, p, name)))
            return -1;
    }
    *out = p;
    return p ? 0 : -1;
}

/* ---- cases and the statement ---- */

typedef struct mcase {
    int start;             /* the first instruction: the subject's copy, where there is one */
    int dup;               /* the subject was copied for it: a later case follows */
    int pat_end;           /* after the pattern and its stores */
    int guard_hi;          /* dup: the POP_TOP of the subject (after the guard) */
    int body_lo, body_hi;
    pnode *root;
    pfail f;
    int copy_end;          /* see pm_or */
    int (*copies)[2];
    int n_copies;
} mcase;

/* Reads c's pattern from c->start.  cls: a class pattern whose class and
 * keyword names were loaded already (the subject's only case). */
static int read_case(dc *d, mcase *c, dp_expr *cls, const dp_object *kw, int Dm)
{
    pm m;
    int from = c->start, log = d->n_match_log;
    m.d = d;
    m.n = 0;
    m.alt_base = -1;
    m.or_depth = 0;
    m.copy_end = -1;
    m.n_copies = 0;
    m.stored = 0;
    if (!(c->root = pn_new(d)))
        return -1;
    c->f.label = c->f.chain = -1;
    c->f.base = c->dup;
    if (c->dup) {
        TRY(pm_push(&m, PV_MATCHED, NULL));
        pm_see(&m, from++);
    }
    TRY(pm_push(&m, PV_SUBJ, c->root));
    if (cls) {
        TRY(pm_push(&m, PV_EXPR, NULL));
        m.st[1].e = cls;
        TRY(pm_push(&m, PV_CONST, NULL));
        m.st[2].obj = kw;
    }
    int r = pm_run(&m, from, c->f.base, &c->f, &c->pat_end);
    if (r == 0 && c->dup) {
        /* the guard, if any, then the POP_TOP of the subject: a guard's
         * jumps go to the next case, or to its own test's next atom */
        int k = c->pat_end, label = c->f.label;
        while (k < d->count && d->ins[k].stack >= Dm && (label < 0 || k < label) &&
               !(d->ins[k].op == DP_OP_POP_TOP && d->ins[k].stack == Dm))
            k++;
        if (k >= d->count || d->ins[k].op != DP_OP_POP_TOP || d->ins[k].stack != Dm)
            r = PM_NO;
        for (int q = c->pat_end; q < k && r == 0; q++) {
            int t = d->ins[q].target;
            if (t < 0 || (t > c->pat_end && t <= k))
                continue;
            if (label < 0)
                label = t;
            if (t != label || !is_pjif(d->ins[q].op))
                r = PM_NO;
        }
        c->guard_hi = k;
        c->body_lo = k + 1;
        if (label < 0 || label >= d->count || d->ins[label].stack != Dm)
            r = PM_NO;
        c->f.label = label;
        if (c->f.chain < 0)
            c->f.chain = label;
    } else if (r == 0) {
        c->guard_hi = c->body_lo = c->pat_end;
    }
    c->copy_end = m.copy_end;
    c->n_copies = m.n_copies;
    if (r == 0 && m.n_copies) {
        if (!(c->copies = alloc(d, (size_t)m.n_copies * sizeof *c->copies)))
            return -1;
        memcpy(c->copies, m.copies, (size_t)m.n_copies * sizeof *c->copies);
    }
    if (r)
        pm_unsee(d, log);
    return r;
}

/* Whether every instruction of [lo, hi) is pattern code read. */
static int all_seen(const dc *d, int lo, int hi)
{
    for (int k = lo; k < hi; k++)
        if (!d->match_seen[k])
            return 0;
    return 1;
}

enum { MATCH_AT_COPY, MATCH_AT_TEST, MATCH_AT_CLASS };

/* Reads the cases from i, each with its own copy of the subject but the
 * last (case `last`, when last >= 0: there the copy is taken as the
 * pattern's own).  1: i starts no match statement; 2: a later case is not
 * read (*fail_at: where it starts). */
static int read_cases(dc *d, int i, int how, dp_expr *cls, const dp_object *kw, int Dm, int last, mcase **out,
                      int *n_out, int *fail_at)
{
    mcase *cases = NULL;
    int n_cases = 0, cap = 0, pos = i, r;
    for (;;) {
        mcase c;
        int copies = d->ins[pos].op == DP_OP_DUP_TOP || (d->ins[pos].op == DP_OP_COPY && d->ins[pos].arg == 1);
        r = PM_NO;
        if (copies && (n_cases || how == MATCH_AT_COPY) && n_cases != last) {
            memset(&c, 0, sizeof c);
            c.start = pos;
            c.dup = 1;
            r = read_case(d, &c, NULL, NULL, Dm);
        }
        if (r > 0) {
            memset(&c, 0, sizeof c);
            c.start = pos;
            r = read_case(d, &c, n_cases ? NULL : cls, kw, Dm);
        }
        if (r != 0) {
            pm_unsee(d, 0);
            if (r < 0)
                return r;
            *fail_at = pos;
            return n_cases ? 2 : 1;
        }
        if (n_cases == cap) {
            int ncap = cap ? 2 * cap : 8;
            mcase *grown = dp_arena_grow(d->arena, cases, (size_t)cap * sizeof *cases, (size_t)ncap * sizeof *cases);
            if (!grown)
                return -1;
            cases = grown;
            cap = ncap;
        }
        cases[n_cases++] = c;
        if (!c.dup)
            break;
        pos = c.f.label;
    }
    *out = cases;
    *n_out = n_cases;
    return 0;
}

/* A last case that pops the subject as its pattern (`_`, not a default
 * case, which has no code for its pattern). */
static int is_bare_wildcard(const mcase *c)
{
    return !c->dup && c->root->kind == PN_ANY && c->root->popped && !c->root->n_names;
}


/* 3.10+: where no case jumps to a common end, the cases' bodies may end
 * in copies of the return the statement is followed by (the compiler
 * copies a small exit block into each jump to it), the source's one return
 * after the statement: the first case's copy numbers a constant after one
 * that code before that return is the first to use.  That return (at or
 * after X, where the last pattern fails), else -1; copy_at[k]: where case
 * k's copy starts, or its body_hi. */
static int cases_exit_copied(dc *d, const mcase *cases, int n_cases, int X, const region *rg, int *copy_at)
{
    const mcase *first = &cases[0];
    int hi = first->body_hi, E = -1, n = 0;
    if (d->version < 310 || X < 0 || hi <= first->body_lo || first->copy_end >= 0 ||
        d->ins[hi - 1].op != DP_OP_RETURN_VALUE)
        return -1;
    /* (the longest such block that starts a statement) */
    for (int P = hi - 8 > first->body_lo ? hi - 8 : first->body_lo; P < hi && E < 0; P++) {
        if (exit_len(d, P) != hi - P || d->ins[P].stack != d->ins[first->body_lo].stack)
            continue;
        for (int q = X; q < rg->hi && E < 0; q++)
            if (same_exit(d, P, q) == hi - P)
                E = q, n = hi - P;
    }
    if (E < 0 || !numbered_after(d, hi - n, hi, hi, E))
        return -1;
    for (int k = 0; k < n_cases; k++) {
        const mcase *c = &cases[k];
        copy_at[k] = c->body_hi;
        if (c->body_hi - n >= c->body_lo && c->copy_end < 0 && c->body_hi <= X &&
            same_exit(d, c->body_hi - n, E) == n)
            copy_at[k] = c->body_hi - n;
    }
    return E;
}

/* A match statement whose subject is the top of st, at i: the first case's
 * copy of the subject (MATCH_AT_COPY), or the only case's first test
 * (MATCH_AT_TEST: MATCH_SEQUENCE, MATCH_MAPPING; MATCH_AT_CLASS: MATCH_CLASS,
 * its class and keyword names on the stack).  1: no match statement. */
static int match_stmt(dc *d, int i, int how, const region *rg, stk *st, slist *out, int *next)
{
    const loopctx *loop = rg->loop;
    int n_below = how == MATCH_AT_CLASS ? 3 : 1, Dm = d->ins[i].stack - (n_below - 1);
    dp_expr *cls = NULL;
    const dp_object *kw = NULL;
    if (d->version < 310 || st->n < n_below || Dm < 1)
        return 1;
    for (int k = 1; k <= n_below; k++)
        if (st->v[st->n - k].kind != V_EXPR)
            return 1;
    if (how == MATCH_AT_CLASS) {
        if (i < 1 || d->ins[i - 1].op != DP_OP_LOAD_CONST)
            return 1;
        cls = st->v[st->n - 2].e;
        kw = d->ins[i - 1].obj;
    }
    if (!d->match_seen) {
        d->match_seen = dp_arena_alloc(d->arena, (size_t)d->count + 1);
        d->match_log = dp_arena_array(d->arena, (size_t)d->count + 1, sizeof *d->match_log);
        if (!d->match_seen || !d->match_log)
            return -1;
    }
    mcase *cases;
    int n_cases, fail_at, r = read_cases(d, i, how, cls, kw, Dm, -1, &cases, &n_cases, &fail_at);
    if (r == 0 && is_bare_wildcard(&cases[n_cases - 1])) {
        /* (CPython never compiles a last case that pops the subject as a
         * bare `_`: a case read earlier was an or-pattern whose
         * alternatives got copies of its body; read that one so) */
        int found = 0;
        for (int k = n_cases - 2; k >= 0 && !found; k--) {
            mcase *again;
            int n_again, r2;
            pm_unsee(d, 0);
            TRY(r2 = read_cases(d, i, how, cls, kw, Dm, k, &again, &n_again, &fail_at));
            if (r2 == 0 && !is_bare_wildcard(&again[n_again - 1])) {
                cases = again;
                n_cases = n_again;
                found = 1;
            }
        }
        if (!found) {
            pm_unsee(d, 0);
            TRY(read_cases(d, i, how, cls, kw, Dm, -1, &cases, &n_cases, &fail_at));
        }
    }
    if (r == 2)
        return fail(d, fail_at, "a case of a match statement whose pattern is not recovered");
    if (r != 0)
        return r;
    mcase *last = &cases[n_cases - 1];
    int X = last->f.label;
    if (n_cases == 1 && X < 0) {   /* (one case that cannot fail: plain statements) */
        pm_unsee(d, 0);
        return 1;
    }
    /* 3.12+: a last case that fails straight to the loop's continue target
     * (symtable's Class.get_methods): nothing follows the match in its
     * region, as for a last case that cannot fail */
    int to_cont = X >= 0 && X < last->start && d->version >= 312 && is_continue_target(loop, X) && rg->follow == X;
    if (to_cont)
        X = -1;
    /* The end: where the cases' bodies jump when they are done */
    int end = -1;
    for (int k = 0; k < n_cases; k++) {
        mcase *c = &cases[k];
        c->body_hi = c == last && to_cont ? -1 : c->f.chain;
        if (c->copy_end >= 0 && (c->body_hi < 0 || c->copy_end < c->body_hi))
            c->body_hi = c->copy_end;   /* (the case's rest, in its first copy) */
        int j = c->body_hi - 1;
        if (c->body_hi < 0 || j < c->body_lo || d->ins[j].op != DP_N_JUMP)
            continue;
        int t = d->ins[j].target;
        if (t <= j || (loop && (t == loop->brk || is_continue_target(loop, t))))
            continue;
        if (end >= 0 && t != end) {
            pm_unsee(d, 0);
            return fail(d, j, "match cases that end in different places");
        }
        end = t;
    }
    int *copy_at = NULL;
    if (end < 0 && X >= 0 && last->body_lo <= X) {
        if (!(copy_at = alloc(d, (size_t)n_cases * sizeof *copy_at)))
            return -1;
        end = cases_exit_copied(d, cases, n_cases, X, rg, copy_at);
        if (end < 0)
            copy_at = NULL;
    }
    if ((end >= 0 && X > end) || (end > rg->hi && end != rg->follow)) {
        pm_unsee(d, 0);
        return fail(d, i, "a match statement that ends outside its block");
    }
    int region_end = end >= 0 ? (end < rg->hi ? end : rg->hi) : rg->hi;
    if (last->body_hi < 0)
        last->body_hi = region_end;   /* (a last case that cannot fail runs to the end) */
    /* Where the last case fails into an exit block (`case _:`, or the code
     * after the match), the compiler may put a copy of it in place of the
     * jump there, inside the pattern's code: the case's rest, its body
     * included, comes after it. */
    int X_hi = X;
    if (X >= 0 && last->body_lo > X) {
        while (X_hi < last->pat_end && !d->match_seen[X_hi])
            X_hi++;
        int from_outside = 0;   /* (only the pattern's failure reaches it) */
        for (int q = 0; q < d->count && !from_outside; q++)
            from_outside = d->ins[q].target >= X && d->ins[q].target < X_hi &&
                           (q < last->start || q >= last->pat_end);
        if (X_hi == X || X_hi >= last->pat_end || !ends_block(d->ins[X_hi - 1].op) || from_outside) {
            pm_unsee(d, 0);
            return fail(d, X, "a match case with code its pattern does not explain");
        }
        last->body_hi = region_end;
    }
    for (int k = 0; k < n_cases; k++) {
        mcase *c = &cases[k];
        int gap = c == last && X_hi > X;   /* (the copy above) */
        if (!all_seen(d, c->start, gap ? X : c->pat_end) || !all_seen(d, gap ? X_hi : c->pat_end, c->pat_end) ||
            !all_seen(d, c->body_hi, c->f.label < c->body_hi ? c->body_hi : c->f.label) ||
            c->body_hi < c->body_lo) {
            pm_unsee(d, 0);
            return fail(d, c->start, "a match case with code its pattern does not explain");
        }
    }
    /* where the cases' bodies go when they are done (with the default
     * case read from inside the pattern's code, no code follows) */
    int after = end >= 0 ? end : (X >= 0 && X < rg->hi && X_hi == X ? X : rg->follow);

    /* Committed: the subject, each case's pattern, guard and body */
    dp_stmt *s = mk_stmt(d, DP_S_MATCH);
    if (!s)
        return -1;
    for (int k = 0; k < n_below; k++)
        TRY(pop_expr(d, st, out, i, k == n_below - 1 ? &s->u.match.subject : &cls));
    s->u.match.cases.count = (size_t)n_cases;
    s->u.match.cases.items = alloc(d, ((size_t)n_cases + 1) * sizeof *s->u.match.cases.items);
    if (!s->u.match.cases.items)
        return -1;
    for (int k = 0; k < n_cases; k++) {
        mcase *c = &cases[k];
        dp_match_case *mc = alloc(d, sizeof *mc);
        if (!mc)
            return -1;
        s->u.match.cases.items[k] = mc;
        r = node_pattern(d, c->start, c->root, &mc->pattern);
        if (r < 0) {
            pm_unsee(d, 0);
            return r;
        }
        /* the pattern code read (run() took i), and the copies of the rest */
        for (int q = c->start; q < c->pat_end; q++)
            if (d->match_seen[q] == 1 && q != i)
                mark(d, q, q + 1);
        for (int q = c->body_hi; q < c->f.label; q++)
            if (d->match_seen[q] == 1)
                mark(d, q, q + 1);
        for (int q = 0; q < c->n_copies; q++)
            if (!equiv_code(d, c->copies[q][0], c->copies[q][1])) {
                pm_unsee(d, 0);
                return fail(d, c->copies[q][0], "a copy of a case's code that differs");
            }
        if (copy_at && copy_at[k] < c->body_hi) {   /* (the copy of the return after the statement) */
            TRY(equiv_code(d, copy_at[k], end) ? 0 : -1);
            c->body_hi = copy_at[k];
        }
    }
    /* (the marks are done with before any body is read: a match statement
     * inside one reads its own) */
    pm_unsee(d, 0);
    for (int k = 0; k < n_cases; k++) {
        mcase *c = &cases[k];
        dp_match_case *mc = s->u.match.cases.items[k];
        int body_lo = c->body_lo, guard_lo = c->pat_end, guard_hi = c->dup ? c->guard_hi : c->body_hi;
        cond g;
        r = guard_hi > guard_lo && c->f.label >= 0 ? analyze_cond(d, st, NULL, guard_lo, guard_hi, &g) : 1;
        if (r == UNRECOVERED)
            d->why[0] = 0;
        else if (r < 0)
            return r;
        /* (3.12+: the last case's guard may fail to its own copy of the
         * exit block the pattern fails to) */
        int to_copy = r == 0 && g.F != c->f.label && c == last && !c->dup && d->version >= 310 &&
                      c->f.label >= 0 && g.F > guard_lo && !d->claimed[g.F] && same_exit(d, g.F, c->f.label) > 0 &&
                      jumped_only_from(d, g.F, guard_lo, guard_hi);
        if (r == 0 && (g.F == c->f.label || to_copy) && (c->dup ? g.T == guard_hi : g.T > guard_lo)) {
            if (to_copy && !equiv_code(d, g.F, c->f.label)) {
                pm_unsee(d, 0);
                return fail(d, g.F, "a case guard of unknown shape");
            }
            if (!(mc->guard = unfold_test(d, g.e)))
                return -1;
            mark(d, guard_lo, g.T);
            mark_cleanups(d, &g);
            if (!c->dup)
                body_lo = g.T;
        } else if (c->dup && guard_hi > guard_lo) {
            pm_unsee(d, 0);
            return fail(d, guard_lo, "a case guard of unknown shape");
        }
        if (c->dup)
            mark(d, c->guard_hi, c->guard_hi + 1);   /* (the subject, popped) */
        slist body = {0};
        TRY(run_sub(d, body_lo, c->body_hi, after, loop, st, &body, NULL));
        mc->body = sl_list(&body);
    }
    if (X >= 0 && ((end >= 0 && X < region_end) || X_hi > X)) {   /* `case _:` */
        dp_match_case *mc = alloc(d, sizeof *mc);
        slist body = {0};
        if (!mc || !(mc->pattern = pattern_as(d, NULL, NULL)))
            return -1;
        TRY(run_sub(d, X, X_hi > X ? X_hi : region_end, after, loop, st, &body, NULL));
        mc->body = sl_list(&body);
        s->u.match.cases.items[s->u.match.cases.count++] = mc;
    }
    pm_unsee(d, 0);
    *next = end >= 0 || X_hi > X ? region_end : (X >= 0 ? X : rg->hi);
    return sl_push(d, out, s);
}

/* 3.10: k, or past the no-match RERAISE at k that drop_copied_nomatch_310
 * made dead code (after a copy of a finally block that a break or
 * continue runs: where the try body goes on). */
static int past_dropped_nomatch(const dc *d, int k)
{
    return d->version == 310 && k >= 0 && k + 1 < d->count && d->ins[k].op == DP_OP_RERAISE && d->ins[k].stack < 0
               ? k + 1 : k;
}

static int run(dc *d, int lo, const region *rg, stk *st, slist *out)
{
    int i = lo, emitted_to = lo;
    size_t before = out->n, start = out->n;
    while (i < rg->hi) {
        if (out->n > before) {   /* statements made by the last step */
            note_source(d, out, before, emitted_to, i);
            emitted_to = i;
        }
        before = out->n;
        const dp_ins *x = &d->ins[i];
        int next = i + 1;
        if (d->claimed[i]) {
            i++;
            continue;
        }
        if (d->stop_block && x->op == DP_OP_POP_BLOCK && d->bstack[i] == d->stop_block) {
            int value = 0, e = d->version < 309 ? unwind_38(d, i, &value) : -1;
            /* 3.9, 3.10: leaving a try/finally body runs a copy of the
             * finally block first */
            int H = d->stop_block->target, fin = d->version >= 309 ? finally_end_310(d, H) : -1, c = i + 1;
            int copy = fin > 0 ? finally_copy_len(d, c, H, fin - H) : -1, after_exit;
            if (copy > 0)
                c += copy;
            /* 3.10: a break whose jump got a copy of the loop's exit (see
             * copied_break_exit), or of the code after a while loop that
             * has none of its own (see break_into_loop_tail); read as a
             * return, its value would come before the finally block */
            int try_block = d->version == 310 && e < 0 && !is_with_block_310(d, d->stop_block);
            int brk_end = try_block ? copied_break_exit(d, c, rg->loop) : -1;
            if (brk_end > c && brk_end < d->count && d->bstack[past_dropped_nomatch(d, brk_end)] == d->stop_block) {
                mark(d, i, c);
                TRY(next = finally_then_break(d, c, rg, st, out));
                i = next;
                continue;
            }
            int tail_stop = try_block && tail_copy_at(d, c, rg->loop) ? straight_exit_end(d, c) : -1;
            if (tail_stop > c && tail_stop < d->count &&
                d->bstack[past_dropped_nomatch(d, tail_stop)] == d->stop_block) {
                int r = break_into_loop_tail(d, rg->loop, c, 0, st, out, d->cur_handler);
                TRY(r);
                if (r > 0) {
                    mark(d, i, c);
                    next = d->tail_end;
                    i = next;
                    continue;
                }
            }
            /* 3.9, 3.10: leaving a with body calls __exit__ first (a value
             * being returned goes below it), and so for each with around
             * it that the return also leaves */
            int left_with = 0;
            const bnode *left = d->stop_block;   /* the outermost block left so far */
            for (const bnode *b = d->stop_block; d->version >= 309 && e < 0 && is_with_block_310(d, b);) {
                int r = c + (c < d->count && d->ins[c].op == DP_OP_ROT_TWO);
                if (!exit_call_310(d, r))
                    break;
                c = r + 5;
                left_with = 1;
                left = b;
                b = b->up;
                if (!(c < d->count && d->ins[c].op == DP_OP_POP_BLOCK && d->bstack[c] == b && is_with_block_310(d, b)))
                    break;
                c++;   /* (the POP_BLOCK of the with around it) */
            }
            const bnode *outer_with = left;   /* (the outermost with left; `left` goes on below) */
            int past_tries;
            /* (3.10: a break out of the with, inside a while loop, whose
             * jump got a copy of the loop's exit, see copied_break_exit:
             * read as a return, its value would come before __exit__) */
            int with_jump = d->version == 310 && left_with && e < 0 && outer_with == d->stop_block &&
                            d->ins[i + 1].op != DP_OP_ROT_TWO;   /* (no value under __exit__: no return) */
            int with_brk = with_jump && rg->loop && !rg->loop->is_for ? copied_break_exit(d, c, rg->loop) : -1;
            if (with_brk > c && with_brk < d->count && d->bstack[with_brk] == d->stop_block) {
                if (st->n && st->v[st->n - 1].kind == V_EXIT)
                    st->n--;   /* (the with's __exit__, called) */
                mark(d, i, c);
                TRY(next = finally_then_break(d, c, rg, st, out));
                i = next;
                continue;
            }
            /* (or of the code after a while loop that has none of its own,
             * see break_into_loop_tail) */
            int with_tail = with_jump && tail_copy_at(d, c, rg->loop) ? straight_exit_end(d, c) : -1;
            if (with_tail > c && with_tail < d->count && d->bstack[with_tail] == d->stop_block) {
                stk wst = *st;
                if (wst.n && wst.v[wst.n - 1].kind == V_EXIT)
                    wst.n--;   /* (the with's __exit__, called) */
                int r = break_into_loop_tail(d, rg->loop, c, 0, &wst, out, d->cur_handler);
                TRY(r);
                if (r > 0) {
                    *st = wst;
                    mark(d, i, c);
                    next = d->tail_end;
                    i = next;
                    continue;
                }
            }
            /* (a return from a try statement's body leaves the try
             * statements around it too: the POP_BLOCK of each, then for a
             * try/finally a copy of its finally block; after the block's
             * own finally block's copy, where it has one, without branches:
             * 3.10 copies the code after the statement into each branch of
             * one, which is no return of the body's) */
            if (d->version >= 309 && e < 0 && (left_with || !is_with_block_310(d, d->stop_block)) &&
                (copy <= 0 || is_straight(d, i + 1, i + 1 + copy))) {
                int c0 = c;
                for (int guard = 0; guard < 16 && left->up && c < d->count && d->ins[c].op == DP_OP_POP_BLOCK &&
                                    d->bstack[c] == left->up; guard++) {
                    int Hb = left->up->target, cb = popped_finally_copy_310(d, c);
                    if (Hb >= 0 && Hb < d->count && is_except_handler_310(d, Hb))
                        c++;
                    else if (cb > 0)
                        c += 1 + cb;
                    else
                        break;
                    left = left->up;
                }
                /* (and the except clauses around them: POP_EXCEPT each; a
                 * value goes below the exception first, and a named
                 * clause's cleanup follows) */
                for (int guard = 0; guard < 16 && c + 1 < d->count; guard++) {
                    int rot = c + 1 < d->count && d->ins[c + 1].op == DP_OP_ROT_TWO;
                    if (d->ins[c].op == DP_OP_POP_EXCEPT)
                        c++;
                    else if (valued_clause_exit_310(d, c) > c)
                        c = valued_clause_exit_310(d, c);
                    else if (c > c0 && d->ins[c].op == DP_OP_POP_BLOCK && exit_call_310(d, c + 1 + rot))
                        c += 6 + rot;   /* (then a with around the clause: its __exit__) */
                    else
                        break;
                }
                if (!(c < d->count && d->ins[c].op == DP_OP_RETURN_VALUE) &&
                    !(c + 1 < d->count && d->ins[c].op == DP_OP_LOAD_CONST && d->ins[c + 1].op == DP_OP_RETURN_VALUE))
                    c = c0;
            }
            /* (then the POP_BLOCKs of the try statements with except
             * clauses around it that it leaves, right before the return) */
            for (int q = c; left_with && q + 1 < d->count && d->ins[q].op == DP_OP_POP_BLOCK && d->bstack[q] &&
                            d->bstack[q]->target >= 0 && d->bstack[q]->target < d->count &&
                            is_except_handler_310(d, d->bstack[q]->target); q++)
                if (d->ins[q + 1].op == DP_OP_RETURN_VALUE ||
                    (q + 2 < d->count && d->ins[q + 1].op == DP_OP_LOAD_CONST && d->ins[q + 2].op == DP_OP_RETURN_VALUE)) {
                    c = q + 1;
                    break;
                }
            /* (past the iterators of the loops the return leaves: with the
             * value put below each, or before the constant is loaded) */
            while (e < 0 && c + 2 < d->count && d->ins[c].op == DP_OP_ROT_TWO && d->ins[c + 1].op == DP_OP_POP_TOP &&
                   (d->ins[c + 2].op == DP_OP_ROT_TWO || d->ins[c + 2].op == DP_OP_RETURN_VALUE))
                c += 2;
            int pops = c;
            while (e < 0 && pops + 2 < d->count && d->ins[pops].op == DP_OP_POP_TOP)
                pops++;
            if (pops > c && d->ins[pops].op == DP_OP_LOAD_CONST && d->ins[pops + 1].op == DP_OP_RETURN_VALUE)
                c = pops;
            if (e < 0 && c < d->count && d->ins[c].op == DP_OP_RETURN_VALUE)
                value = 1, e = past_return_copies(d, i + 1, c + 1, 1);   /* `return value` leaves the body */
            else if (e < 0 && c + 1 < d->count && d->ins[c].op == DP_OP_LOAD_CONST &&
                     d->ins[c + 1].op == DP_OP_RETURN_VALUE)
                value = 0, e = past_return_copies(d, i + 1, c + 2, 2);
            else if (e < 0 && (after_exit = breaks_or_continues_at(d, c, rg)) >= 0 &&
                     d->bstack[past_dropped_nomatch(d, after_exit)] == d->stop_block &&
                     (c > i + 1 || d->ins[after_exit].stack >= 0))
                e = c;   /* a break or continue leaves the body, which goes on after it */
            else if (e < 0 && left_with && c < d->count && d->bstack[c] == outer_with->up &&
                     (past_tries = pops_except_blocks(d, c)) > c &&
                     (after_exit = breaks_or_continues_at(d, past_tries, rg)) >= 0 &&
                     d->bstack[after_exit] == d->stop_block)
                e = c = past_tries;   /* (leaving the try statements around the with too: their POP_BLOCKs) */
            /* (3.10 copies a with's normal end, with the return of a
             * constant after it, into the branches that reach it: where
             * another copy follows, that is no return of the body's own) */
            if (left_with && !value && e > 0 && e < d->count && d->ins[c].op == DP_OP_LOAD_CONST &&
                d->ins[e].op == DP_OP_POP_BLOCK && d->bstack[e] == d->stop_block &&
                same_code(d, e, i, e - i))
                e = -1;
            /* (a return that ends the whole body, right before the handler
             * or before copies of itself taken already, is left to the
             * statement) */
            int rest = e;
            while (rest >= 0 && rest < rg->hi && (d->claimed[rest] || d->ins[rest].stack < 0))
                rest++;
            /* (the handlers of a try statement inside the finally block's
             * copy lie between the return and the handler: the return is
             * the copy's end, the body's last path) */
            if (copy > 0 && rest >= 0 && rest == copy_handlers_at(d, i + 1, i + 1 + copy, H) &&
                copies_handlers(d, rest, H, fin + 1, 0))
                rest = H;
            if (e < 0 || e > rg->hi || (rest == rg->hi && rest == d->stop_block->target)) {
                d->stop_at = i;
                return 0;
            }
            /* a return (3.8: also a break or continue) from inside the
             * block leaves it first (the code after it still belongs to
             * the block) */
            if (d->ins[e - 1].op == DP_OP_RETURN_VALUE) {
                dp_stmt *ret = mk_stmt(d, DP_S_RETURN);
                if (!ret)
                    return -1;
                if (value)
                    TRY(pop_expr(d, st, out, i, &ret->u.ret.value));
                else if (c > i + 1)
                    ret->u.ret.value = e_const(d, d->ins[c].obj);
                else
                    ret->u.ret.value = e_const(d, d->ins[e - 2].obj);
                TRY(sl_push(d, out, ret));
            }
            if (d->ins[i + 1].op != DP_OP_CALL_FINALLY && st->n && st->v[st->n - 1].kind == V_EXIT)
                st->n--;     /* the with's __exit__, called */
            mark(d, i, e);   /* (a break or continue follows the rest) */
            next = e;
            i = next;
            continue;
        }
        if (!d->normal[i]) {
            /* Dead code is left out, and so are the compiler's own cleanup
             * handlers; any other code reached only by an exception belongs
             * to a construct that should have claimed it: never drop it. */
            int end = cleanup_block_end(d, i);
            if (x->stack < 0)
                end = i + 1;
            /* (3.8: the function's final `return None`, which only the
             * dead jump after an except clause that raises reaches) */
            if (end < 0 && d->version < 309 && d->body_kind == BODY_FUNCTION && i + 2 == d->count &&
                x->op == DP_OP_LOAD_CONST && x->obj->kind == DP_OBJ_NONE && d->ins[i + 1].op == DP_OP_RETURN_VALUE) {
                mark(d, i, i + 2);
                end = i + 2;
            }
            if (end < 0)
                return fail(d, i, "code reached only through an exception, of an unrecognized construct");
            i = end;
            continue;
        }
        /* 3.11+: a break whose jump got a copy of the loop's exit, left
         * out of the try body's handler: `break` (read as the return it
         * looks like, the try would see what its value raises) */
        int brk_end = d->version >= 311 && d->cur_handler >= 0 && eff_handler(d, i) != d->cur_handler
                          ? copied_break_exit(d, i, rg->loop) : -1;
        if (brk_end > i && brk_end <= rg->hi) {
            TRY(finally_then_break(d, i, rg, st, out));
            next = brk_end;
            i = next;
            continue;
        }
        /* (a return unwinding the try or with it is in: see body_end_under) */
        int in_return_gap = d->cur_handler >= 0 && (x->op == DP_N_JUMP || is_pjif(x->op) ||
                                                    (return_gap_end(d, i) > i && return_gap_end(d, i) <= rg->hi) ||
                                                    (exit_jump_at(d, i) > i && exit_jump_at(d, i) < rg->hi) ||
                                                    in_break_gap(d, i, rg->hi, rg->loop));
        if (d->version >= 311 && eff_handler(d, i) != d->cur_handler && !in_return_gap) {
            int H = construct_at(d, i);
            if (H < 0)
                return fail(d, i, "exception handlers that do not nest");
            int loop_outside = d->back_from[i] >= i && !d->loop_open[i] && !under_eff(d, d->back_from[i], H);
            if (!loop_outside) {
                TRY(try_stmt(d, i, H, rg, st, out, &next));
                if (next <= i)
                    return fail(d, i, "a try statement that does not move forward");
                i = next;
                continue;
            }
        }
        if ((x->op == DP_OP_SETUP_FINALLY || x->op == DP_OP_GET_ANEXT) && is_async_for_head(d, i)) {
            dp_expr *e;
            TRY(pop_expr(d, st, out, i, &e));
            TRY(for_loop(d, i, e, rg, st, out, &next));
            if (next <= i)
                return fail(d, i, "a loop that does not move forward");
            i = next;
            continue;
        }
        int back = d->loop_open[i] || x->op == DP_OP_FOR_ITER ? -1 : back_jump_within(d, i, rg->hi);
        if (back >= 0 && test_before_apart_bottom(d, i, back))
            back = -1;   /* (read as the loop's first test: see conditional) */
        if (back >= 0) {
            TRY(while_loop(d, i, back, rg, st, out, &next));
            if (next <= i)
                return fail(d, i, "a loop that does not move forward");
            i = next;
            continue;
        }
        mark(d, i, i + 1);
        d->cur_off1 = d->track_source ? x->offset + 1 : 0;
        d->cur_line = d->ins_line ? d->ins_line[i] : 0;
        switch (x->op) {
        case DP_OP_POP_JUMP_IF_FALSE: case DP_OP_POP_JUMP_IF_TRUE:
        case DP_OP_POP_JUMP_IF_NONE: case DP_OP_POP_JUMP_IF_NOT_NONE: {
            dp_expr *e;
            TRY(pop_expr(d, st, out, i, &e));
            TRY(conditional(d, lo, i, e, rg, st, out, &next));
            break;
        }
        case DP_OP_JUMP_IF_FALSE_OR_POP: case DP_OP_JUMP_IF_TRUE_OR_POP:
            TRY(boolop_value(d, i, i + 1, x->target, x->op == DP_OP_JUMP_IF_TRUE_OR_POP, rg, st, out, &next));
            break;
        case DP_OP_COPY:
            if (x->arg == 1 && i + 2 < rg->hi && (d->ins[i + 1].op == DP_OP_POP_JUMP_IF_FALSE ||
                                                   d->ins[i + 1].op == DP_OP_POP_JUMP_IF_TRUE) &&
                d->ins[i + 2].op == DP_OP_POP_TOP && d->ins[i + 1].target > i &&
                d->ins[d->ins[i + 1].target].stack == x->stack) {
                TRY(boolop_value(d, i, i + 3, d->ins[i + 1].target,
                                 d->ins[i + 1].op == DP_OP_POP_JUMP_IF_TRUE, rg, st, out, &next));
                break;
            }
            if (x->arg == 1 && d->version >= 310) {
                int r = match_stmt(d, i, MATCH_AT_COPY, rg, st, out, &next);
                TRY(r);
                if (r == 0)
                    break;
            }
            TRY(step(d, st, out, i, &next));
            break;
        case DP_N_JUMP:
            TRY(handle_jump(d, i, rg, out));
            break;
        case DP_OP_GET_ITER: {
            dp_expr *e;
            if (i + 1 < d->count && d->ins[i + 1].op == DP_OP_FOR_ITER) {
                TRY(pop_expr(d, st, out, i, &e));
                mark(d, i + 1, i + 2);
                TRY(for_loop(d, i + 1, e, rg, st, out, &next));
            }
            break;   /* otherwise the iterable stays as it is (a comprehension's argument) */
        }
        case DP_OP_GET_AITER:
            break;   /* the iterable stays as it is (an async for's, or a comprehension's argument) */
        case DP_OP_FOR_ITER: {
            dp_expr *e;
            TRY(pop_expr(d, st, out, i, &e));
            TRY(for_loop(d, i, e, rg, st, out, &next));
            break;
        }
        case DP_OP_GET_AWAITABLE: case DP_OP_GET_YIELD_FROM_ITER:
            TRY(await_or_yield_from(d, i, st, out, &next));
            break;
        case DP_OP_DUP_TOP: case DP_OP_SWAP:
            if (x->op == DP_OP_SWAP && x->arg == 2 && finally_return_unwind(d, i, st) > i) {
                /* `return value` inside a finally block's handler: the
                 * exception under the value goes first */
                st->v[st->n - 2] = st->v[st->n - 1];
                st->n--;
                mark(d, i + 1, i + 2);
                next = i + 2;
                break;
            }
            if (x->op == DP_OP_SWAP && d->version >= 311 && st->n >= 2 && st->v[st->n - 2].kind == V_EXC &&
                st->v[st->n - 1].kind != V_EXC && clause_return_end(d, i) > i) {
                /* `return value` inside an except clause: the value goes
                 * below the exception, which POP_EXCEPT drops */
                st->v[st->n - 2] = st->v[st->n - 1];
                st->n--;
                next = after_name_cleanup(d, i + 2);
                mark(d, i + 1, next);
                break;
            }
            if (keep_pattern_at(d, i) && st->n >= 2 && st->v[st->n - 1].kind == V_EXPR &&
                st->v[st->n - 2].kind == V_EXPR) {
                TRY(chained_compare(d, i, rg, st, out, &next));
                break;
            }
            if (x->op == DP_OP_DUP_TOP && d->version >= 310) {
                int r = match_stmt(d, i, MATCH_AT_COPY, rg, st, out, &next);
                TRY(r);
                if (r == 0)
                    break;
            }
            TRY(step(d, st, out, i, &next));
            break;
        case DP_OP_MATCH_SEQUENCE: case DP_OP_MATCH_MAPPING: case DP_OP_MATCH_CLASS: {
            int r = match_stmt(d, i, x->op == DP_OP_MATCH_CLASS ? MATCH_AT_CLASS : MATCH_AT_TEST, rg, st, out, &next);
            TRY(r);
            if (r > 0)
                TRY(step(d, st, out, i, &next));
            break;
        }
        case DP_OP_LOAD_FAST_AND_CLEAR:
            TRY(inlined_comprehension(d, i, rg, st, out, &next));
            break;
        default:
            if (x->op == DP_OP_POP_TOP && finally_return_unwind(d, i, st) > i) {
                /* `return` inside a finally block's handler: its exception
                 * goes first (then as out of an except clause) */
                st->n--;
                break;
            }
            if (x->op == DP_OP_POP_EXCEPT && st->n >= exc_values(d) &&
                clause_or_nested_return_end(d, i) > i &&
                top_kinds(st, 0, exc_values(d), V_EXC)) {
                /* `return constant` inside an except clause (or inside one
                 * nested in others, each left in turn) */
                st->n -= exc_values(d);
                next = after_clause_end(d, i + 1);
                mark(d, i + 1, next);
                mark_cleanup_38(d, i + 1);
                break;
            }
            int nb;
            if (x->op == DP_OP_POP_TOP && d->version >= 310 && st->n && st->v[st->n - 1].kind == V_ITER &&
                rg->loop && rg->loop->is_for && rg->loop->brk > i + 1 && rg->loop->brk < d->count &&
                !d->claimed[i + 1] && !d->incoming[i + 1] && (nb = same_exit(d, i + 1, rg->loop->brk)) > 0 &&
                i + 1 + nb <= rg->hi && d->ins[i + nb].op != DP_N_JUMP && !returns_constant(d, i + 1, nb)) {
                /* 3.10+: `break` out of a for loop: the iterator goes, and
                 * the code after the loop, a small exit block, is copied in
                 * (not `return constant`, which pops the iterator first too:
                 * either reading compiles alike; a return of any other value
                 * computes it first) */
                TRY(equiv_code(d, i + 1, rg->loop->brk) ? 0 : -1);
                TRY(sl_push(d, out, mk_stmt(d, DP_S_BREAK)));
                st->n--;
                next = i + 1 + nb;
                break;
            }
            if (x->op == DP_OP_POP_TOP && d->version >= 313 && st->n && st->v[st->n - 1].kind == V_ITER &&
                rg->loop && rg->loop->is_for && rg->loop->brk == i + 1 && d->clause_brk_end == i + 1 &&
                d->claimed[i + 1]) {
                /* 3.13: `break` falling into the end of the except clause
                 * around the loop, placed in its body (see clause_break_end),
                 * which the clause reads */
                TRY(sl_push(d, out, mk_stmt(d, DP_S_BREAK)));
                st->n--;
                break;
            }
            if (x->op == DP_OP_POP_TOP && (d->version == 310 || d->version == 311) && st->n &&
                st->v[st->n - 1].kind == V_ITER && rg->loop && rg->loop->is_for && rg->loop->brk == i + 1 &&
                rg->hi == i + 1 && d->ins[i].stack >= 0 && !d->claimed[i]) {
                /* 3.10, 3.11: `break` out of a for loop, ending its body's
                 * last statement (an if's else-part): the iterator goes,
                 * and the jump to the loop's exit right after it is left
                 * out (see for_loop, where it ends the body itself) */
                TRY(sl_push(d, out, mk_stmt(d, DP_S_BREAK)));
                st->n--;
                next = i + 1;
                break;
            }
            if (x->op == DP_OP_POP_EXCEPT && d->version >= 310 && rg->loop && rg->loop->is_for && i > 0 &&
                d->ins[i - 1].op == DP_OP_POP_TOP && rg->loop->brk > i && rg->loop->brk < d->count &&
                !d->claimed[i] && (nb = same_exit(d, i, rg->loop->brk)) > 0 && i + nb <= rg->hi) {
                /* 3.10+: `break` out of a for loop ending an except clause:
                 * the iterator goes, and the jump to the clause's end after
                 * the loop (or its else block) gets a copy of it (see
                 * for_exit_copied) */
                TRY(equiv_code_from(d, i, rg->loop->brk, 1) ? 0 : -1);
                TRY(sl_push(d, out, mk_stmt(d, DP_S_BREAK)));
                next = i + nb;
                break;
            }
            int is_break, copy_at, le;
            if (x->op == DP_OP_POP_EXCEPT && top_kinds(st, 0, exc_values(d) * (1 + outer_clause_pops(d, i)), V_EXC) &&
                (le = clause_loop_exit(d, i, rg->loop, &is_break, &copy_at)) > i && le <= rg->hi) {
                /* `continue` or `break` inside an except clause (<= 3.10:
                 * leaving the except clauses around it too) */
                int pops = 1 + outer_clause_pops(d, i);
                if (copy_at >= 0 && clause_tail_copy_310(d, copy_at, rg->loop) == le) {
                    /* (3.10: the copy is the only code after the loop) */
                    st->n -= exc_values(d) * pops;
                    int r = break_into_loop_tail(d, rg->loop, copy_at, 0, st, out, d->cur_handler);
                    TRY(r);
                    if (!r || d->tail_end != le)
                        return fail(d, i, "an except clause breaks into code after the loop of unknown extent");
                    mark(d, i + 1, copy_at);
                    next = le;
                    break;
                }
                if (copy_at >= 0 && !equiv_code(d, copy_at, rg->loop->brk))
                    return fail(d, i, "an except clause breaks into a copy of unusual code");
                st->n -= exc_values(d) * pops;
                TRY(sl_push(d, out, mk_stmt(d, is_break ? DP_S_BREAK : DP_S_CONTINUE)));
                mark(d, i + 1, copy_at >= 0 ? copy_at : le);   /* (equiv_code marked the copy) */
                mark_cleanup_38(d, i + 1);
                next = le;
                break;
            }
            if ((d->version == 309 || d->version == 310) && finally_unwind_len_310(d, i) > 0 &&
                st->n >= 6 + (x->op == DP_OP_ROT_FOUR) &&
                top_kinds(st, x->op == DP_OP_ROT_FOUR, 6, V_EXC) &&
                (x->op == DP_OP_POP_TOP || st->v[st->n - 1].kind != V_EXC)) {
                /* 3.9, 3.10: `return` inside a finally block's handler: its
                 * exception goes first (under a value being returned), then
                 * as out of an except clause */
                if (x->op == DP_OP_ROT_FOUR)
                    st->v[st->n - 4] = st->v[st->n - 1];
                st->n -= 3;
                next = i + 3 + (x->op == DP_OP_ROT_FOUR);
                mark(d, i + 1, next);
                break;
            }
            if (x->op == DP_OP_ROT_FOUR && d->version < 311 && st->n >= 4 && st->v[st->n - 1].kind != V_EXC &&
                top_kinds(st, 1, 3, V_EXC) && clause_return_end(d, i) > i && clause_return_end(d, i) <= rg->hi) {
                /* `return value` inside an except clause (3.8-3.10) */
                int pe = i + 1 + (d->ins[i + 1].op == DP_OP_POP_BLOCK);   /* the POP_EXCEPT */
                st->v[st->n - 4] = st->v[st->n - 1];
                st->n -= 3;
                next = after_clause_cleanup_38(d, pe + 1);
                mark(d, i + 1, next);
                mark_cleanup_38(d, pe + 1);
                break;
            }
            if (x->op == DP_OP_POP_BLOCK && d->version < 311 && i + 1 < d->count && clause_return_end(d, i + 1) > i + 1 &&
                clause_return_end(d, i + 1) <= rg->hi) {
                /* a return out of a named except clause leaves the block
                 * of the name's cleanup first */
                break;
            }
            if (x->op == DP_OP_POP_BLOCK && d->version < 311 && i + 1 < d->count &&
                (le = clause_loop_exit(d, i + 1, rg->loop, &is_break, &copy_at)) > i + 1 && le <= rg->hi)
                break;   /* (and so does a continue or break) */
            if (in_return_gap && past_finally_copy(d, i) > i) {
                /* a return inside a try body runs a copy of the finally block */
                next = past_finally_copy(d, i);
                mark(d, i + 1, next);
                claim_return_copies(d, i, next);
                TRY(next = finally_then_break(d, next, rg, st, out));
                break;
            }
            TRY(step(d, st, out, i, &next));
            break;
        case DP_OP_LOAD_CONST:
            if (in_return_gap && past_finally_copy(d, i) > i) {
                next = past_finally_copy(d, i);
                mark(d, i + 1, next);
                claim_return_copies(d, i, next);
                TRY(next = finally_then_break(d, next, rg, st, out));
                break;
            }
            /* 3.12+: a break inside a with body calls __exit__ first, then
             * (its jump to a small exit block got one) a copy of the
             * loop's exit: `break` (subprocess's Popen._wait) */
            if (d->version >= 312 && exit_call_at(d, i) && st->n && st->v[st->n - 1].kind == V_EXIT &&
                copied_break_exit(d, past_exit_calls(d, i), rg->loop) > i + 5 &&
                copied_break_exit(d, past_exit_calls(d, i), rg->loop) <= rg->hi) {
                st->n--;
                mark(d, i + 1, i + 5);
                next = i + 5;   /* (the __exit__ call of the next with it leaves) */
                if (past_exit_calls(d, i) == i + 5) {
                    TRY(next = finally_then_break(d, i + 5, rg, st, out));
                    if (next <= i + 5)
                        return fail(d, i, "a break out of a with into a copy of unusual code");
                }
                break;
            }
            /* a return inside a with body calls __exit__ first */
            if (d->version >= 311 && exit_call_at(d, i) && st->n && st->v[st->n - 1].kind == V_EXIT &&
                (return_gap_end(d, i) > i || exit_jump_at(d, i) > i)) {
                st->n--;
                mark(d, i + 1, i + 5);
                next = i + 5;
                break;
            }
            TRY(step(d, st, out, i, &next));
            break;
        case DP_OP_BEFORE_WITH: case DP_OP_BEFORE_ASYNC_WITH:   /* (the awaits: see norm.c) */
            TRY(with_stmt(d, i, rg, st, out, &next));
            break;
        case DP_OP_SETUP_FINALLY:
            TRY(try_stmt_old(d, i, rg, st, out, &next));
            break;
        case DP_OP_SETUP_WITH: case DP_OP_SETUP_ASYNC_WITH:
            TRY(with_stmt_old(d, i, rg, st, out, &next));
            break;
        }
        if (next <= i)
            return fail(d, i, "a construct that does not move forward");
        i = next;
    }
    if (out->n > before)
        note_source(d, out, before, emitted_to, i);
    drop_repeated_returns(d, out, start);
    d->reached = i;
    return 0;
}

/* ---- code objects ------------------------------------------------------ */

/* The n-th list of statements that s holds, NULL past the last. */
static const dp_stmt_list *child_list(const dp_stmt *s, size_t n)
{
    switch (s->kind) {
    case DP_S_IF: case DP_S_WHILE:
        return n == 0 ? &s->u.while_.body : n == 1 ? &s->u.while_.orelse : NULL;
    case DP_S_FOR:
        return n == 0 ? &s->u.for_.body : n == 1 ? &s->u.for_.orelse : NULL;
    case DP_S_WITH:
        return n == 0 ? &s->u.with.body : NULL;
    case DP_S_TRY:
        if (n < 3)
            return n == 0 ? &s->u.try_.body : n == 1 ? &s->u.try_.orelse : &s->u.try_.finalbody;
        return n - 3 < s->u.try_.handlers.count ? &s->u.try_.handlers.items[n - 3]->body : NULL;
    case DP_S_MATCH:
        return n < s->u.match.cases.count ? &s->u.match.cases.items[n]->body : NULL;
    default:
        return NULL;
    }
}

/* The innermost statement among l (nested lists too) whose code holds the
 * byte offset off: its list and index there.  0 if none does. */
static int stmt_at_offset(const dc *d, dp_stmt_list *l, uint32_t off, int depth, dp_stmt_list **list, size_t *index)
{
    if (depth > 200)
        return 0;
    for (size_t k = 0; k < l->count; k++) {
        dp_stmt *s = l->items[k];
        const dp_stmt_list *c;
        for (size_t n = 0; (c = child_list(s, n)); n++)   /* (the lists are the tree's own: ours to change) */
            if (stmt_at_offset(d, (dp_stmt_list *)c, off, depth + 1, list, index))
                return 1;
        if (s->src_code == d->code && s->src_lo <= off && off < s->src_hi) {
            *list = l;
            *index = k;
            return 1;
        }
    }
    return 0;
}

/* Whether a statement `match` says yes to is among l, nested lists too
 * (not inside the functions and classes they define); deeper than any
 * body the printer takes counts as yes: the caller refuses. */
static int holds_stmt(const dp_stmt_list *l, int depth, int (*match)(const dp_stmt *))
{
    if (depth > 200)
        return 1;
    for (size_t k = 0; k < l->count; k++) {
        const dp_stmt *s = l->items[k];
        const dp_stmt_list *c;
        if (match(s))
            return 1;
        for (size_t n = 0; (c = child_list(s, n)); n++)
            if (holds_stmt(c, depth + 1, match))
                return 1;
    }
    return 0;
}

/* Whether no except clause of try statement t completes. */
static int clauses_cannot_complete(const dp_stmt *t)
{
    for (size_t h = 0; h < t->u.try_.handlers.count; h++) {
        dp_stmt_list b = t->u.try_.handlers.items[h]->body;
        if (!list_ends_flow(&b, 0))
            return 0;
    }
    return 1;
}

/* The `return None`s among l (through its statements' bodies, not into
 * inner loops but for their else blocks, which are the loop's own)
 * become breaks. */
static int returns_none_to_breaks(dc *d, dp_stmt_list *l, int depth)
{
    for (size_t k = 0; k < l->count && depth < 64; k++) {
        dp_stmt *s = l->items[k];
        const dp_stmt_list *c;
        if (s->kind == DP_S_RETURN) {
            const dp_expr *v = s->u.ret.value;
            if (!v || (v->kind == DP_E_CONSTANT && v->u.constant.value->kind == DP_OBJ_NONE)) {
                dp_stmt *b = mk_stmt(d, DP_S_BREAK);
                if (!b)
                    return -1;
                b->lineno = s->lineno;
                b->src_code = s->src_code;
                b->src_lo = s->src_lo;
                b->src_hi = s->src_hi;
                l->items[k] = b;
                /* (3.11: right after a try whose clauses cannot complete,
                 * it was the try's else block, placed before the
                 * handlers: the break goes back there) */
                dp_stmt *t = k ? l->items[k - 1] : NULL;
                if (d->version == 311 && t && t->kind == DP_S_TRY && k + 1 == l->count && t->u.try_.handlers.count &&
                    !t->u.try_.orelse.count && !t->u.try_.finalbody.count && !t->u.try_.is_star &&
                    clauses_cannot_complete(t)) {
                    dp_stmt **items = dp_arena_array(d->arena, 1, sizeof *items);
                    if (!items)
                        return -1;
                    items[0] = b;
                    t->u.try_.orelse.items = items;
                    t->u.try_.orelse.count = 1;
                    l->count--;
                }
            }
            continue;
        }
        if (s->kind == DP_S_WHILE || s->kind == DP_S_FOR) {
            TRY(returns_none_to_breaks(d, (dp_stmt_list *)child_list(s, 1), depth + 1));
            continue;
        }
        for (size_t n = 0; (c = child_list(s, n)); n++)
            TRY(returns_none_to_breaks(d, (dp_stmt_list *)c, depth + 1));
    }
    return 0;
}

/* 3.11+: a module body holds no return, but a loop that ends it (the last
 * statement of its list, through ifs, up to the body's end; no else
 * block) may: a `break`, whose jump to the module's end, a small exit
 * block, got a copy of it, read as a return (`while True: try: ...
 * except E: continue else: break` at the end of `if __name__ ==
 * '__main__':`).  There a break goes where the return would. */
static int module_end_breaks(dc *d, dp_stmt_list *l, int depth)
{
    if (!l->count || depth > 64)
        return 0;
    dp_stmt *s = l->items[l->count - 1];
    if (s->kind == DP_S_IF) {
        TRY(module_end_breaks(d, &s->u.while_.body, depth + 1));
        return module_end_breaks(d, &s->u.while_.orelse, depth + 1);
    }
    if ((s->kind == DP_S_WHILE || s->kind == DP_S_FOR) && !child_list(s, 1)->count)
        return returns_none_to_breaks(d, (dp_stmt_list *)child_list(s, 0), depth + 1);
    return 0;
}

/* A `while True`: it numbers True. */
static int is_while_true(const dp_stmt *s)
{
    return s->kind == DP_S_WHILE && s->u.while_.test->kind == DP_E_CONSTANT &&
           s->u.while_.test->u.constant.value->kind == DP_OBJ_TRUE;
}

/* The constant of `assert False` (or `assert 0`, which compiles alike but
 * for the constant it numbers): one of co_consts that no instruction
 * loads, else one that some do, False before 0. */
static const dp_object *assert_false_const(dc *d, const dp_object *false_obj)
{
    const dp_object *found[2][2] = {{NULL, NULL}, {NULL, NULL}};   /* [loaded][zero] */
    if (!d->first_use_tree[0] && build_refs(d) < 0)
        return false_obj;
    for (size_t i = 0; i < d->code->n_consts; i++) {
        const dp_object *o = d->code->consts[i];
        int zero = o->kind == DP_OBJ_INT && !o->u.integer.is_big && o->u.integer.small == 0;
        int loaded = d->first_ref[0][i] != INT32_MAX;
        if ((o->kind == DP_OBJ_FALSE || zero) && !found[loaded][zero])
            found[loaded][zero] = o;
    }
    for (int w = 0; w < 4; w++)
        if (found[w / 2][w % 2])
            return found[w / 2][w % 2];
    return false_obj;
}

/* 3.10+: `assert False, msg` compiles to the raise alone (LOAD_ASSERTION_ERROR,
 * no test), which no `if` around it turned into an assert: it comes back as
 * that assert (`raise AssertionError(msg)` would load the name).  Through the
 * statements' bodies, not into nested code objects (recovered on their own). */
static int asserts_of_false(dc *d, dp_stmt_list *l, int depth)
{
    static const dp_object false_obj = {DP_OBJ_FALSE, {{0}}};
    for (size_t k = 0; k < l->count && depth < 200; k++) {
        dp_stmt *s = l->items[k];
        const dp_stmt_list *c;
        for (size_t n = 0; (c = child_list(s, n)); n++)   /* (the lists are the tree's own: ours to change) */
            TRY(asserts_of_false(d, (dp_stmt_list *)c, depth + 1));
        if (s->kind != DP_S_RAISE)
            continue;
        dp_expr *exc = s->u.raise.exc, *msg = NULL;
        if (s->u.raise.assertion != DP_ASSERTION || s->u.raise.cause || !exc)
            continue;
        if (exc->kind == DP_E_CALL) {
            if (exc->u.call.args.count != 1 || exc->u.call.keywords.count)
                continue;
            msg = exc->u.call.args.items[0];
        } else if (exc->kind != DP_E_NAME) {
            continue;
        }
        dp_expr *test = e_const(d, assert_false_const(d, &false_obj));
        if (!test)
            return -1;
        s->kind = DP_S_ASSERT;
        s->u.assert_.test = test;
        s->u.assert_.msg = msg;
    }
    return 0;
}

/* 3.10/3.11: `if True:` (or `if __debug__:`) compiles to its body alone,
 * but numbers True among the constants there, unused.  Where co_consts
 * holds such a True (no `while True` numbered it, see forever_const), wrap the
 * statement that first uses the constant after it in `if True:`, so that
 * the constants number alike; it runs as the body does. */
static int wrap_folded_true(dc *d, slist *out)
{
    if (d->version < 310 || d->version >= 312 || !d->count)
        return 0;
    if (!d->first_use_tree[0] && build_refs(d) < 0)
        return -1;
    int32_t t = d->loop_consts[0];
    if (t < 0 || d->first_ref[0][t] != INT32_MAX)
        return 0;
    /* (a tuple of constants that the compiler's last pass folded, such as
     * defaults, numbers its items in order but itself at the end of
     * co_consts: True may be one of those items) */
    size_t folded = d->code->n_consts;
    while (folded > (size_t)t + 1 && (d->code->consts[folded - 1]->kind == DP_OBJ_TUPLE ||
                                      d->code->consts[folded - 1]->kind == DP_OBJ_FROZENSET))
        folded--;
    for (size_t j = folded; j < d->code->n_consts; j++) {
        const dp_object *o = d->code->consts[j];
        for (size_t q = 0; q < o->u.seq.count; q++)
            if (o->u.seq.items[q]->kind == DP_OBJ_TRUE)
                return 0;
    }
    int32_t k = INT32_MAX;
    for (size_t j = (size_t)t + 1; j < folded; j++) {
        if (d->first_ref[0][j] < k)
            k = d->first_ref[0][j];
    }
    dp_stmt_list top = sl_list(out), *list;
    if (k == INT32_MAX || holds_stmt(&top, 0, is_while_true))
        return 0;
    size_t index;
    if (!stmt_at_offset(d, &top, d->ins[k].offset, 0, &list, &index))
        return 0;
    static const dp_object true_obj = {DP_OBJ_TRUE, {{0}}};
    dp_stmt *inner = list->items[index], *s = mk_stmt(d, DP_S_IF);
    dp_stmt **items = alloc(d, sizeof *items);
    if (!s || !items || !(s->u.while_.test = e_const(d, &true_obj)))
        return -1;
    items[0] = inner;
    s->u.while_.body = (dp_stmt_list){items, 1};
    s->lineno = inner->lineno;
    s->src_code = inner->src_code;
    s->src_lo = inner->src_lo;
    s->src_hi = inner->src_hi;
    list->items[index] = s;
    return 0;
}

/* Whether `name` is one of the code object's fast locals, cells or frees
 * (an expression statement of it would not use co_names). */
static int is_fast_name(const dc *d, const char *name)
{
    const dp_strs *l = &d->code->localsplus_names;
    for (size_t k = 0; k < l->count; k++)
        if (strcmp(l->items[k].data, name) == 0)
            return 1;
    return 0;
}

/* Puts s after the statement whose code holds instruction `at` (the
 * innermost, or with `outermost` the one in the body itself; at < 0:
 * before all statements).  0 when no statement holds it (s is left out). */
static int insert_after_code_of(dc *d, slist *out, int at, int outermost, dp_stmt *s)
{
    dp_stmt_list top = sl_list(out), *list = &top;
    size_t index = (size_t)-1;
    if (at >= 0 && outermost) {
        uint32_t off = d->ins[at].offset;
        for (size_t k = 0; k < out->n && index == (size_t)-1; k++)
            if (out->v[k]->src_code == d->code && out->v[k]->src_lo <= off && off < out->v[k]->src_hi)
                index = k;
        if (index == (size_t)-1)
            return 0;
    } else if (at >= 0 && !stmt_at_offset(d, &top, d->ins[at].offset, 0, &list, &index)) {
        return 0;
    }
    size_t pos = index == (size_t)-1 ? 0 : index + 1;   /* (where s goes) */
    if (list == &top) {
        TRY(sl_push(d, out, s));
        memmove(out->v + pos + 1, out->v + pos, (out->n - 1 - pos) * sizeof *out->v);
        out->v[pos] = s;
        return 0;
    }
    dp_stmt **items = dp_arena_grow(d->arena, list->items, list->count * sizeof *items, (list->count + 1) * sizeof *items);
    if (!items)
        return -1;
    memmove(items + pos + 1, items + pos, (list->count - pos) * sizeof *items);
    items[pos] = s;
    list->items = items;
    list->count++;
    return 0;
}

/* `if False:` holding body; `if 0:` where co_consts holds a 0 that no
 * instruction loads (3.10/3.11 number the constant of a test they fold
 * away, as `if 0 and x:` left it), but no such False. */
static dp_stmt *dead_if(dc *d, slist *body)
{
    static const dp_object false_obj = {DP_OBJ_FALSE, {{0}}};
    const dp_object *test = &false_obj;
    if (d->first_use_tree[0] || build_refs(d) == 0)
        for (size_t i = 0; i < d->code->n_consts; i++) {
            const dp_object *o = d->code->consts[i];
            int zero = o->kind == DP_OBJ_INT && !o->u.integer.is_big && o->u.integer.small == 0;
            if ((o->kind == DP_OBJ_FALSE || zero) && d->first_ref[0][i] == INT32_MAX) {
                test = o;
                break;
            }
        }
    dp_stmt *s = mk_stmt(d, DP_S_IF);
    if (!s || !(s->u.while_.test = e_const(d, test)))
        return NULL;
    s->u.while_.body = sl_list(body);
    return s;
}

/* Names in co_names that no instruction uses: names of code the compiler
 * removed as dead after numbering them (`if False: from typing import IO`
 * keeps 'typing' and 'IO').  Each run of them comes back as `if False:`
 * holding the names as expression statements (which compile to nothing,
 * but number the names), right after the statement that first uses the
 * name numbered before them, so that every name keeps its number. */
static int keep_dead_names(dc *d, slist *out)
{
    size_t nn = d->code->names.count;
    if (!nn || (!d->first_use_tree[1] && build_refs(d) < 0))
        return d->err->status == DP_OK ? 0 : -1;
    for (size_t j = 0, k; j < nn; j = k) {
        for (k = j + 1; d->first_ref[1][j] == INT32_MAX && k < nn && d->first_ref[1][k] == INT32_MAX;)
            k++;
        if (d->first_ref[1][j] != INT32_MAX)
            continue;
        slist body = {0};
        for (size_t q = j; q < k; q++) {
            const char *name = d->code->names.items[q].data;
            if (is_fast_name(d, name))
                break;
            dp_stmt *e = mk_stmt(d, DP_S_EXPR);
            if (!e || !(e->u.ret.value = e_name(d, name, DP_LOAD)))
                return -1;
            TRY(sl_push(d, &body, e));
        }
        if (body.n != k - j)
            continue;
        dp_stmt *s = dead_if(d, &body);
        /* (after the statement of the body where the name before them is
         * first used, the first names before all: not inside a loop, whose
         * layout a dead if there would change) */
        if (!s || insert_after_code_of(d, out, j > 0 ? d->first_ref[1][j - 1] : -1, 1, s) < 0)
            return -1;
    }
    return 0;
}

/* The first instruction that uses the fast local `name`, -1. */
static int first_local_use(const dc *d, const char *name)
{
    for (int k = 0; k < d->count; k++)
        if (d->ins[k].name && names_a_local(d->ins[k].op) && strcmp(d->ins[k].name, name) == 0)
            return k;
    return -1;
}

/* The same for plain locals (co_varnames past the arguments) that only
 * dead code bound (`if 0: for line in ...`): `if False: del line` binds
 * them, numbered in their place (the symbol table numbers locals in the
 * order the source first names them). */
static int keep_dead_locals(dc *d, slist *out)
{
    const dp_code *c = d->code;
    const dp_strs *v = &c->varnames;
    size_t args = (size_t)(c->argcount + c->kwonlyargcount) + !!(c->flags & DP_CO_VARARGS) +
                  !!(c->flags & DP_CO_VARKEYWORDS);
    for (size_t j = args, k; j < v->count; j = k) {
        for (k = j; k < v->count && first_local_use(d, v->items[k].data) < 0; k++)
            ;
        if (k == j) {
            k++;
            continue;
        }
        int at = j > args ? first_local_use(d, v->items[j - 1].data) : -1;
        if (j > args && at < 0)
            continue;
        slist body = {0};
        dp_stmt *del = mk_stmt(d, DP_S_DELETE);
        if (!del)
            return -1;
        for (size_t q = j; q < k; q++)
            TRY(elist_append(d, &del->u.del.targets, e_name(d, v->items[q].data, DP_DEL)));
        TRY(sl_push(d, &body, del));
        dp_stmt *s = dead_if(d, &body);
        if (!s || insert_after_code_of(d, out, at, 1, s) < 0)
            return -1;
    }
    return 0;
}

static int is_return_none(const dp_stmt *s)
{
    return s->kind == DP_S_RETURN && (!s->u.ret.value || is_none(s->u.ret.value));
}

/* The compiler ends a function (and, from 3.10, each branch that reaches
 * the end) with `return None`; drop them where they are implicit. */
/* The return a module or class body ends with: None, or the __class__
 * cell (read back as a walrus on __classcell__). */
static int is_body_epilogue(const dp_stmt *s, int kind)
{
    if (s->kind != DP_S_RETURN)
        return 0;
    const dp_expr *v = s->u.ret.value;
    if (!v || is_none(v))
        return 1;
    if (kind != BODY_CLASS)
        return 0;
    if (v->kind == DP_E_NAMEDEXPR && v->u.namedexpr.target->kind == DP_E_NAME &&
        strcmp(v->u.namedexpr.target->u.name.id, "__classcell__") == 0)
        v = v->u.namedexpr.value;
    return v->kind == DP_E_NAME && strcmp(v->u.name.id, "__class__") == 0;
}

/* 3.10+: whether the return statement s is reached more than one way
 * (jumped to and fallen into): the source's own, which has a line (see
 * explicit_final_return), no copy of an implicit one.  (3.11 keeps an
 * implicit one that one jump reaches as it is, as it does the source's.) */
static int reached_twice(const dc *d, const dp_stmt *s)
{
    if (d->version < 310 || s->src_code != d->code)
        return 0;
    int k = index_at_offset(d, s->src_lo);
    return k < d->count && d->incoming[k] + falls_into(d, k) >= 2;
}

/* 3.10+: whether the `return None` that ends statements l, a function's
 * body, is the source's own: the compiler copies its implicit one, which
 * has no line of its own, into each way to it, so that one reached more
 * than one way (jumped to and fallen into) has a line. */
static int explicit_final_return(const dc *d, const slist *l)
{
    return l->n && is_return_none(l->v[l->n - 1]) && reached_twice(d, l->v[l->n - 1]);
}

/* The instruction index of byte offset `offset`, or of the first
 * instruction past it (count when none). */
static int index_at_offset(const dc *d, uint32_t offset)
{
    int lo = 0, hi = d->count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (d->ins[mid].offset < offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The instructions [*ilo, *ihi) that statements v[0..n) came from (the
 * first one's start to the last one's end); 0 where not known. */
static int stmts_code(const dc *d, dp_stmt *const *v, size_t n, int *ilo, int *ihi)
{
    uint32_t lo = UINT32_MAX, hi = 0;
    for (size_t k = 0; k < n; k++) {
        if (v[k]->src_code != d->code)
            return 0;
        lo = v[k]->src_lo < lo ? v[k]->src_lo : lo;
        hi = v[k]->src_hi > hi ? v[k]->src_hi : hi;
    }
    *ilo = index_at_offset(d, lo);
    *ihi = index_at_offset(d, hi);
    return lo < hi;
}

/* Whether code [ilo, ihi) is the first to use a co_consts (which = 0) or
 * co_names (1) index below `at`, one that no exception handling code uses
 * as well (3.11+ place handlers after the code, so that a handler's first
 * use in the source can come later in the code). */
static int first_uses_below(dc *d, int ilo, int ihi, int which, int at)
{
    int first = first_used_min(d, ilo, ihi, which);
    if (first < 0 || first >= at)
        return 0;
    if (!d->handler_refs[which]) {
        size_t n = which ? d->code->names.count : d->code->n_consts;
        uint8_t *h = dp_arena_alloc(d->arena, n + 1);
        if (!h)
            return 0;   /* (only the shape of the output is at stake) */
        for (int k = 0; k < d->count && d->version >= 311; k++)   /* (before, handlers stay in place) */
            if (!d->plain[k] && d->ref_at[which][k] >= 0)
                h[d->ref_at[which][k]] = 1;
        d->handler_refs[which] = h;
    }
    /* (a bounded scan: an elif chain asks this of each branch's rest; not
     * True or 1, which a `while True` before can have numbered unused) */
    for (int k = ilo; k < ihi && k < ilo + 4096; k++) {
        int c = d->ref_at[which][k];
        if (c >= 0 && c < at && d->first_ref[which][c] == k && !d->handler_refs[which][c] &&
            (which || (c != d->loop_consts[0] && c != d->loop_consts[1])))
            return 1;
    }
    return 0;
}

/* The highest co_consts (0) or co_names (1) index that code [ilo, ihi) is
 * the first to use, -1. */
static int first_uses_max(dc *d, int ilo, int ihi, int which)
{
    int top = -1;
    if (!d->first_use_tree[which] && build_refs(d) < 0)
        return -1;
    for (int k = ilo; k < ihi && k < ilo + 4096; k++) {
        int c = d->ref_at[which][k];
        if (c > top && d->first_ref[which][c] == k)
            top = c;
    }
    return top;
}

/* Whether the statements v[0..n) number a constant before the co_consts
 * index `at`. */
static int numbers_const_before(dc *d, dp_stmt **v, size_t n, int at)
{
    int ilo, ihi;
    return stmts_code(d, v, n, &ilo, &ihi) && first_uses_below(d, ilo, ihi, 0, at);
}

/* Whether the statements v[0..n) number a constant or name before one that
 * the return ret (of no constant) is the first to use. */
static int numbers_before_return(dc *d, dp_stmt **v, size_t n, dp_stmt *ret)
{
    int ilo, ihi, rlo, rhi;
    return stmts_code(d, v, n, &ilo, &ihi) && stmts_code(d, &ret, 1, &rlo, &rhi) &&
           numbered_after(d, rlo, rhi, ilo, ihi);
}

/* Whether the `return None` ending body v[0..m) is one of the copies the
 * compiler makes of an implicit one: nothing jumps to it, though the if
 * before it, without an else, goes on past its body (to a return of its
 * own, a copy too: an explicit return would be the one both paths share). */
static int return_none_copied(const dc *d, dp_stmt **v, size_t m)
{
    const dp_stmt *ret = v[m - 1], *prev = v[m - 2];
    if (ret->src_code != d->code || prev->kind != DP_S_IF || prev->u.while_.orelse.count ||
        list_ends_flow(&prev->u.while_.body, 0))
        return 0;
    int k = index_at_offset(d, ret->src_lo);
    return k < d->count && is_none_return_at(d, k) && !d->incoming[k];
}

/* A new list of the n statements a, then the m of b and the k of c (the
 * lists it is made of may move or change later). */
static dp_stmt **joined(dc *d, dp_stmt **a, size_t n, dp_stmt **b, size_t m, dp_stmt **c, size_t k)
{
    dp_stmt **v = dp_arena_array(d->arena, n + m + k ? n + m + k : 1, sizeof *v);
    if (v) {
        if (n)
            memcpy(v, a, n * sizeof *v);
        if (m)
            memcpy(v + n, b, m * sizeof *v);
        if (k)
            memcpy(v + n + m, c, k * sizeof *v);
    }
    return v;
}

/* The if s (without an else-part) gets rest[0..n) as its else-part, and
 * its then-part loses its last statement, a return the compiler copied
 * there (see fold_shared_returns). */
static int rest_into_else(dc *d, dp_stmt *s, dp_stmt **rest, size_t n)
{
    dp_stmt **items = joined(d, rest, n, NULL, 0, NULL, 0);
    if (!items)
        return -1;
    s->u.while_.body.count--;
    s->u.while_.orelse.items = items;
    s->u.while_.orelse.count = n;
    return 0;
}

/* The co_consts index of the constant a `return c` returns (None: that
 * of none_const_index), -1. */
static int returned_const_index(const dc *d, const dp_stmt *ret)
{
    if (is_return_none(ret))
        return none_const_index(d);
    const dp_expr *v = ret->u.ret.value;
    if (ret->kind != DP_S_RETURN || v->kind != DP_E_CONSTANT)
        return -1;
    for (size_t i = 0; i < d->code->n_consts; i++)
        if (d->code->consts[i] == v->u.constant.value)
            return (int)i;
    return -1;
}

/* Whether a and b are the same return: of the same constant, or copies
 * of the same code (3.10+ copy a small exit block to each jump there). */
static int same_return(const dc *d, const dp_stmt *a, const dp_stmt *b)
{
    if (same_const_return(a, b))
        return 1;
    if (a->kind != DP_S_RETURN || b->kind != DP_S_RETURN || !a->u.ret.value || !b->u.ret.value ||
        a->u.ret.value->kind == DP_E_CONSTANT || a->src_code != d->code || b->src_code != d->code)
        return 0;
    int ia = index_at_offset(d, a->src_lo), ib = index_at_offset(d, b->src_lo);
    int n = same_exit(d, ia, ib);
    return n > 0 && d->ins[ia + n - 1].op == DP_OP_RETURN_VALUE && index_at_offset(d, a->src_hi) == ia + n &&
           index_at_offset(d, b->src_hi) == ib + n;
}

/* Whether statements v[0..n), code after the return ret in the source,
 * number a constant or name that ret uses first, before it: ret cannot be
 * there, and is a copy of a return after them. */
static int numbers_before(dc *d, dp_stmt **v, size_t n, dp_stmt *ret)
{
    if (ret->u.ret.value && ret->u.ret.value->kind != DP_E_CONSTANT)
        return numbers_before_return(d, v, n, ret);
    int at = returned_const_index(d, ret);
    return at > 0 && numbers_const_before(d, v, n, at);
}

/* Whether the return ret numbers nothing: code before it already used its
 * constant, or its code is the first to use no constant or name (then
 * where it goes numbers nothing). */
static int numbers_nothing(dc *d, const dp_stmt *ret)
{
    int ilo, ihi;
    if (!stmts_code(d, (dp_stmt *const *)&ret, 1, &ilo, &ihi) || (!d->first_use_tree[0] && build_refs(d) < 0))
        return 0;
    int at = returned_const_index(d, ret);
    if (at >= 0 && !is_return_none(ret))
        return d->first_ref[0][at] < ilo;
    return !is_return_none(ret) && first_uses_max(d, ilo, ihi, 0) < 0 && first_uses_max(d, ilo, ihi, 1) < 0;
}

/* 3.10+: in statements l, `if c: body; return R` then the rest, which ends
 * in the same return or cannot complete (or, with `chain`, goes on to
 * that return): the if's return is a copy the compiler made of one after
 * the if, where an explicit return there would number a constant or name
 * before one the rest is the first to use (the compiler numbers them in
 * source order): `if c: body / else: rest` then the return.  The last if
 * first, so that an elif chain folds from its end; `proven`: l is the rest
 * of a chain that folded so, whose returns where they number nothing fold
 * too. */
static int fold_shared_returns(dc *d, dp_stmt_list *l, dp_stmt *chain, int proven, int depth)
{
    if (depth > 200)
        return 0;   /* (only the shape of the output is at stake) */
    for (size_t j = l->count - (l->count > 0 && !chain); j-- > 0;) {
        dp_stmt *s = l->items[j];
        size_t m = s->kind == DP_S_IF && !s->u.while_.orelse.count ? s->u.while_.body.count : 0;
        dp_stmt *ret = m >= 2 ? s->u.while_.body.items[m - 1] : NULL;
        int ends_in_return = ret && same_return(d, ret, chain ? chain : l->items[l->count - 1]);
        size_t rest = l->count - (j + 1) - (size_t)(ends_in_return && !chain);
        if (!ret || ret->kind != DP_S_RETURN || !rest || (chain && !ends_in_return) ||
            (!ends_in_return && !list_ends_flow(&(dp_stmt_list){l->items + j + 1, rest}, 0)) ||
            !(numbers_before(d, l->items + j + 1, rest, ret) || (proven && numbers_nothing(d, ret))))
            continue;
        TRY(rest_into_else(d, s, l->items + j + 1, rest));
        if (chain) {
            l->count = j + 1;
        } else {
            l->items[j + 1] = ret;   /* (the list keeps room: it held rest >= 1 more) */
            l->count = j + 2;
        }
        /* (the rest of the chain: its returns are copies of this one too,
         * which goes after the if; where its code numbers nothing, where
         * they go does not matter) */
        TRY(fold_shared_returns(d, &s->u.while_.orelse, ret, 1, depth + 1));
    }
    return 0;
}

/* Statements l that go on to the return ret, which follows the statement
 * they end (a branch of an if, an except clause; `later`, n: the code
 * after them in the source, before ret): their ifs fold as above, and
 * they end in no copy of ret where it would number what `later` uses
 * first.  Through the last statement's own such branches. */
static int fold_into_return(dc *d, dp_stmt_list *l, dp_stmt *ret, dp_stmt **later, size_t n, int depth)
{
    if (depth > 200 || !l->count)
        return 0;
    TRY(fold_shared_returns(d, l, ret, 0, depth + 1));
    dp_stmt *last = l->items[l->count - 1];
    if (l->count >= 2 && same_return(d, last, ret) && n && numbers_before(d, later, n, last)) {
        l->count--;
        return 0;
    }
    if (last->kind == DP_S_IF) {
        dp_stmt_list *body = &last->u.while_.body, *orelse = &last->u.while_.orelse;
        TRY(fold_into_return(d, body, ret, orelse->count ? orelse->items : later, orelse->count ? orelse->count : n,
                             depth + 1));
        TRY(fold_into_return(d, orelse, ret, later, n, depth + 1));
    } else if (last->kind == DP_S_TRY && !last->u.try_.finalbody.count && !last->u.try_.orelse.count &&
               returned_const_index(d, ret) >= 0) {
        /* (a clause's return of a constant: one of a value could see the
         * exception being handled) */
        dp_handler_list *h = &last->u.try_.handlers;
        for (size_t k = 0; k < h->count; k++) {
            dp_stmt_list *next = k + 1 < h->count ? &h->items[k + 1]->body : NULL;
            TRY(fold_into_return(d, &h->items[k]->body, ret, next ? next->items : later, next ? next->count : n,
                                 depth + 1));
        }
    }
    return 0;
}

/* Whether statements v[0..n), after or in the else block of a try whose
 * handlers are [H, maxk), came before those handlers in the source (1),
 * after them (-1), or nothing tells (0); see order_against_handlers. */
static int stmts_against_handlers(dc *d, dp_stmt **v, size_t n, int H, int maxk)
{
    int ilo, ihi;
    if (!stmts_code(d, v, n, &ilo, &ihi) || ihi > H)
        return 0;   /* (code past the handlers' start: not the normal path's) */
    return order_against_handlers(d, ilo, ihi, H, maxk);
}

/* 3.12+: the try l[j] whose clauses cannot complete has the code after its
 * body up to the handlers, placed at the end, as its else block and then
 * the statements after it: the same code either way.  The compiler numbers
 * constants and names as it compiles: the else block before the handlers,
 * the code after the statement after them.  The statements after it that
 * came before the handlers join its else block; those ending its else
 * block that came after them follow it.  Where nothing tells, it stays. */
static int settle_try_else(dc *d, dp_stmt_list *l, size_t j)
{
    dp_stmt *s = l->items[j];
    dp_handler_list *h = &s->u.try_.handlers;
    if (d->version < 312 || s->src_code != d->code || !h->count || s->u.try_.finalbody.count ||
        s->u.try_.handlers_hi <= s->u.try_.handlers_lo)
        return 0;
    for (size_t k = 0; k < h->count; k++)
        if (!list_ends_flow(&h->items[k]->body, 0))
            return 0;
    int H = index_at_offset(d, s->u.try_.handlers_lo), maxk = index_at_offset(d, s->u.try_.handlers_hi);
    dp_stmt_list *e = &s->u.try_.orelse;
    size_t after = l->count - j - 1, take = 0;
    /* (a bounded look: each asks of the handlers' code) */
    for (size_t q = 0; q < after && q < 64; q++)
        if (stmts_against_handlers(d, l->items + j + 1 + q, 1, H, maxk) > 0)
            take = q + 1;
    if (take) {
        dp_stmt **v = joined(d, e->items, e->count, l->items + j + 1, take, NULL, 0);
        if (!v)
            return -1;
        e->items = v;
        e->count += take;
        memmove(l->items + j + 1, l->items + j + 1 + take, (after - take) * sizeof *l->items);
        l->count -= take;
        return 0;
    }
    for (size_t q = 1; q < e->count && q < 64; q++)
        if (stmts_against_handlers(d, e->items + q, e->count - q, H, maxk) < 0) {
            dp_stmt **v = joined(d, l->items, j + 1, e->items + q, e->count - q, l->items + j + 1, after);
            if (!v)
                return -1;
            l->items = v;
            l->count += e->count - q;
            e->count = q;
            return 0;
        }
    return 0;
}

/* settle_try_else through the tree l. */
static int settle_try_elses(dc *d, dp_stmt_list *l, int depth)
{
    if (depth > 200)
        return 0;   /* (only the shape of the output is at stake) */
    for (size_t k = 0; k < l->count; k++) {
        const dp_stmt_list *c;
        if (l->items[k]->kind == DP_S_TRY)
            TRY(settle_try_else(d, l, k));
        for (size_t n = 0; (c = child_list(l->items[k], n)); n++)   /* (the tree's own lists) */
            TRY(settle_try_elses(d, (dp_stmt_list *)c, depth + 1));
    }
    return 0;
}

static int shared_return(dc *d, dp_stmt_list *l, int depth)
{
    if (depth > 200)
        return 0;   /* (only the shape of the output is at stake) */
    for (size_t k = 0; k < l->count; k++) {
        const dp_stmt_list *c;
        for (size_t n = 0; (c = child_list(l->items[k], n)); n++)   /* (the tree's own lists) */
            TRY(shared_return(d, (dp_stmt_list *)c, depth + 1));
    }
    TRY(fold_shared_returns(d, l, NULL, 0, 0));
    /* (the statement before a final return: its branches go on to it) */
    if (l->count >= 2 && l->items[l->count - 1]->kind == DP_S_RETURN) {
        dp_stmt_list one = {l->items + l->count - 2, 1};
        TRY(fold_into_return(d, &one, l->items[l->count - 1], NULL, 0, depth + 1));
    }
    return 0;
}

/* 3.10+: in the statements l that end a function (and, through a final
 * if, its branches), `if c: body; return None` then the rest: the return
 * is a copy of the function's implicit one where an explicit `return None`
 * there would number None before a constant the rest is the first to use
 * (the compiler numbers constants in source order, and adds None for the
 * implicit return last): the rest is the if's else-part, `elif`.  Both
 * readings run alike at the end of a function. */
static int implicit_branch_returns(dc *d, slist *l, int none_at, int depth)
{
    if (depth > 64)
        return 0;   /* (only the shape of the output is at stake) */
    for (size_t j = 0; j + 1 < l->n; j++) {
        dp_stmt *s = l->v[j];
        size_t m = s->kind == DP_S_IF && !s->u.while_.orelse.count ? s->u.while_.body.count : 0;
        if (m < 2 || !is_return_none(s->u.while_.body.items[m - 1]) ||
            !(numbers_const_before(d, l->v + j + 1, l->n - j - 1, none_at) ||
              return_none_copied(d, s->u.while_.body.items, m)))
            continue;
        TRY(rest_into_else(d, s, l->v + j + 1, l->n - j - 1));
        l->n = j + 1;
        break;
    }
    /* (the last if; or the one before a final `return None`, which
     * shared_return put after it) */
    size_t n = l->n && is_return_none(l->v[l->n - 1]) ? l->n - 1 : l->n;
    if (!n || l->v[n - 1]->kind != DP_S_IF)
        return 0;
    dp_stmt *last = l->v[n - 1];
    dp_stmt_list *parts[2] = {&last->u.while_.body, &last->u.while_.orelse};
    for (int k = 0; k < 2; k++) {
        slist part = {parts[k]->items, parts[k]->count, parts[k]->count};
        TRY(implicit_branch_returns(d, &part, none_at, depth + 1));
        parts[k]->count = part.n;
    }
    return 0;
}

/* The compiler ends a body (and, from 3.10, each branch that reaches its
 * end) with `return None`; drop them where they are implicit.  In a
 * function a branch is not emptied: `if c: return` is real code there. */
static void strip_implicit_return(slist *l, int kind, int version, dp_stmt *pass_stmt)
{
    if (l->n && (kind == BODY_FUNCTION ? is_return_none(l->v[l->n - 1]) : is_body_epilogue(l->v[l->n - 1], kind))) {
        l->n--;
        if (version < 310)
            return;   /* before 3.10 a return inside the if before it was real code */
    }
    /* A try at the end of a module or class body: its except clauses end
     * with the body's copied epilogue (3.11+), which cannot stay there. */
    if (kind != BODY_FUNCTION && l->n && l->v[l->n - 1]->kind == DP_S_TRY) {
        dp_stmt *t = l->v[l->n - 1];
        if (t->u.try_.orelse.count) {
            dp_stmt_list *p = &t->u.try_.orelse;
            slist tmp = {p->items, p->count, p->count};
            strip_implicit_return(&tmp, kind, version, pass_stmt);
            p->count = tmp.n;
        }
        for (size_t k = 0; k < t->u.try_.handlers.count; k++) {
            dp_stmt_list *p = &t->u.try_.handlers.items[k]->body;
            slist tmp = {p->items, p->count, p->count};
            strip_implicit_return(&tmp, kind, version, pass_stmt);
            p->count = tmp.n;
            if (!p->count && pass_stmt) {   /* an empty clause prints as pass */
                p->items[0] = pass_stmt;
                p->count = 1;
            } else if (!p->count) {
                p->count = 1;   /* no memory for a pass: keep the return */
            }
        }
        return;
    }
    /* A try at the end of a function: so do its except clauses, which
     * 3.11+ end with their own copy of the return (a clause left as only
     * `return` keeps it, as an if's branch does) */
    if (kind == BODY_FUNCTION && version >= 311 && l->n && l->v[l->n - 1]->kind == DP_S_TRY &&
        !l->v[l->n - 1]->u.try_.finalbody.count) {
        dp_stmt *t = l->v[l->n - 1];
        for (size_t k = 0; k < t->u.try_.handlers.count; k++) {
            dp_stmt_list *p = &t->u.try_.handlers.items[k]->body;
            if (p->count > 1 && is_return_none(p->items[p->count - 1]))
                p->count--;
        }
    }
    /* A try at the end of a function: its else block reaches the end too
     * (3.10+ copies the return into it; an empty else is no else) */
    if (kind == BODY_FUNCTION && version >= 310 && l->n && l->v[l->n - 1]->kind == DP_S_TRY &&
        l->v[l->n - 1]->u.try_.orelse.count) {
        dp_stmt_list *p = &l->v[l->n - 1]->u.try_.orelse;
        slist tmp = {p->items, p->count, p->count};
        strip_implicit_return(&tmp, kind, version, pass_stmt);
        p->count = tmp.n;
        return;
    }
    /* an if at the end: its branches reach the end too (3.10+ copies the
     * return into them; before, a return in a branch is the source's) */
    if (l->n && l->v[l->n - 1]->kind == DP_S_IF && (kind != BODY_FUNCTION || version >= 310)) {
        dp_stmt *s = l->v[l->n - 1];
        dp_stmt_list *parts[2] = {&s->u.while_.body, &s->u.while_.orelse};
        for (int k = 0; k < 2; k++) {
            dp_stmt_list *p = parts[k];
            slist tmp = {p->items, p->count, p->count};
            if (kind != BODY_FUNCTION || p->count > 1 || (p->count == 1 && p->items[0]->kind == DP_S_IF)) {
                strip_implicit_return(&tmp, kind, version, pass_stmt);
                p->count = tmp.n;
            } else if (k == 1 && p->count == 1 && is_return_none(p->items[0]) && version >= 310) {
                p->count = 0;   /* `else: return None` at the end is the end's own copy */
            }
        }
    }
}

/* Whether a return is left among statements l (not inside the functions
 * and classes they define): a module or class body cannot hold one, past
 * the implicit one stripped at its end. */
static int is_return_stmt(const dp_stmt *s)
{
    return s->kind == DP_S_RETURN;
}

static int holds_return(const dp_stmt_list *l, int depth)
{
    return holds_stmt(l, depth, is_return_stmt);
}

static int is_store_to(const dp_stmt *s, const char *name)
{
    return s->kind == DP_S_ASSIGN && s->u.assign.targets.count == 1 &&
           s->u.assign.targets.items[0]->kind == DP_E_NAME &&
           strcmp(s->u.assign.targets.items[0]->u.name.id, name) == 0;
}

/* A generic class body's prologue: `__type_params__ = .type_params`. */
static int stores_type_params(const dp_stmt *s)
{
    return is_store_to(s, "__type_params__") && s->u.assign.value->kind == DP_E_NAME &&
           strcmp(s->u.assign.value->u.name.id, ".type_params") == 0;
}

static int is_string_stmt(const dp_stmt *s)
{
    return s->kind == DP_S_EXPR && is_const_str(s->u.ret.value);
}

/* A body whose first statement is a string expression but not its
 * docstring (the compiler keeps `"x"` there before 3.10 when something
 * else came first) gets a `pass` before it, or it would print as one. */
static int guard_docstring(dc *d, slist *l, int has_doc)
{
    if (has_doc || !l->n || !is_string_stmt(l->v[0]))
        return 0;
    TRY(sl_push(d, l, mk_stmt(d, DP_S_PASS)));
    memmove(l->v + 1, l->v, (l->n - 1) * sizeof *l->v);
    l->v[0] = mk_stmt(d, DP_S_PASS);
    return l->v[0] ? 0 : -1;
}

/* Returns 1 when the body's first statement became its docstring. */
static int doc_from_store(dc *d, slist *l, size_t at)
{
    if (l->n > at && is_store_to(l->v[at], "__doc__") && is_const_str(l->v[at]->u.assign.value)) {
        dp_stmt *s = mk_stmt(d, DP_S_EXPR);
        if (!s)
            return -1;
        s->u.ret.value = l->v[at]->u.assign.value;
        l->v[at] = s;
        return 1;
    }
    return guard_docstring(d, l, 0);
}

/* x: ann = v at module or class level: `v; STORE x; ann;
 * __annotations__['x'] = ann`. */
static int annotations(dc *d, slist *l)
{
    size_t w = 0;
    for (size_t k = 0; k < l->n; k++) {
        dp_stmt *s = l->v[k];
        if (s->kind == DP_S_ASSIGN && s->u.assign.targets.count == 1) {
            dp_expr *t = s->u.assign.targets.items[0];
            if (t->kind == DP_E_SUBSCRIPT && t->u.subscript.value->kind == DP_E_NAME &&
                strcmp(t->u.subscript.value->u.name.id, "__annotations__") == 0 &&
                is_const_str(t->u.subscript.slice)) {
                const char *name = t->u.subscript.slice->u.constant.value->u.str.data;
                dp_stmt *a = mk_stmt(d, DP_S_ANNASSIGN);
                if (!a)
                    return -1;
                a->u.annassign.target = e_name(d, name, DP_STORE);
                a->u.annassign.annotation = s->u.assign.value;
                if (d->rc->future_annotations && is_const_str(s->u.assign.value))
                    a->u.annassign.annotation = e_name(d, s->u.assign.value->u.constant.value->u.str.data, DP_LOAD);
                a->u.annassign.simple = 1;
                if (w > 0 && is_store_to(l->v[w - 1], name)) {
                    a->u.annassign.value = l->v[w - 1]->u.assign.value;
                    w--;
                }
                l->v[w++] = a;
                continue;
            }
        }
        l->v[w++] = s;
    }
    l->n = w;
    return 0;
}

/* A free variable no instruction uses (`nonlocal a` alone, or uses the
 * compiler dropped as dead code) still makes the function a closure over
 * it: declare it, or the function compiles back without the cell. */
static int declare_unused_frees(dc *d)
{
    const dp_code *c = d->code;
    if (c->name.data && c->name.data[0] == '<')
        return 0;   /* (a lambda or comprehension declares nothing) */
    for (size_t k = 0; k < c->freevars.count; k++) {
        const char *name = c->freevars.items[k].data;
        int used = strcmp(name, "__class__") == 0;
        for (int q = 0; q < d->count && !used; q++) {
            uint16_t op = d->ins[q].op;
            /* (3.13 passes a free variable on to a closure with LOAD_FAST:
             * it is free here without a nonlocal, which a type parameter
             * may not have) */
            used = (op == DP_OP_LOAD_DEREF || op == DP_OP_STORE_DEREF || op == DP_OP_DELETE_DEREF ||
                    op == DP_OP_LOAD_CLOSURE || op == DP_OP_LOAD_FROM_DICT_OR_DEREF ||
                    (op == DP_OP_LOAD_FAST && d->version >= 313)) &&
                   d->ins[q].name && strcmp(d->ins[q].name, name) == 0;
        }
        if (!used)
            TRY(note_name(d, &d->nonlocals, name));
    }
    return 0;
}

/* Every name the code stores or deletes as a global, or as a free
 * variable, was declared so (`global`, `nonlocal`), whichever statement
 * the store came back in: also an except clause's `as` name, which the
 * clause reader takes without reading its store as an assignment. */
static int declare_stored_names(dc *d)
{
    for (int q = 0; q < d->count; q++) {
        const dp_ins *x = &d->ins[q];
        if (!x->name)
            continue;
        if (x->op == DP_OP_STORE_GLOBAL || x->op == DP_OP_DELETE_GLOBAL)
            TRY(note_name(d, &d->globals, x->name));
        else if ((x->op == DP_OP_STORE_DEREF || x->op == DP_OP_DELETE_DEREF) && is_freevar(d->code, x->name))
            TRY(note_name(d, &d->nonlocals, x->name));
    }
    return 0;
}

static int prepend_decls(dc *d, slist *l, slist *names, dp_stmt_kind kind)
{
    if (!names->n)
        return 0;
    dp_stmt *s = mk_stmt(d, kind);
    if (!s)
        return -1;
    s->u.global.names.items = (const char **)(void *)names->v;
    s->u.global.names.count = names->n;
    TRY(sl_push(d, l, s));
    size_t at = (l->n > 1 && is_string_stmt(l->v[0])) ? 1 : 0;   /* after a docstring */
    /* (and after `from __future__ import ...`, which must come first) */
    while (at + 1 < l->n && l->v[at]->kind == DP_S_IMPORTFROM && !l->v[at]->u.importfrom.level &&
           l->v[at]->u.importfrom.module && strcmp(l->v[at]->u.importfrom.module, "__future__") == 0)
        at++;
    memmove(l->v + at + 1, l->v + at, (l->n - 1 - at) * sizeof *l->v);
    l->v[at] = s;
    return 0;
}

static int unrecovered_stmt(dc *d, const dp_code *code, const char *why, slist *out)
{
    dp_buf dis;
    dp_stmt *s = mk_stmt(d, DP_S_UNRECOVERED);
    dp_recover *rc = d->rc;
    if (!s)
        return -1;
    dp_buf_init(&dis, d->arena);
    if (dp_disassemble(code, d->arena, d->err, &dis) < 0)
        return -1;
    s->u.unrecovered.reason = dp_arena_strndup(d->arena, why, strlen(why));
    s->u.unrecovered.disasm = dis.data ? dis.data : "";
    if (!s->u.unrecovered.reason)
        return -1;
    if (rc->n_unrecovered++ == 0)
        snprintf(rc->first_problem, sizeof rc->first_problem, "%s: %s", code->qualname.data, why);
    return sl_push(d, out, s);
}

/* Instructions reachable from the entry without an exception: handlers
 * (3.11+ table targets, <= 3.10 SETUP_xxx targets) are reached only by
 * the constructs that own them. */
static int is_setup(uint16_t op);
static int is_name_cleanup(const dc *d, int h);
static int compute_blocks(dc *d);

/* The handler of a try or with statement that instruction i is under, -1
 * for none. */
static int statement_handler(const dc *d, const uint8_t *reach, int i)
{
    uint16_t op = d->ins[i].op;
    /* 3.11+: the handlers of try and with statements are recovered with
     * them; the compiler's cleanup handlers are not */
    int h = d->version >= 311 ? d->ins[i].handler : is_setup(op) ? d->ins[i].target : -1;
    /* 3.11+: an async for goes on after its END_ASYNC_FOR */
    if (d->version >= 311 && h >= 0 && h < d->count && d->ins[h].op == DP_OP_END_ASYNC_FOR)
        return reach[h] ? -1 : h;
    /* 3.11+: through the compiler's cleanup handlers to the statement
     * handler behind them (a finally around an except's cleanup) */
    for (int guard = 0; d->version >= 311 && h >= 0 && h < d->count && d->ins[h].op != DP_OP_PUSH_EXC_INFO &&
                        guard < 64; guard++)
        h = d->ins[h].handler;
    if (h >= 0 && h < d->count && !reach[h] &&
        (d->version >= 311 ? d->ins[h].op == DP_OP_PUSH_EXC_INFO : !is_name_cleanup(d, h)))
        return h;
    return -1;
}

/* Marks in `reach` what the entry reaches, through_handlers or not.  With
 * through_handlers, `reach` already holds what is reached without them
 * (the walk goes on from their handlers instead of walking it again). */
static int mark_normal(dc *d, uint8_t *reach, int through_handlers)
{
    int32_t *work = dp_arena_array_uninit(d->arena, (size_t)d->count + 1, sizeof *work);
    int top = 0;
    if (!work)
        return -1;
    if (through_handlers) {
        for (int i = 0; i < d->count; i++) {
            if (!reach[i] || (d->version >= 311 ? d->ins[i].handler < 0 : !is_setup(d->ins[i].op)))
                continue;   /* (the common case: most code is under no handler) */
            int h = statement_handler(d, reach, i);
            if (h >= 0)
                reach[h] = 1, work[top++] = h;
        }
    } else if (d->count) {
        work[top++] = 0, reach[0] = 1;
    }
    while (top) {
        int i = work[--top];
        uint16_t op = d->ins[i].op;
        int succ[3], n = 0;
        if (op != DP_N_JUMP && op != DP_OP_RETURN_VALUE && op != DP_OP_RAISE_VARARGS && op != DP_OP_RERAISE &&
            i + 1 < d->count)
            succ[n++] = i + 1;
        if (d->ins[i].target >= 0 && op != DP_OP_SETUP_FINALLY && op != DP_OP_SETUP_WITH &&
            op != DP_OP_SETUP_ASYNC_WITH && d->ins[i].target < d->count)
            succ[n++] = d->ins[i].target;
        int h = through_handlers ? statement_handler(d, reach, i) : -1;
        if (h >= 0)
            succ[n++] = h;
        for (int k = 0; k < n; k++)
            if (!reach[succ[k]]) {
                reach[succ[k]] = 1;
                work[top++] = succ[k];
            }
    }
    return 0;
}

/* A jump back to t at k, in code reached only through the handler at or
 * before k, closes a loop around the whole try statement (the loop's only
 * way round is through an except clause) when the try body is after t; a
 * handler that jumps back to where its statement continues (3.12+) jumps
 * past the body instead.  (<= 3.10: the try's SETUP_FINALLY is after t,
 * its handler before k: `while True: try: f(); break except E: pass`,
 * where 3.10 copies the return after the loop for the break.) */
static int handler_loops_back(const dc *d, const uint8_t *plain, int t, int k)
{
    if (d->version < 311) {
        for (int q = t; q < k; q++)
            if (d->ins[q].op == DP_OP_SETUP_FINALLY && plain[q] && d->ins[q].target > q && d->ins[q].target <= k)
                return 1;
        return 0;
    }
    /* (any handler up to k whose try's body, after t, is plain: the
     * handler nearest k may be of a try inside an except clause) */
    for (int q = t; q < k; q++) {
        int h = d->ins[q].handler;
        if (plain[q] && h > q && h <= k && d->ins[h].op == DP_OP_PUSH_EXC_INFO)
            return 1;
    }
    return 0;
}

/* 3.11+: the compiler copies a finally block's closing RERAISE 0 over the
 * jumps to it (a small exit block is inlined where it is jumped to), so
 * `finally: if c: f()` ends its if body in a RERAISE of its own.  Turn
 * each such copy back into the jump to the block's last RERAISE: the
 * finally body is then read like any other, and compared with its normal
 * path's copy, where the same jump goes to the code after the try. */
static void unshare_finally_exits(dc *d, dp_ins *ins)
{
    for (int H = 0; H < d->count; H++) {
        int lo = -1, cleanup = raw_handler(d, H);
        if (ins[H].op != DP_OP_PUSH_EXC_INFO)
            continue;
        int len = finally_block(d, H, cleanup, &lo);
        if (len <= 0)
            continue;
        int end = lo + len;   /* the last RERAISE 0 */
        for (int q = lo; q < end; q++)
            if (ins[q].op == DP_OP_RERAISE && ins[q].arg == 0 && ins[q].handler == ins[end].handler &&
                ins[q].stack == ins[end].stack) {
                ins[q].op = DP_N_JUMP;
                ins[q].flag |= DP_FLAG_MADE_JUMP;
                ins[q].target = end;
            }
    }
}

/* 3.10: the same for a finally handler at H (block level `level`): its
 * end is the RERAISE that the handler's own jumps reach last. */
static void unshare_finally_exits_310(dc *d, dp_ins *ins, int H)
{
    const bnode *level = d->bstack[H];
    int end = finally_end_310(d, H);
    if (end < 0)
        return;
    /* (a jump past it to more of the handler, where the exception is
     * still on the stack, moves the end to the next RERAISE there) */
    for (int q = H; q < end; q++) {
        int t = ins[q].target, e = t;
        /* (or to the POP_BLOCK of a try statement inside: where its paths
         * end the handler, each has its copy of the finally copy and the
         * RERAISE, `finally: try: if c: ... finally: ...`; or to its except
         * clauses, `finally: try: ... except: ...`; or to the handler of a
         * with statement inside, `finally: with m: ...`) */
        int leaves_try = t > end && t < d->count && d->bstack[t] && d->bstack[t]->up == level &&
                         (ins[t].op == DP_OP_POP_BLOCK || is_except_handler_310(d, t) ||
                          ins[t].op == DP_OP_WITH_EXCEPT_START);
        if (t <= end || t >= d->count || ins[t].stack < ins[H].stack || (d->bstack[t] != level && !leaves_try))
            continue;
        while (e < d->count && ins[e].stack >= ins[H].stack && !(ins[e].op == DP_OP_RERAISE && d->bstack[e] == level))
            e++;
        if (e < d->count && ins[e].op == DP_OP_RERAISE && ins[e].stack == ins[end].stack) {
            end = e;
            q = H - 1;   /* (and look again from the start) */
        }
    }
    for (int q = H; q < end; q++)
        if (ins[q].op == DP_OP_RERAISE && d->bstack[q] == level && ins[q].stack == ins[end].stack) {
            ins[q].op = DP_N_JUMP;
            ins[q].flag |= DP_FLAG_MADE_JUMP;
            ins[q].target = end;
        }
}

/* 3.10: the number of JUMP_IF_NOT_EXC_MATCH in [lo, hi) that jump to r,
 * or -1 when anything else jumps there or falls into it. */
static int nomatch_jumps_to(const dc *d, const dp_ins *ins, int lo, int hi, int r)
{
    int n = 0;
    if (r < 1 || r >= d->count || ins[r].op != DP_OP_RERAISE || ins[r].stack < 0 || !ends_block(ins[r - 1].op))
        return -1;
    for (int q = 0; q < d->count; q++) {
        if (ins[q].target != r)
            continue;
        if (q < lo || q >= hi || ins[q].op != DP_OP_JUMP_IF_NOT_EXC_MATCH)
            return -1;
        n++;
    }
    return n;
}

/* 3.10: a finally block (the SETUP_FINALLY at k, its handler at H) that
 * ends in a try statement with except clauses, `finally: try: ... except
 * E: ...`: the compiler places that statement's no-match RERAISE after
 * the code its paths go on to.  In the handler it follows the block's end
 * (see unshare_finally_exits_310), where the statement's clauses find it;
 * in each copy of the block (after a POP_BLOCK of the try body: its
 * normal end, a return) it follows the copy's jump on (or the copy of the
 * return there, a small exit block), and only the copy's matches jump to
 * it, as many as the handler's.  That one is the same statement's, which
 * the handler's copy reads: dead code here. */
static void drop_copied_nomatch_310(dc *d, dp_ins *ins, int k)
{
    int H = ins[k].target, end = finally_end_310(d, H);
    if (end < 0 || end + 1 >= d->count)
        return;
    int nh = nomatch_jumps_to(d, ins, H, end, end + 1);
    for (int q = k + 1; nh > 0 && q < H; q++) {
        if (ins[q].op != DP_OP_POP_BLOCK || !d->bstack[q] || d->bstack[q]->target != H || ins[q].stack < 0)
            continue;
        int len = finally_copy_len(d, q + 1, H, end - H), ce = q + 1 + len;
        if (len <= 0 || ce >= H)
            continue;
        int r = ins[ce].op == DP_N_JUMP ? ce + 1 : exit_block_end(d, ce);
        if (r > ce && r < H && nomatch_jumps_to(d, ins, q + 1, ce, r) == nh) {
            ins[r].stack = -1;
            d->bstack[r] = NULL;
        }
    }
}

/* 3.10: only the ends of a try statement's paths jump to t (a try body's
 * POP_BLOCK or an except clause's POP_EXCEPT, then the jump), and nothing
 * falls into it. */
static int reached_from_try_ends_310(const dc *d, const dp_ins *ins, int t)
{
    int n = 0;
    if (t < 2 || !ends_block(ins[t - 1].op))
        return 0;
    for (int q = 0; q < d->count; q++) {
        if (ins[q].target != t)
            continue;
        n++;
        /* (a named clause ends in POP_EXCEPT and the name's cleanup) */
        int named = q >= 4 && ins[q - 4].op == DP_OP_POP_EXCEPT && ins[q - 3].op == DP_OP_LOAD_CONST &&
                    is_name_store(ins[q - 2].op) && ins[q - 1].name == ins[q - 2].name;
        int end = named ? q - 4 : q - 1;
        if (end < 0 || (ins[end].op != DP_OP_POP_BLOCK && ins[end].op != DP_OP_POP_EXCEPT))
            return 0;
    }
    return n > 0;
}

/* 3.10: [a, a+n) copies the exit block [b, b+n) (see same_code); the
 * copy's closing RERAISE may be a jump to the block's own already, where
 * they end a finally handler (see unshare_finally_exits_310): `finally:
 * try: ... except E: ... finally: ...`, the inner finally block's copies. */
static int copies_exit_310(const dc *d, int a, int b, int n)
{
    if (n > 0 && made_reraise_jump(d, a + n - 1, b + n - 1))
        return same_code(d, a, b, n - 1);
    return same_code(d, a, b, n);
}

/* 3.10: a try body (SETUP_FINALLY k, handler at H) whose paths each end
 * in the try's POP_BLOCK and a copy of the code after the try (after a
 * finally block's copy), a small exit block (the compiler copies it over
 * each jump to it, and the POP_BLOCK with it): the copies become jumps to
 * the POP_BLOCK right before H, which the body's last path falls into,
 * and are dead code (the same code runs after the same POP_BLOCK).  So
 * for a with body (SETUP_WITH k) that ends in a try statement, each of
 * whose paths has its copy of the with's end; the copies an if's
 * branches have are left to conditional(). */
static void unshare_try_exits_310(dc *d, dp_ins *ins, int k)
{
    int H = ins[k].target;
    const bnode *block = d->bstack[k + 1];
    /* (a finally handler too: then the copy is of the finally block and
     * the code after the try) */
    if (H < 2 || H >= d->count || !block || is_name_cleanup(d, H))
        return;   /* (an except clause's name cleanup is left to clause_tail_old) */
    int canon = -1, n = 0;
    for (int p = H - 2; p > k && p >= H - 65; p--)
        if (ins[p].op == DP_OP_POP_BLOCK && d->bstack[p] == block && exit_len(d, p + 1) == H - p - 1) {
            canon = p, n = H - p - 1;
            break;
        }
    /* (a jump there is the body's own, but for a finally handler's
     * closing RERAISE, made a jump to its end: see copies_exit_310) */
    int made_exit = made_reraise_jump(d, H - 1, -1) && ins[H - 1].target > H;
    if (canon < 0 || (ins[H - 1].op == DP_N_JUMP && !made_exit) || ins[canon].stack != ins[k].stack)
        return;   /* (a value on the stack there: `return value` inside the body) */
    /* (`return constant` inside the body reads the same, and is left to
     * run(); but not after a with's exit, nor in its handler, nor, after
     * a finally block's copy, where only jumps reach it) */
    int const_return = n >= 2 && ins[canon + n - 1].op == DP_OP_LOAD_CONST;   /* (LOAD_CONST; RETURN_VALUE) */
    if (const_return && n == 2 &&
        !(canon >= 2 && ins[canon - 1].op == DP_OP_POP_TOP && ins[canon - 2].op == DP_OP_POP_EXCEPT))
        return;
    for (int q = canon + 1; q < H - made_exit; q++)
        if (ins[q].target >= 0 || ins[q].stack < 0)
            return;
    int with = ins[k].op == DP_OP_SETUP_WITH;
    if (with && !reached_from_try_ends_310(d, ins, canon))
        return;
    for (int p = k + 1; p < canon; p++) {
        if (ins[p].op != DP_OP_POP_BLOCK || d->bstack[p] != block || p + 1 + n > canon || ins[p].stack < 0 ||
            ins[p].stack != ins[canon].stack || !copies_exit_310(d, p + 1, canon + 1, n) ||
            (const_return && !(p >= 5 && exit_call_310(d, p - 5)) && !(n > 2 && ends_block(ins[p - 1].op))))
            continue;
        if (with && !reached_from_try_ends_310(d, ins, p))
            continue;   /* (after the cheap tests: it scans the code) */
        if (p >= 2 && ins[p - 1].op == DP_OP_POP_TOP && ends_block(ins[p - 2].op))
            continue;   /* (a chained comparison's cleanup, only jumped to, falls into it: left as it is) */
        int reached = 0;   /* (nothing jumps into the copy) */
        for (int q = 0; q < d->count && !reached; q++)
            reached = ins[q].target > p && ins[q].target < p + 1 + n;
        if (reached)
            continue;
        int dead_from = p + 1;
        if (ends_block(ins[p - 1].op)) {
            /* (only jumps reach it: they go to canon instead, and the
             * POP_BLOCK is dead too) */
            for (int q = 0; q < d->count; q++)
                if (ins[q].target == p)
                    ins[q].target = canon;
            dead_from = p;
        } else {
            ins[p].op = DP_N_JUMP;
            ins[p].flag |= DP_FLAG_MADE_JUMP;
            ins[p].target = canon;
        }
        for (int q = dead_from; q < p + 1 + n; q++) {
            ins[q].stack = -1;
            d->bstack[q] = NULL;
        }
    }
}

static int setup_dc(dp_recover *rc, const dp_code *code, dc *d)
{
    memset(d, 0, sizeof *d);
    d->rc = rc;
    d->arena = rc->arena;
    d->err = rc->err;
    d->code = code;
    d->version = code->version;
    TRY(dp_normalize(code, rc->arena, rc->err, &d->n));
    d->ins = d->n.ins;
    d->count = (int)d->n.count;
    if (d->version >= 311)
        unshare_finally_exits(d, d->n.ins);
    d->back_from = dp_arena_array(d->arena, (size_t)d->count + 1, sizeof *d->back_from);
    d->incoming = dp_arena_array(d->arena, (size_t)d->count + 1, sizeof *d->incoming);
    d->first_from = dp_arena_array_uninit(d->arena, (size_t)d->count + 1, sizeof *d->first_from);
    d->last_from = dp_arena_array_uninit(d->arena, (size_t)d->count + 1, sizeof *d->last_from);
    d->loop_open = dp_arena_alloc(d->arena, (size_t)d->count + 1);
    d->normal = dp_arena_alloc(d->arena, (size_t)d->count + 1);
    d->visits = dp_arena_alloc(d->arena, (size_t)d->count + 1);
    d->claimed = dp_arena_alloc(d->arena, (size_t)d->count + 1);
    d->canon = dp_arena_alloc(d->arena, (size_t)d->count + 1);
    d->cur_handler = -1;
    d->clause_brk_for = -1;
    if (!d->back_from || !d->incoming || !d->first_from || !d->last_from || !d->loop_open || !d->normal ||
        !d->visits || !d->claimed || !d->canon)
        return -1;
    uint8_t *plain = dp_arena_alloc(d->arena, (size_t)d->count + 1);
    if (!plain)
        return -1;
    if (d->version <= 310)
        TRY(compute_blocks(d));
    for (int k = 0; d->version == 310 && k < d->count; k++)
        if (d->ins[k].op == DP_OP_SETUP_FINALLY && d->ins[k].target > k)
            unshare_finally_exits_310(d, d->n.ins, d->ins[k].target);
    for (int k = 0; d->version == 310 && k < d->count; k++)
        if (d->ins[k].op == DP_OP_SETUP_FINALLY && d->ins[k].target > k)
            drop_copied_nomatch_310(d, d->n.ins, k);
    for (int k = 0; d->version == 310 && k < d->count; k++)
        if ((d->ins[k].op == DP_OP_SETUP_FINALLY || d->ins[k].op == DP_OP_SETUP_WITH) && d->ins[k].target > k)
            unshare_try_exits_310(d, d->n.ins, k);
    TRY(mark_normal(d, plain, 0));
    d->plain = plain;
    memcpy(d->normal, plain, (size_t)d->count + 1);
    TRY(mark_normal(d, d->normal, 1));
    /* (3.10: a no-match RERAISE made dead code by drop_copied_nomatch_310,
     * which the copy's matches still jump to) */
    for (int k = 0; d->version == 310 && k < d->count; k++)
        if (d->ins[k].op == DP_OP_RERAISE && d->ins[k].stack < 0)
            plain[k] = d->normal[k] = 0;
    for (int k = 0; k <= d->count; k++)
        d->back_from[k] = -1;
    for (int k = 0; k < d->count; k++) {
        int t = d->ins[k].target;
        if (t < 0 || t > d->count)
            continue;
        if (!d->incoming[t]++)
            d->first_from[t] = k;
        d->last_from[t] = k;
        /* a loop's back jump; a handler jumping back to where its
         * statement continues (3.12+) is not one */
        /* (a dead JUMP back still closes the loop it ends: 3.8 leaves one
         * after a body that ends in `if c: break`) */
        if (t <= k && (d->ins[k].stack >= 0 || d->ins[k].op == DP_N_JUMP) && d->ins[k].op != DP_OP_SEND &&
            d->back_from[t] < k && (plain[k] == plain[t] || d->ins[k].stack < 0))
            d->back_from[t] = k;
    }
    /* (a loop whose only way round is through an except clause) */
    for (int k = 0; k < d->count; k++) {
        int t = d->ins[k].target;
        if (t >= 0 && t <= k && d->ins[k].stack >= 0 && d->back_from[t] < 0 && !plain[k] && plain[t] &&
            handler_loops_back(d, plain, t, k))
            d->back_from[t] = k;
    }
    return 0;
}

/* Whether the code copies values on the stack at all (else a second
 * reading would fail the same way). */
static int copies_values(const dc *d)
{
    for (int k = 0; k < d->count; k++)
        if (d->ins[k].op == DP_OP_COPY || d->ins[k].op == DP_OP_DUP_TOP)
            return 1;
    return 0;
}

/* The statements of a code object; a body we cannot recover becomes one
 * unrecovered statement (for statement bodies) or an UNRECOVERED result in
 * the parent (for a lambda or comprehension inside an expression). */
static int recover_body(dc *parent, const dp_code *code, int kind, slist *out)
{
    dp_recover *rc = parent->rc;
    dc d;
    stk st = {0};
    region rg;
    int r;
    if (++rc->depth > MAX_CODE_NESTING || nesting_cost(rc) > MAX_NESTING_COST) {
        rc->depth--;
        if (rc->depth + 1 > MAX_CODE_NESTING)
            return dp_error_set(rc->err, DP_ERR_TOO_DEEP, "%s: code objects nested more than %d deep",
                                code->qualname.data, MAX_CODE_NESTING);
        return dp_error_set(rc->err, DP_ERR_TOO_DEEP,
                            "%s: code objects and blocks nested too deeply (%d code objects in %d blocks)",
                            code->qualname.data, rc->depth + 1, rc->region_depth);
    }
    /* Dynamo's code keeps values on the stack that no source does: when the
     * compiler's patterns fail, read the code once more with every copied
     * computed value in a temporary (correct, but not the original text). */
    int saved_unrecovered = rc->n_unrecovered;
    char saved_problem[sizeof rc->first_problem];
    memcpy(saved_problem, rc->first_problem, sizeof saved_problem);
    char first_why[sizeof d.why] = "";
    for (int attempt = 0; attempt < 2; attempt++) {
        stk empty = {0};
        st = empty;
        out->n = 0;
        if (attempt == 1)
            memcpy(first_why, d.why, sizeof first_why);
        r = setup_dc(rc, code, &d);
        d.body_kind = kind;
        d.private_class = parent->private_class;
        if (kind == BODY_CLASS) {
            d.private_class = code->name.data;
            while (*d.private_class == '_')
                d.private_class++;
        }
        d.copy_spill = attempt;
        if (kind == BODY_GENERIC) {
            d.generic_made = parent->generic_made;
            memset(d.generic_made, 0, sizeof *d.generic_made);
        }
        d.track_source = rc->depth == 1;
        if (r == 0 && kind == BODY_COMPREHENSION && d.version == 310)
            r = comp_ins_lines(&d, code);
        if (r == 0) {
#ifdef DP_TRACE
            for (int q = 0; q < d.count && attempt == 0; q++)
                fprintf(stderr, "TRACE %d: offset %u op %d target %d stack %d handler %d\n", q,
                        (unsigned)d.ins[q].offset, d.ins[q].op, d.ins[q].target, d.ins[q].stack, d.ins[q].handler);
#endif
            rg.hi = d.count;
            rg.follow = -1;
            rg.loop = NULL;
            r = run(&d, 0, &rg, &st, out);
            if (r == 0)
                r = check_visits(&d);
        }
        if (r == UNRECOVERED && rc->err->status != DP_OK)
            r = -1;   /* an error recorded on the way (out of memory) is no pattern failure */
        if (r != UNRECOVERED || !copies_values(&d))
            break;
        rc->n_unrecovered = saved_unrecovered;
        memcpy(rc->first_problem, saved_problem, sizeof saved_problem);
    }
    if (r == UNRECOVERED && first_why[0])   /* the first reading's reason is the telling one */
        memcpy(d.why, first_why, sizeof first_why);
    rc->depth--;
    if (r == UNRECOVERED) {
        if (kind == BODY_LAMBDA || kind == BODY_COMPREHENSION || kind == BODY_GENERIC) {
            snprintf(parent->why, sizeof parent->why, "in %.60s: %.130s", code->qualname.data, d.why);
            return UNRECOVERED;
        }
        out->n = 0;
        return unrecovered_stmt(&d, code, d.why, out);
    }
    TRY(r);
    TRY(wrap_folded_true(&d, out));
    if (d.version >= 310) {
        dp_stmt_list top = sl_list(out);
        TRY(asserts_of_false(&d, &top, 0));
    }
    if (d.version >= 312) {
        dp_stmt_list top = sl_list(out);
        TRY(settle_try_elses(&d, &top, 0));
        out->v = top.items;   /* (a new list where it grew) */
        out->cap = out->n = top.count;
    }
    if (!rc->no_dead_blocks) {
        TRY(keep_dead_names(&d, out));
        if (kind == BODY_FUNCTION)
            TRY(keep_dead_locals(&d, out));
    }

    if (kind == BODY_MODULE || kind == BODY_CLASS || kind == BODY_FUNCTION)
        TRY(declare_stored_names(&d));
    switch (kind) {
    case BODY_MODULE:
        TRY(doc_from_store(&d, out, 0));
        strip_implicit_return(out, BODY_MODULE, d.version, mk_stmt(&d, DP_S_PASS));
        if (d.version >= 311 && holds_return(&(dp_stmt_list){out->v, out->n}, 0))
            TRY(module_end_breaks(&d, &(dp_stmt_list){out->v, out->n}, 0));
        TRY(prepend_decls(&d, out, &d.globals, DP_S_GLOBAL));   /* `global x` at module level */
        if (d.uses_annotations)
            TRY(annotations(&d, out));
        break;
    case BODY_CLASS: {
        size_t k = 0, w = 0;
        /* the compiler's own prologue and epilogue */
        while (k < out->n && (is_store_to(out->v[k], "__module__") || is_store_to(out->v[k], "__qualname__") ||
                              is_store_to(out->v[k], "__firstlineno__") || stores_type_params(out->v[k])))
            k++;
        for (; k < out->n; k++)
            out->v[w++] = out->v[k];
        out->n = w;
        strip_implicit_return(out, BODY_CLASS, d.version, mk_stmt(&d, DP_S_PASS));
        while (out->n && (is_store_to(out->v[out->n - 1], "__classcell__") ||
                          is_store_to(out->v[out->n - 1], "__static_attributes__") ||
                          is_store_to(out->v[out->n - 1], "__classdictcell__")))
            out->n--;
        TRY(doc_from_store(&d, out, 0));
        TRY(prepend_decls(&d, out, &d.nonlocals, DP_S_NONLOCAL));
        TRY(prepend_decls(&d, out, &d.globals, DP_S_GLOBAL));
        if (d.uses_annotations)
            TRY(annotations(&d, out));
        break;
    }
    case BODY_FUNCTION:
        /* Before 3.10 a function whose last statement is an if/else (or
         * elif chain) that returns on every path still ends with a dead
         * `return None`; the flat `if c: return x` + `return y` reading would
         * not.  Fold the last such if's following statements into its else.
         * (Not where the body ends in a raise: the compiler adds that
         * `return None` after anything but a return.) */
        if (d.version < 310 && d.count >= 2 && d.ins[d.count - 1].op == DP_OP_RETURN_VALUE &&
            d.ins[d.count - 2].op == DP_OP_LOAD_CONST && d.ins[d.count - 2].obj->kind == DP_OBJ_NONE &&
            d.ins[d.count - 2].stack < 0 && out->n && out->v[out->n - 1]->kind == DP_S_RETURN)
            TRY(fold_tail_into_else(&d, out));
        if (d.version < 310)
            TRY(return_into_loop_else(&d, out));
        if (d.version >= 310) {
            dp_stmt_list body = {out->v, out->n};
            TRY(shared_return(&d, &body, 0));
            out->n = body.count;
            if (none_const_index(&d) >= 0)
                TRY(implicit_branch_returns(&d, out, none_const_index(&d), 0));
        }
        if (!explicit_final_return(&d, out))
            strip_implicit_return(out, BODY_FUNCTION, d.version, mk_stmt(&d, DP_S_PASS));
        if ((code->flags & (DP_CO_GENERATOR | DP_CO_ASYNC_GENERATOR)) && !d.saw_yield) {
            /* a generator whose yields the compiler removed as dead code:
             * `if False: yield` keeps it a generator */
            static const dp_object false_obj = {DP_OBJ_FALSE, {{0}}};
            dp_stmt *s = mk_stmt(&d, DP_S_IF), *y = mk_stmt(&d, DP_S_EXPR);
            dp_expr *ye = mk_expr(&d, DP_E_YIELD);
            if (!s || !y || !ye)
                return -1;
            y->u.ret.value = ye;
            s->u.while_.test = e_const(&d, &false_obj);
            slist b = {0};
            TRY(sl_push(&d, &b, y));
            s->u.while_.body = sl_list(&b);
            TRY(sl_push(&d, out, s));
        }
        TRY(declare_unused_frees(&d));
        TRY(prepend_decls(&d, out, &d.nonlocals, DP_S_NONLOCAL));
        TRY(prepend_decls(&d, out, &d.globals, DP_S_GLOBAL));
        if (code->n_consts && code->consts[0]->kind == DP_OBJ_STR) {
            dp_stmt *s = mk_stmt(&d, DP_S_EXPR);
            if (!s)
                return -1;
            s->u.ret.value = e_const(&d, code->consts[0]);
            TRY(sl_push(&d, out, s));
            memmove(out->v + 1, out->v, (out->n - 1) * sizeof *out->v);
            out->v[0] = s;
        } else {
            TRY(guard_docstring(&d, out, 0));
        }
        break;
    default:
        break;
    }
    /* A module or class body holds no return once its epilogue is gone:
     * one left is a copy of the body's end misread (no source can say
     * it), so the body is reported, not printed. */
    if ((kind == BODY_MODULE || kind == BODY_CLASS) && holds_return(&(dp_stmt_list){out->v, out->n}, 0)) {
        snprintf(d.why, sizeof d.why, "a return outside a function");
        out->n = 0;
        return unrecovered_stmt(&d, code, d.why, out);
    }
    return 0;
}

/* A comprehension's loop (statements around a marker for the element)
 * back into its expression; `iter` replaces the first loop's iterable. */
static int comp_from_loop(dc *d, int at, dp_stmt *s, dp_expr *iter, dp_expr_kind kind, dp_expr **out)
{
    dp_comprehension_list gens = {0};
    dp_expr *elt = NULL, *val = NULL;
    int first = 1;
    while (s) {
        if (s->kind == DP_S_FOR) {
            dp_comprehension *g = alloc(d, sizeof *g);
            dp_comprehension **n = dp_arena_grow(d->arena, gens.items, gens.count * sizeof *n,
                                                 (gens.count + 1) * sizeof *n);
            if (!g || !n)
                return -1;
            g->target = s->u.for_.target;
            g->iter = (first && iter) ? iter : s->u.for_.iter;
            g->is_async = s->u.for_.is_async;
            n[gens.count++] = g;
            gens.items = n;
            first = 0;
            if (s->u.for_.orelse.count || s->u.for_.body.count != 1)
                return fail(d, at, "comprehension loop body is not one statement");
            s = s->u.for_.body.items[0];
        } else if (s->kind == DP_S_IF && !s->u.while_.orelse.count && s->u.while_.body.count == 1 && gens.count) {
            TRY(elist_append(d, &gens.items[gens.count - 1]->ifs, s->u.while_.test));
            s = s->u.while_.body.items[0];
        } else if (s->kind == DP_S_EXPR) {
            dp_expr *e = s->u.ret.value;
            if (e->kind == DP_E_CALL && e->u.call.func->kind == DP_E_NAME &&
                strcmp(e->u.call.func->u.name.id, "\x01append") == 0) {
                elt = e->u.call.args.items[0];
                val = e->u.call.args.count > 1 ? e->u.call.args.items[1] : NULL;
            } else if (e->kind == DP_E_YIELD && kind == DP_E_GENERATOREXP && e->u.value.value) {
                elt = e->u.value.value;
            } else {
                return fail(d, at, "comprehension element is not an append");
            }
            s = NULL;
        } else {
            return fail(d, at, "comprehension has an unexpected statement");
        }
    }
    if (!elt || !gens.count || (kind == DP_E_DICTCOMP) != (val != NULL))
        return fail(d, at, "comprehension without its element");
    dp_expr *e = mk_expr(d, kind);
    if (!e)
        return -1;
    if (kind == DP_E_DICTCOMP) {
        e->u.dictcomp.key = elt;
        e->u.dictcomp.value = val;
        e->u.dictcomp.generators = gens;
    } else {
        e->u.comp.elt = elt;
        e->u.comp.generators = gens;
    }
    *out = e;
    return 0;
}

/* 3.10 threads a jump through another only where both have one line, so a
 * comprehension whose parts the source spread over lines has jumps that
 * one written on a line has not (argparse's _join_parts: `[part` / `for
 * part in part_strings` / `if part and part is not SUPPRESS]`).  Its body's
 * expressions take the line of the instruction that computes them, which
 * 3.10 gives the line the expression starts on, for the printer to keep
 * the same parts apart.  Each instruction's line, else NULL where the line
 * table does not decode (the decompiler does not depend on it). */
static int comp_ins_lines(dc *d, const dp_code *c)
{
    dp_line_range *lines = NULL;
    size_t n = 0, k = 0;
    dp_error err;
    dp_error_init(&err);
    if (dp_decode_lines(c, d->arena, &err, &lines, &n) < 0)
        return d->err->status != DP_OK ? -1 : 0;
    int32_t *at = dp_arena_array(d->arena, (size_t)d->count + 1, sizeof *at);
    if (!at)
        return -1;
    for (int q = 0; q < d->count; q++) {
        uint32_t off = d->ins[q].offset;
        while (k < n && lines[k].end <= off)
            k++;
        at[q] = k < n && lines[k].start <= off && lines[k].line != DP_NO_LINE ? lines[k].line : 0;
    }
    d->ins_line = at;
    return 0;
}

/* An and/or's line is its first operand's (it is made at its last jump),
 * and a `not` that a jump tests its operand's. */
static void boolop_lines(dp_expr *e)
{
    if (e == NULL)
        return;
    if (e->kind == DP_E_UNARYOP && e->u.unaryop.op == DP_NOT && e->u.unaryop.operand) {
        boolop_lines(e->u.unaryop.operand);
        if (e->u.unaryop.operand->lineno)
            e->lineno = e->u.unaryop.operand->lineno;
    }
    if (e->kind != DP_E_BOOLOP || !e->u.boolop.values.count)
        return;
    for (size_t k = 0; k < e->u.boolop.values.count; k++)
        boolop_lines(e->u.boolop.values.items[k]);
    e->lineno = e->u.boolop.values.items[0]->lineno;
}

/* The lines of a 3.10 comprehension's parts (see comp_ins_lines): its own
 * is its code's first line. */
static void comp_lines(const dp_code *c, dp_expr *e)
{
    int dict = e->kind == DP_E_DICTCOMP;
    dp_comprehension_list *gens = dict ? &e->u.dictcomp.generators : &e->u.comp.generators;
    e->lineno = c->firstlineno;
    boolop_lines(dict ? e->u.dictcomp.key : e->u.comp.elt);
    for (size_t g = 0; g < gens->count; g++)
        for (size_t k = 0; k < gens->items[g]->ifs.count; k++)
            boolop_lines(gens->items[g]->ifs.items[k]);
}

/* <= 3.11: a comprehension is a function called on the iterator. */
static int recover_comprehension(dc *d, int at, funcv *fn, dp_expr *iter, dp_expr **out)
{
    const dp_code *c = fn->code;
    slist body = {0};
    TRY(recover_body(d, c, BODY_COMPREHENSION, &body));
    /* the loop, then `return acc` (list/set/dict) or `return None` (generator) */
    if (body.n == 2 && body.v[1]->kind == DP_S_RETURN)
        body.n = 1;
    if (body.n != 1 || body.v[0]->kind != DP_S_FOR)
        return fail(d, at, "%s is not one loop", c->name.data);
    dp_expr_kind kind = code_is(c, "<listcomp>") ? DP_E_LISTCOMP : code_is(c, "<setcomp>") ? DP_E_SETCOMP :
                        code_is(c, "<dictcomp>") ? DP_E_DICTCOMP : DP_E_GENERATOREXP;
    TRY(comp_from_loop(d, at, body.v[0], iter, kind, out));
    if (d->version == 310)
        comp_lines(c, *out);
    /* A comprehension with await inside is a coroutine; the compiler awaits
     * its result, which is implicit in the source.  Mark it (ctx is unused
     * on comprehensions) so the await is not printed. */
    if (kind != DP_E_GENERATOREXP && (c->flags & DP_CO_COROUTINE))
        (*out)->ctx = DP_DEL;
    return 0;
}

/* 3.12+: comprehensions are inlined.
 *   <iter>; GET_ITER; LOAD_FAST_AND_CLEAR x...; SWAP k+1; BUILD_LIST 0; SWAP 2;
 *   FOR_ITER ...; END_FOR
 * leaves [saved x..., result]; the saved values are stored back later. */
static int inlined_comprehension(dc *d, int i, const region *rg, stk *st, slist *out, int *next)
{
    int k = 0, j = i;
    dp_expr *iter, *acc, *e;
    while (j < rg->hi && d->ins[j].op == DP_OP_LOAD_FAST_AND_CLEAR)
        j++, k++;
    int is_async = j + 3 < rg->hi && is_async_for_head(d, j + 3);
    if (j + 3 >= rg->hi || d->ins[j].op != DP_OP_SWAP || d->ins[j].arg != k + 1 ||
        d->ins[j + 2].op != DP_OP_SWAP || d->ins[j + 2].arg != 2 ||
        (d->ins[j + 3].op != DP_OP_FOR_ITER && !is_async))
        return fail(d, i, "LOAD_FAST_AND_CLEAR outside an inlined comprehension");
    uint16_t build = d->ins[j + 1].op;
    dp_expr_kind kind = build == DP_OP_BUILD_LIST ? DP_E_LISTCOMP : build == DP_OP_BUILD_SET ? DP_E_SETCOMP :
                        build == DP_OP_BUILD_MAP ? DP_E_DICTCOMP : DP_E_KIND_COUNT;
    if (kind == DP_E_KIND_COUNT || d->ins[j + 1].arg != 0)
        return fail(d, i, "an inlined comprehension without its accumulator");
    TRY(pop_expr(d, st, out, i, &iter));
    for (int q = 0; q < k; q++) {
        sv v;
        memset(&v, 0, sizeof v);
        v.kind = V_SAVED;
        v.idx = i;     /* the saved names: the k LOAD_FAST_AND_CLEARs from i */
        v.level = k;
        TRY(push(d, st, v));
    }
    mark(d, i + 1, is_async ? j + 3 : j + 4);   /* (for_loop marks an async head) */
    acc = mk_expr(d, kind == DP_E_LISTCOMP ? DP_E_LIST : kind == DP_E_SETCOMP ? DP_E_SET : DP_E_DICT);
    TRY(push_e(d, st, acc));
    slist loop = {0};
    TRY(for_loop(d, j + 3, iter, rg, st, &loop, next));
    if (loop.n != 1 || st->n < 1 || st->v[st->n - 1].e != acc)
        return fail(d, i, "an inlined comprehension that is not one loop");
    TRY(comp_from_loop(d, i, loop.v[0], NULL, kind, &e));
    st->v[st->n - 1].e = e;
    return 0;
}

/* ---- entry points ------------------------------------------------------ */

int dp_recover_module(dp_recover *rc, const dp_code *code, dp_stmt_list *out)
{
    dc root;
    slist body = {0};
    memset(&root, 0, sizeof root);
    root.rc = rc;
    root.arena = rc->arena;
    root.err = rc->err;
    root.code = code;
    root.version = code->version;
    int r = recover_body(&root, code, BODY_MODULE, &body);
    if (r < 0) {
        if (rc->err->status == DP_OK)   /* never fail without saying why */
            dp_error_set(rc->err, DP_ERR_UNRECOVERED, "%s: %s", code->qualname.data,
                         root.why[0] ? root.why : "recovery failed");
        return -1;
    }
    *out = sl_list(&body);
    return 0;
}

int dp_recover_function(dp_recover *rc, const dp_code *code, dp_stmt **out)
{
    dc root;
    funcv fn;
    memset(&root, 0, sizeof root);
    memset(&fn, 0, sizeof fn);
    root.rc = rc;
    root.arena = rc->arena;
    root.err = rc->err;
    root.code = code;
    root.version = code->version;
    fn.code = code;
    *out = make_funcdef(&root, -1, &fn);
    if (!*out && !root.why[0] && rc->err->status == DP_OK)
        dp_error_set(rc->err, DP_ERR_UNRECOVERED, "%s: recovery failed", code->qualname.data);
    if (!*out) {
        if (root.why[0]) {
            /* the signature itself could not be recovered */
            slist body = {0};
            if (unrecovered_stmt(&root, code, root.why, &body) < 0)
                return -1;
            *out = body.v[0];
            return 0;
        }
        return -1;
    }
    return 0;
}
