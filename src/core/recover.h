/* recover.h — bytecode to syntax tree: stack simulation and structuring.
 *
 * One recovery walks a code object's normalized instructions (norm.h) in
 * their linear order.  A symbolic stack of expressions turns loads, operators
 * and stores into expressions and statements; the compiler's own patterns of
 * jumps become if/elif/else, while/for with else, break/continue, boolean
 * and conditional expressions.  Nested code objects (functions, lambdas,
 * classes, comprehensions) are recovered recursively where they are made.
 *
 * A code object whose bytecode matches no pattern we know is not guessed
 * at: its body becomes one DP_S_UNRECOVERED statement holding the reason and
 * its disassembly, the count in the context goes up, and the rest of the
 * module is still recovered. */
#ifndef DEPYF_RECOVER_H
#define DEPYF_RECOVER_H

#include "arena.h"
#include "ast.h"
#include "error.h"
#include "model.h"

typedef struct dp_recover {
    dp_arena *arena;
    dp_error *err;
    int version;
    int future_annotations;   /* `from __future__ import annotations` is in effect */
    size_t n_unrecovered;
    char first_problem[256];
    int depth;                /* nesting of code objects being recovered */
    int region_depth;         /* nesting of blocks, through all of them */
    int no_dead_blocks;       /* leave out the `if False:` blocks that only keep
                                 names and locals of dead code numbered */
} dp_recover;

/* The statements of a module (or class body, or any top-level code). */
int dp_recover_module(dp_recover *rc, const dp_code *code, dp_stmt_list *out) DP_MUST_CHECK;

/* A function's code object as one `def` statement (the arguments come from
 * the code object; defaults and decorators live outside it). */
int dp_recover_function(dp_recover *rc, const dp_code *code, dp_stmt **out) DP_MUST_CHECK;

/* A lambda's body expression from the statements its bytecode reads as:
 * `return e`, or ifs of returns where the compiler copied the return into
 * the branches of `a if c else b` (3.8's peephole pass, 3.12+).  With
 * falls_to_none, running off the end of the statements returns None (an
 * implicit return stripped from a function body).  1: *out set; 0: the
 * statements are no such tree; -1: out of memory. */
int dp_lambda_body(dp_arena *arena, dp_stmt *const *stmts, size_t n, int falls_to_none,
                   dp_expr **out) DP_MUST_CHECK;

#endif
