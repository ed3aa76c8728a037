/* decompile.c — the decompiler's entry points: recover, then print. */
#include "decompile.h"

#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "print.h"
#include "recover.h"

#define DP_CO_FUTURE_ANNOTATIONS 0x1000000

static void init_recover(dp_recover *rc, const dp_code *code, dp_arena *arena, dp_error *err)
{
    memset(rc, 0, sizeof *rc);
    rc->arena = arena;
    rc->err = err;
    rc->version = code->version;
    rc->future_annotations = (code->flags & DP_CO_FUTURE_ANNOTATIONS) != 0;
}

typedef struct line_map {
    const dp_code *code;
    int32_t *lines;        /* from simple statements' ranges */
    int32_t *expr_lines;   /* from the expressions the instructions computed */
    int32_t *outer_lines;  /* from compound statements' ranges (bodies included) */
    size_t n;
} line_map;

static int is_compound(dp_stmt_kind kind)
{
    switch (kind) {
    case DP_S_FUNCTIONDEF: case DP_S_CLASSDEF: case DP_S_FOR: case DP_S_WHILE: case DP_S_IF:
    case DP_S_WITH: case DP_S_MATCH: case DP_S_TRY:
        return 1;
    default:
        return 0;
    }
}

/* The first line an instruction's value is printed on (a temporary's
 * value is printed where it is computed, before its uses). */
static void note_expr_line(void *ctx, const dp_expr *e, int line)
{
    line_map *m = ctx;
    size_t u = (e->src_off1 - 1) / 2;
    if (u < m->n && !m->expr_lines[u])
        m->expr_lines[u] = line;
}

/* Statements come in print order, enclosing ones first: an inner
 * statement's lines replace its compound statement's. */
static void note_line(void *ctx, const dp_stmt *s, int line)
{
    line_map *m = ctx;
    if (s->src_code != m->code)
        return;
    int32_t *to = is_compound(s->kind) ? m->outer_lines : m->lines;
    for (size_t u = s->src_lo / 2; u < s->src_hi / 2 && u < m->n; u++)
        to[u] = line;
}

/* Each unit's line: that of the value it computed, else of the simple
 * statement it belongs to; units of neither (jumps, stack moves) belong to
 * the unit before them, or, before any, to their compound statement. */
static void merge_lines(line_map *m)
{
    int32_t last = 0;
    for (size_t u = 0; u < m->n; u++) {
        int32_t line = m->expr_lines[u] ? m->expr_lines[u] : m->lines[u] ? m->lines[u] : last;
        if (!line)
            line = m->outer_lines[u];
        m->lines[u] = line;
        if (line)
            last = line;
    }
    int32_t first = 0;
    for (size_t u = 0; u < m->n && !first; u++)
        first = m->lines[u];
    for (size_t u = 0; u < m->n && !m->lines[u]; u++)
        m->lines[u] = first;
}

static int finish(const dp_recover *rc, const dp_stmt_list *body, int version, dp_arena *arena,
                  dp_error *err, dp_decompile_result *out, const dp_code *mapped)
{
    dp_buf text;
    line_map map = {mapped, NULL, NULL, NULL, mapped ? mapped->code_len / 2 : 0};
    /* An error recorded anywhere (an allocation that failed where a builder
     * went on) fails the whole result: a tree with a hole must not print. */
    if (err->status != DP_OK)
        return -1;
    dp_buf_init(&text, arena);
    if (mapped && map.n && (!(map.lines = dp_arena_array(arena, map.n, sizeof *map.lines)) ||
                            !(map.expr_lines = dp_arena_array(arena, map.n, sizeof *map.expr_lines)) ||
                            !(map.outer_lines = dp_arena_array(arena, map.n, sizeof *map.outer_lines))))
        return -1;
    DP_RETURN_IF_ERROR(dp_print_stmts_lines(body, version, 0, &text, err, map.lines ? note_line : NULL,
                                            map.lines ? note_expr_line : NULL, &map));
    if (map.lines) {
        merge_lines(&map);
        out->unit_lines = map.lines;
        out->n_units = map.n;
    }
    if (!dp_buf_ok(&text) || dp_buf_putc(&text, '\0') < 0 || err->status != DP_OK)
        return -1;
    out->text = text.data;
    out->len = text.len - 1;
    out->n_unrecovered = rc->n_unrecovered;
    /* (a plain copy of the buffer: snprintf's formatting cost more than the
     * rest of this function for a small code object) */
    _Static_assert(sizeof out->first_problem == sizeof rc->first_problem, "same size");
    memcpy(out->first_problem, rc->first_problem, sizeof out->first_problem);
    out->first_problem[sizeof out->first_problem - 1] = '\0';
    return 0;
}

