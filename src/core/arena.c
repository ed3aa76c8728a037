/* arena.c — chunked bump allocator with a byte budget. */
#include "arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define DP_ARENA_DEFAULT_LIMIT ((size_t)1 << 30)
#define DP_ARENA_CHUNK ((size_t)64 * 1024)
#define DP_ALIGN ((size_t)16)

typedef struct dp_chunk {
    struct dp_chunk *prev;
    size_t size;
    size_t used;
    _Alignas(16) unsigned char data[];
} dp_chunk;

struct dp_arena {
    dp_chunk *head;
    dp_chunk *spare;  /* standard chunks taken from a dp_arena_spare, used before malloc */
    size_t limit;
    size_t used;   /* bytes handed out, for the budget */
    size_t input;  /* the bytes used when dp_arena_bound_work set the limit, 0 */
    dp_error *err;
    unsigned long allocations; /* calls of dp_arena_alloc so far */
    unsigned long fail_at;     /* that call fails as if out of memory (tests), 0: none */
};

dp_arena *dp_arena_new_from(size_t limit, dp_error *err, dp_arena_spare *spare)
{
    dp_arena *arena = dp_arena_new(limit, err);
    if (arena != NULL && spare != NULL) {
        arena->spare = spare->chunks;
        spare->chunks = NULL;
        spare->bytes = 0;
    }
    return arena;
}

dp_arena *dp_arena_new(size_t limit, dp_error *err)
{
    dp_arena *arena = calloc(1, sizeof *arena);
    if (arena == NULL) {
        dp_error_set(err, DP_ERR_NOMEM, "out of memory creating an arena");
        return NULL;
    }
    arena->limit = limit ? limit : DP_ARENA_DEFAULT_LIMIT;
    arena->err = err;
    return arena;
}

void dp_arena_free(dp_arena *arena)
{
    dp_arena_free_into(arena, NULL, 0);
}

/* A list of chunks to the spare, standard ones only and up to `keep` bytes
 * in all; big blocks (their own chunk) and the rest are freed. */
static void give_back(dp_chunk *c, dp_arena_spare *spare, size_t keep)
{
    while (c != NULL) {
        dp_chunk *prev = c->prev;
        if (spare != NULL && c->size == DP_ARENA_CHUNK && spare->bytes + c->size <= keep) {
            c->prev = spare->chunks;
            spare->chunks = c;
            spare->bytes += c->size;
        } else {
            free(c);
        }
        c = prev;
    }
}

void dp_arena_free_into(dp_arena *arena, dp_arena_spare *spare, size_t keep)
{
    if (arena == NULL)
        return;
    give_back(arena->head, spare, keep);
    give_back(arena->spare, spare, keep);   /* taken but not needed */
    free(arena);
}

void dp_arena_spare_free(dp_arena_spare *spare)
{
    give_back(spare->chunks, NULL, 0);
    spare->chunks = NULL;
    spare->bytes = 0;
}

/* Everything but the common case: an injected failure, a new chunk, the
 * budget, odd sizes.  Kept out of line so that the common case costs a few
 * instructions (it is called some forty times for a trivial function). */
