/* arena.h — bump allocation, freed in one call per decompilation.
 *
 * Everything a decompilation builds (objects, code models, instructions,
 * graphs, output text) lives in one arena, as CPython's pyarena.c does for
 * the AST.  An arena has a byte budget: hostile input that tries to make us
 * allocate without bound fails with DP_ERR_LIMIT instead of exhausting the
 * host process.  Allocation failures return NULL and record an error. */
#ifndef DEPYF_ARENA_H
#define DEPYF_ARENA_H

#include <stddef.h>
#include "error.h"

typedef struct dp_arena dp_arena;

/* limit: the most bytes this arena may hand out (0 means the default, 1 GiB).
 * err: where allocation failures are reported; it must outlive the arena. */
dp_arena *dp_arena_new(size_t limit, dp_error *err) DP_MUST_CHECK;
void dp_arena_free(dp_arena *arena);

/* Chunks kept between arenas.  A caller that decompiles many small code
 * objects one after another (the Python extension) passes the same spare to
 * each: dp_arena_new_from takes its chunks, dp_arena_free_into gives them
 * back (up to `keep` bytes, the rest is freed).  This saves a malloc and,
 * above all, the page faults of fresh memory per decompilation: freeing a
 * whole arena lets malloc return its pages to the system.  A spare belongs
 * to its owner; it must not be used by two arenas at once. */
typedef struct dp_arena_spare {
    struct dp_chunk *chunks;
    size_t bytes;
} dp_arena_spare;
dp_arena *dp_arena_new_from(size_t limit, dp_error *err, dp_arena_spare *spare) DP_MUST_CHECK;
void dp_arena_free_into(dp_arena *arena, dp_arena_spare *spare, size_t keep);
void dp_arena_spare_free(dp_arena_spare *spare);

/* Zero-filled, aligned for any type.  NULL (and an error) on failure. */
void *dp_arena_alloc(dp_arena *arena, size_t size) DP_MUST_CHECK;
/* n * size with overflow checked. */
void *dp_arena_array(dp_arena *arena, size_t n, size_t size) DP_MUST_CHECK;
/* The same, not zero-filled: for a big array its user fills before reading
 * (the decoder's and normalizer's per-instruction arrays, where zeroing was
 * a measurable part of a small function's time). */
void *dp_arena_array_uninit(dp_arena *arena, size_t n, size_t size) DP_MUST_CHECK;
/* A NUL-terminated copy of len bytes. */
char *dp_arena_strndup(dp_arena *arena, const char *s, size_t len) DP_MUST_CHECK;
/* Grow an array allocated from this arena: a new block, old contents copied. */
void *dp_arena_grow(dp_arena *arena, void *old, size_t old_size, size_t new_size) DP_MUST_CHECK;

size_t dp_arena_used(const dp_arena *arena);

/* For tests (tests/c/oom.c): the n-th call of dp_arena_alloc since the arena
 * was made fails as if the system were out of memory (0: none), so that the
 * handling of a failure can be checked at every allocation site. */
void dp_arena_fail_at(dp_arena *arena, unsigned long n);
unsigned long dp_arena_allocations(const dp_arena *arena);

/* The work budget of one decompilation or disassembly, relative to its
 * input.  Output can grow much faster than input: a constant shared through
 * marshal references prints again at every use (a 1.4 KB file of 300
 * LOAD_CONSTs of a 20-level tuple DAG would print 5 GB), and a DAG of code
 * objects is disassembled once per path.  The entry points (decompile.h,
 * disasm.h) therefore narrow the arena's budget, on entry, to what is
 * already allocated (the code model: the input, shared objects counted
 * once) times (1 + DP_WORK_FACTOR), plus DP_WORK_BASE; past it they fail
 * with DP_ERR_LIMIT.  The budget is only ever narrowed, never widened.
 * No module of the stdlib of 3.8-3.13 needs 5% of it (make sanitize's
 * sweep runs every one under it). */
#define DP_WORK_BASE ((size_t)64 << 20)
#define DP_WORK_FACTOR 256
void dp_arena_bound_work(dp_arena *arena);
dp_error *dp_arena_error(dp_arena *arena);

#endif
