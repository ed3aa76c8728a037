/* arena.c — chunked bump allocator with a byte budget. */
#include "arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define DP_ARENA_DEFAULT_LIMIT ((size_t)1 << 30)

typedef struct dp_chunk {
    struct dp_chunk *prev;
    size_t size;
    _Alignas(16) unsigned char data[];
} dp_chunk;

struct dp_arena {
    dp_arena_fast fast;  /* first: arena.h's inline allocation reads it */
    dp_chunk *head;      /* the current chunk (its free space is fast.next..fast.end) */
    dp_chunk *spare;     /* standard chunks taken from a dp_arena_spare, used before malloc */
    size_t limit;        /* bytes handed out are limit - fast.left */
    size_t input;        /* the bytes used when dp_arena_bound_work set the limit, 0 */
    dp_error *err;
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
    arena->fast.left = arena->limit;
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

/* Everything but arena.h's common case: an injected failure, a new chunk,
 * the budget, odd sizes.  The call is already counted. */
void *dp_arena_alloc_slow(dp_arena *arena, size_t size, int zeroed)
{
    dp_arena_fast *f = &arena->fast;
    if (size == 0)
        size = 1;
    if (f->allocations == f->fail_at) {
        dp_error_set(arena->err, DP_ERR_NOMEM, "out of memory (allocation %lu, injected)",
                     f->allocations);
        return NULL;
    }
    if (size > SIZE_MAX / 2) {
        dp_error_set(arena->err, DP_ERR_LIMIT, "allocation of %zu bytes is too large", size);
        return NULL;
    }
    size_t rounded = (size + DP_ARENA_ALIGN - 1) & ~(DP_ARENA_ALIGN - 1);
    if (rounded > f->left) {
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
    unsigned char *p;
    if (rounded <= (size_t)(f->end - f->next)) {
        p = f->next;
        f->next += rounded;
    } else {
        int big = rounded > DP_ARENA_CHUNK / 4;
        size_t chunk_size = big ? rounded : DP_ARENA_CHUNK;
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
        p = fresh->data;
        if (big && arena->head != NULL) {
            /* A big block gets its own chunk behind the current one, so the
             * current chunk's free tail is not wasted. */
            fresh->prev = arena->head->prev;
            arena->head->prev = fresh;
        } else {
            fresh->prev = arena->head;
            arena->head = fresh;
            f->next = p + rounded;
            f->end = p + chunk_size;
        }
    }
    f->left -= rounded;
    if (zeroed)
        memset(p, 0, size);
    return p;
}

void *dp_arena_overflow(dp_arena *arena, size_t n, size_t size)
{
    dp_error_set(arena->err, DP_ERR_LIMIT, "array of %zu x %zu bytes overflows", n, size);
    return NULL;
}

char *dp_arena_strndup(dp_arena *arena, const char *s, size_t len)
{
    if (len == SIZE_MAX) {
        dp_error_set(arena->err, DP_ERR_LIMIT, "string too long");
        return NULL;
    }
    char *p = dp_arena_take(arena, len + 1, 0);
    if (p == NULL)
        return NULL;
    if (len)
        memcpy(p, s, len);
    p[len] = '\0';
    return p;
}

void *dp_arena_grow(dp_arena *arena, void *old, size_t old_size, size_t new_size)
{
    unsigned char *p = dp_arena_take(arena, new_size, 0);
    size_t kept = old != NULL && old_size < new_size ? old_size : old != NULL ? new_size : 0;
    if (p == NULL)
        return NULL;
    if (kept)
        memcpy(p, old, kept);
    memset(p + kept, 0, new_size - kept);
    return p;
}

void dp_arena_fail_at(dp_arena *arena, unsigned long n)
{
    arena->fast.fail_at = n;
}

unsigned long dp_arena_allocations(const dp_arena *arena)
{
    return arena->fast.allocations;
}

void dp_arena_bound_work(dp_arena *arena)
{
    size_t used = arena->limit - arena->fast.left, bound;
    if (used > (SIZE_MAX - DP_WORK_BASE) / (DP_WORK_FACTOR + 1))
        return;
    bound = used * (DP_WORK_FACTOR + 1) + DP_WORK_BASE;
    if (bound < arena->limit) {
        arena->limit = bound;
        arena->fast.left = bound - used;
        arena->input = used;
    }
}

int dp_arena_charge(dp_arena *arena, size_t n)
{
    if (n > arena->fast.left)
        return dp_error_set(arena->err, DP_ERR_LIMIT, "memory budget of %zu bytes exceeded",
                            arena->limit);
    arena->fast.left -= n;
    return 0;
}

size_t dp_arena_used(const dp_arena *arena)
{
    return arena->limit - arena->fast.left;
}

dp_error *dp_arena_error(dp_arena *arena)
{
    return arena->err;
}
