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
#include <stdint.h>
#include <string.h>
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

/* The part of an arena that the inline allocation below reads and writes
 * (the first member of struct dp_arena; the rest is private to arena.c).
 * A decompilation allocates some hundred times per code object, so the
 * common case, room in the current chunk and in the budget, is a few
 * instructions where it is called. */
typedef struct dp_arena_fast {
    unsigned char *next, *end;  /* the current chunk's free space */
    size_t left;                /* bytes the budget still allows */
    unsigned long allocations;  /* calls so far */
    unsigned long fail_at;      /* that call fails as if out of memory (tests), 0: none */
} dp_arena_fast;

#define DP_ARENA_ALIGN ((size_t)16)
#define DP_ARENA_CHUNK ((size_t)64 * 1024)

/* Everything else: a new chunk, the budget, an injected failure. */
void *dp_arena_alloc_slow(dp_arena *arena, size_t size, int zeroed) DP_MUST_CHECK;

static inline void *dp_arena_take(dp_arena *arena, size_t size, int zeroed)
{
    dp_arena_fast *f = (dp_arena_fast *)(void *)arena;
    /* (size 0 wraps around and takes the slow path, which makes it 1) */
    if (++f->allocations != f->fail_at && size - 1 < DP_ARENA_CHUNK) {
        size_t rounded = (size + DP_ARENA_ALIGN - 1) & ~(DP_ARENA_ALIGN - 1);
        if (rounded <= (size_t)(f->end - f->next) && rounded <= f->left) {
            void *p = f->next;
            f->next += rounded;
            f->left -= rounded;
            if (zeroed)
                memset(p, 0, size);
            return p;
        }
    }
    return dp_arena_alloc_slow(arena, size, zeroed);
}

/* Zero-filled, aligned for any type.  NULL (and an error) on failure. */
DP_MUST_CHECK static inline void *dp_arena_alloc(dp_arena *arena, size_t size)
{
    return dp_arena_take(arena, size, 1);
}

/* The error of an array whose n * size overflows; NULL. */
void *dp_arena_overflow(dp_arena *arena, size_t n, size_t size);

static inline void *dp_arena_take_array(dp_arena *arena, size_t n, size_t size, int zeroed)
{
    if (size != 0 && n > SIZE_MAX / size)
        return dp_arena_overflow(arena, n, size);
    return dp_arena_take(arena, n * size, zeroed);
}

/* n * size with overflow checked. */
DP_MUST_CHECK static inline void *dp_arena_array(dp_arena *arena, size_t n, size_t size)
{
    return dp_arena_take_array(arena, n, size, 1);
}

/* The same, not zero-filled: for a big array its user fills before reading
 * (the decoder's and normalizer's per-instruction arrays, where zeroing was
 * a measurable part of a small function's time). */
DP_MUST_CHECK static inline void *dp_arena_array_uninit(dp_arena *arena, size_t n, size_t size)
{
    return dp_arena_take_array(arena, n, size, 0);
}
/* A NUL-terminated copy of len bytes. */
char *dp_arena_strndup(dp_arena *arena, const char *s, size_t len) DP_MUST_CHECK;
/* Grow an array allocated from this arena: a new block, old contents copied. */
void *dp_arena_grow(dp_arena *arena, void *old, size_t old_size, size_t new_size) DP_MUST_CHECK;

size_t dp_arena_used(const dp_arena *arena);
/* Counts n bytes that the caller keeps outside the arena for the arena's
 * lifetime (a code model that points into the live objects it was built
 * from) as used: the budget and dp_arena_bound_work see them as input.
 * -1 (and an error) when that exceeds the budget. */
int dp_arena_charge(dp_arena *arena, size_t n) DP_MUST_CHECK;

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