static DP_NOINLINE void *alloc_slow(dp_arena *arena, size_t size, int zeroed)
{
    if (size == 0)
        size = 1;
    if (arena->allocations == arena->fail_at) {
        dp_error_set(arena->err, DP_ERR_NOMEM, "out of memory (allocation %lu, injected)",
                     arena->allocations);
        return NULL;
    }
    if (size > SIZE_MAX / 2) {
        dp_error_set(arena->err, DP_ERR_LIMIT, "allocation of %zu bytes is too large", size);
        return NULL;
    }
    size_t rounded = (size + DP_ALIGN - 1) & ~(DP_ALIGN - 1);
    if (rounded > arena->limit - arena->used || arena->used > arena->limit) {
        if (arena->input)
            dp_error_set(arena->err, DP_ERR_LIMIT,
                         "work limit exceeded: more than %zu bytes of output and working memory "
                         "for a code model of %zu bytes (the limit is %d MiB + %d times the model)",
                         arena->limit - arena->input, arena->input, (int)(DP_WORK_BASE >> 20),
                         DP_WORK_FACTOR);
        else
            dp_error_set(arena->err, DP_ERR_LIMIT, "memory budget of %zu bytes exceeded", arena->limit);
        return NULL;
    }
    dp_chunk *c = arena->head;
    if (c == NULL || c->size - c->used < rounded) {
        size_t chunk_size = rounded > DP_ARENA_CHUNK / 4 ? rounded : DP_ARENA_CHUNK;
        dp_chunk *fresh;
        if (chunk_size == DP_ARENA_CHUNK && arena->spare != NULL) {
            fresh = arena->spare;
            arena->spare = fresh->prev;
        } else {
            fresh = malloc(sizeof *fresh + chunk_size);
        }
        if (fresh == NULL) {
            dp_error_set(arena->err, DP_ERR_NOMEM, "out of memory (%zu bytes)", chunk_size);
            return NULL;
        }
        fresh->size = chunk_size;
        fresh->used = 0;
        if (c != NULL && rounded > DP_ARENA_CHUNK / 4) {
            /* A big block gets its own chunk behind the current one, so the
             * current chunk's free tail is not wasted. */
            fresh->prev = c->prev;
            c->prev = fresh;
        } else {
            fresh->prev = c;
            arena->head = fresh;
        }
        c = fresh;
    }
    void *p = c->data + c->used;
    c->used += rounded;
    arena->used += rounded;
    if (zeroed)
        memset(p, 0, size);
    return p;
}

static inline void *alloc(dp_arena *arena, size_t size, int zeroed)
{
    dp_chunk *c = arena->head;
    if (++arena->allocations != arena->fail_at && c != NULL && size - 1 < DP_ARENA_CHUNK &&
        arena->used <= arena->limit) {
        size_t rounded = (size + DP_ALIGN - 1) & ~(DP_ALIGN - 1);
        if (rounded <= c->size - c->used && rounded <= arena->limit - arena->used) {
            void *p = c->data + c->used;
            c->used += rounded;
            arena->used += rounded;
            if (zeroed)
                memset(p, 0, size);
            return p;
        }
    }
    return alloc_slow(arena, size, zeroed);
}

void *dp_arena_alloc(dp_arena *arena, size_t size)
{
    return alloc(arena, size, 1);
}

void *dp_arena_array(dp_arena *arena, size_t n, size_t size)
{
    if (size != 0 && n > SIZE_MAX / size) {
        dp_error_set(arena->err, DP_ERR_LIMIT, "array of %zu x %zu bytes overflows", n, size);
        return NULL;
    }
    return dp_arena_alloc(arena, n * size);
}

void *dp_arena_array_uninit(dp_arena *arena, size_t n, size_t size)
{
    if (size != 0 && n > SIZE_MAX / size) {
        dp_error_set(arena->err, DP_ERR_LIMIT, "array of %zu x %zu bytes overflows", n, size);
        return NULL;
    }
    return alloc(arena, n * size, 0);
}

char *dp_arena_strndup(dp_arena *arena, const char *s, size_t len)
{
    if (len == SIZE_MAX) {
        dp_error_set(arena->err, DP_ERR_LIMIT, "string too long");
        return NULL;
    }
    char *p = dp_arena_alloc(arena, len + 1);
    if (p == NULL)
        return NULL;
    if (len)
        memcpy(p, s, len);
    p[len] = '\0';
    return p;
}

void *dp_arena_grow(dp_arena *arena, void *old, size_t old_size, size_t new_size)
{
    void *p = dp_arena_alloc(arena, new_size);
    if (p != NULL && old != NULL && old_size)
        memcpy(p, old, old_size < new_size ? old_size : new_size);
    return p;
}

void dp_arena_fail_at(dp_arena *arena, unsigned long n)
{
    arena->fail_at = n;
}

unsigned long dp_arena_allocations(const dp_arena *arena)
{
    return arena->allocations;
}

void dp_arena_bound_work(dp_arena *arena)
{
    size_t used = arena->used, bound;
    if (used > (SIZE_MAX - DP_WORK_BASE) / (DP_WORK_FACTOR + 1))
        return;
    bound = used * (DP_WORK_FACTOR + 1) + DP_WORK_BASE;
    if (bound < arena->limit) {
        arena->limit = bound;
        arena->input = used;
    }
}

size_t dp_arena_used(const dp_arena *arena)
{
    return arena->used;
}

dp_error *dp_arena_error(dp_arena *arena)
{
    return arena->err;
}
