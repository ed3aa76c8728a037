/* decompile.h — the decompiler's public interface on the code model.
 *
 * A decompilation either fails (-1 and an error: bad bytecode, a limit) or
 * produces source.  Source may still contain regions the decompiler could not
 * recover; they are printed as marked comments with their disassembly and a
 * statement that raises, and counted in n_unrecovered.  Front ends turn a
 * non-zero count into exit status 1 (CLI) or DecompilationError (Python). */
#ifndef DEPYF_DECOMPILE_H
#define DEPYF_DECOMPILE_H

#include <stddef.h>
#include "arena.h"
#include "error.h"
#include "model.h"

typedef struct dp_decompile_result {
    const char *text;          /* NUL-terminated, in the arena */
    size_t len;
    size_t n_unrecovered;      /* regions printed as unrecovered comments */
    char first_problem[256];   /* "qualname at offset N: why", for the first one */
    /* dp_decompile_function_lines only: for each 2-byte code unit of the code
     * object, the line of `text` (from 1) whose statement it belongs to, 0
     * where none does.  A debugger can run the original bytecode with these
     * lines as if it ran the text. */
    int32_t *unit_lines;
    size_t n_units;
} dp_decompile_result;

/* A module's code object (or any top-level code: exec/eval input) as source. */
int dp_decompile_module(const dp_code *code, dp_arena *arena, dp_error *err,
                        dp_decompile_result *out) DP_MUST_CHECK;

/* A function's code object as a `def` (or `async def`) with the code's own
 * name.  A code object with free variables is wrapped in an enclosing
 * function that defines them, so that compiling the source gives back the
 * same free and cell variables; a lambda becomes `name = lambda ...`. */
int dp_decompile_function(const dp_code *code, dp_arena *arena, dp_error *err,
                          dp_decompile_result *out) DP_MUST_CHECK;
/* The same, and the text's line of each code unit (unit_lines), for reading
 * beside the code that runs (depyf's dump of Dynamo's code): without the
 * `if False:` blocks that only keep the numbering of names and locals that
 * dead code used, so the source may compile to other co_names/co_varnames
 * orders. */
int dp_decompile_function_lines(const dp_code *code, dp_arena *arena, dp_error *err,
                                dp_decompile_result *out) DP_MUST_CHECK;

#endif
