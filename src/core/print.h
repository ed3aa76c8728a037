/* print.h — the syntax tree back to source text for one Python version.
 *
 * Modelled on CPython's Python/ast_unparse.c: one precedence enum, the
 * caller's level passed down, parentheses exactly where the grammar of the
 * target version needs them.  The output of 3.8-3.11 must parse on that
 * version too (f-string quoting, no backslashes in f-string expressions). */
#ifndef DEPYF_PRINT_H
#define DEPYF_PRINT_H

#include "ast.h"
#include "buf.h"
#include "error.h"

/* Nesting limit: statements, expressions, patterns and constants inside one
 * another count together.  Deeper trees fail with DP_ERR_TOO_DEEP rather
 * than exhaust the C stack. */
#define DP_PRINT_MAX_DEPTH 1000

/* Statements at indentation level `indent` (4 spaces each), one per line.
 * An empty list prints `pass`, except at indent 0 (an empty module).
 * Errors: DP_ERR_TOO_DEEP, DP_ERR_UNSUPPORTED (a malformed tree, or an
 * f-string that the target version's grammar cannot express), and the
 * buffer's own (DP_ERR_NOMEM, DP_ERR_LIMIT). */
int dp_print_stmts(const dp_stmt_list *body, int version, int indent, dp_buf *out,
                   dp_error *err) DP_MUST_CHECK;

/* One expression, as it would appear alone on a line. */
/* As dp_print_stmts, telling on_stmt the line (from 1, counted from where
 * `out` was) on which each statement, at any depth, begins, and on_expr
 * the line on which each expression that knows its source is printed. */
typedef void (*dp_stmt_line_fn)(void *ctx, const dp_stmt *s, int line);
typedef void (*dp_expr_line_fn)(void *ctx, const dp_expr *e, int line);
int dp_print_stmts_lines(const dp_stmt_list *body, int version, int indent, dp_buf *out, dp_error *err,
                         dp_stmt_line_fn on_stmt, dp_expr_line_fn on_expr, void *ctx) DP_MUST_CHECK;

int dp_print_expr(const dp_expr *expr, int version, dp_buf *out, dp_error *err) DP_MUST_CHECK;

#endif