int dp_decompile_module(const dp_code *code, dp_arena *arena, dp_error *err, dp_decompile_result *out)
{
    dp_recover rc;
    dp_stmt_list body;
    memset(out, 0, sizeof *out);
    dp_arena_bound_work(arena);
    init_recover(&rc, code, arena, err);
    DP_RETURN_IF_ERROR(dp_recover_module(&rc, code, &body));
    return finish(&rc, &body, code->version, arena, err, out, NULL);
}

static int one(dp_arena *arena, dp_stmt_list *l, dp_stmt *s)
{
    l->items = dp_arena_array(arena, 1, sizeof *l->items);
    if (!l->items || !s)
        return -1;
    l->items[0] = s;
    l->count = 1;
    return 0;
}

/* `def __depyf_closure__(): a = None ... <inner> ; return name`: the free
 * variables of the function become cells of an enclosing function again. */
static dp_stmt *closure_wrapper(dp_arena *arena, const dp_code *code, dp_stmt *inner, const char *name)
{
    dp_stmt *w = dp_arena_alloc(arena, sizeof *w);
    size_t nfree = code->freevars.count, k, n = 0;
    int has_class_cell = 0;
    if (!w)
        return NULL;
    dp_stmt **items = dp_arena_array(arena, nfree + 2, sizeof *items);
    dp_arguments *args = dp_arena_alloc(arena, sizeof *args);
    dp_object *none = dp_arena_alloc(arena, sizeof *none);
    if (!items || !args || !none)
        return NULL;
    none->kind = DP_OBJ_NONE;
    for (k = 0; k < nfree; k++) {
        const char *v = code->freevars.items[k].data;
        if (strcmp(v, "__class__") == 0) {
            has_class_cell = 1;
            continue;
        }
        dp_stmt *a = dp_arena_alloc(arena, sizeof *a);
        dp_expr *t = dp_arena_alloc(arena, sizeof *t), *val = dp_arena_alloc(arena, sizeof *val);
        if (!a || !t || !val)
            return NULL;
        t->kind = DP_E_NAME;
        t->ctx = DP_STORE;
        t->u.name.id = v;
        val->kind = DP_E_CONSTANT;
        val->u.constant.value = none;
        a->kind = DP_S_ASSIGN;
        a->u.assign.value = val;
        if (!(a->u.assign.targets.items = dp_arena_array(arena, 1, sizeof(dp_expr *))))
            return NULL;
        a->u.assign.targets.items[0] = t;
        a->u.assign.targets.count = 1;
        items[n++] = a;
    }
    if (has_class_cell) {
        /* super() and __class__ need a class body around the method */
        dp_stmt *c = dp_arena_alloc(arena, sizeof *c);
        if (!c || one(arena, &c->u.classdef.body, inner) < 0)
            return NULL;
        c->kind = DP_S_CLASSDEF;
        c->u.classdef.name = "__depyf_class__";
        inner = c;
        name = "__depyf_class__";
    }
    items[n++] = inner;
    dp_stmt *ret = dp_arena_alloc(arena, sizeof *ret);
    dp_expr *rv = dp_arena_alloc(arena, sizeof *rv);
    if (!ret || !rv)
        return NULL;
    rv->kind = DP_E_NAME;
    rv->u.name.id = name;
    ret->kind = DP_S_RETURN;
    ret->u.ret.value = rv;
    items[n++] = ret;
    if (n == 2 && has_class_cell)
        return inner;  /* only __class__: the class alone is enough */
    w->kind = DP_S_FUNCTIONDEF;
    w->u.funcdef.name = "__depyf_closure__";
    w->u.funcdef.args = args;
    w->u.funcdef.body.items = items;
    w->u.funcdef.body.count = n;
    return w;
}

static int decompile_function(const dp_code *code, int with_lines, dp_arena *arena, dp_error *err,
                              dp_decompile_result *out)
{
    dp_recover rc;
    dp_stmt *def;
    dp_stmt_list body;
    memset(out, 0, sizeof *out);
    dp_arena_bound_work(arena);
    if (code->name.data[0] == '<' && strcmp(code->name.data, "<lambda>") != 0)
        return dp_error_set(err, DP_ERR_UNSUPPORTED,
                            "%s is part of its enclosing function; decompile that instead", code->name.data);
    init_recover(&rc, code, arena, err);
    rc.no_dead_blocks = with_lines;
    DP_RETURN_IF_ERROR(dp_recover_function(&rc, code, &def));
    const char *name = code->name.data;
    if (def->kind == DP_S_FUNCTIONDEF && strcmp(code->name.data, "<lambda>") == 0) {
        /* _lambda = lambda args: body */
        dp_stmt *a = dp_arena_alloc(arena, sizeof *a);
        dp_expr *t = dp_arena_alloc(arena, sizeof *t), *lam = dp_arena_alloc(arena, sizeof *lam);
        dp_stmt_list *fb = &def->u.funcdef.body;
        if (!a || !t || !lam)
            return -1;
        dp_expr *lambda_body = NULL;
        int shape = dp_lambda_body(arena, fb->items, fb->count, 1, &lambda_body);
        if (shape < 0)
            return -1;
        if (shape == 0) {
            rc.n_unrecovered++;
            snprintf(rc.first_problem, sizeof rc.first_problem, "<lambda>: body is not one expression");
        } else {
            name = "_lambda";
            t->kind = DP_E_NAME;
            t->ctx = DP_STORE;
            t->u.name.id = name;
            lam->kind = DP_E_LAMBDA;
            lam->u.lambda.args = def->u.funcdef.args;
            lam->u.lambda.body = lambda_body;
            a->kind = DP_S_ASSIGN;
            a->u.assign.value = lam;
            if (!(a->u.assign.targets.items = dp_arena_array(arena, 1, sizeof(dp_expr *))))
                return -1;
            a->u.assign.targets.items[0] = t;
            a->u.assign.targets.count = 1;
            def = a;
        }
    }
    if (code->freevars.count) {
        def = closure_wrapper(arena, code, def, name);
        if (!def)
            return -1;
    }
    if (!rc.future_annotations) {
        DP_RETURN_IF_ERROR(one(arena, &body, def));
        return finish(&rc, &body, code->version, arena, err, out, with_lines ? code : NULL);
    }
    /* The function was compiled under `from __future__ import annotations`
     * (its annotations are strings): the output says so, and compiles so. */
    dp_stmt *future = dp_arena_alloc(arena, sizeof *future);
    dp_alias *alias = dp_arena_alloc(arena, sizeof *alias);
    body.items = dp_arena_array(arena, 2, sizeof *body.items);
    if (!future || !alias || !body.items)
        return -1;
    alias->name = "annotations";
    future->kind = DP_S_IMPORTFROM;
    future->u.importfrom.module = "__future__";
    future->u.importfrom.names.items = dp_arena_array(arena, 1, sizeof(dp_alias *));
    if (!future->u.importfrom.names.items)
        return -1;
    future->u.importfrom.names.items[0] = alias;
    future->u.importfrom.names.count = 1;
    body.items[0] = future;
    body.items[1] = def;
    body.count = 2;
    return finish(&rc, &body, code->version, arena, err, out, with_lines ? code : NULL);
}

int dp_decompile_function(const dp_code *code, dp_arena *arena, dp_error *err, dp_decompile_result *out)
{
    return decompile_function(code, 0, arena, err, out);
}

int dp_decompile_function_lines(const dp_code *code, dp_arena *arena, dp_error *err,
                                dp_decompile_result *out)
{
    return decompile_function(code, 1, arena, err, out);
}
