/* buf.h — a growable text buffer in an arena, for output text.
 *
 * Capacity doubles, so building a text of n bytes costs O(n) time and at
 * most ~2n bytes of arena.  A failed append records the arena's error and
 * makes every later append a no-op; check dp_buf_ok() (or the -1 results). */
#ifndef DEPYF_BUF_H
#define DEPYF_BUF_H

#include <stddef.h>
#include <string.h>
#include "arena.h"
#include "error.h"

typedef struct dp_buf {
    char *data;       /* NUL-terminated while ok */
    size_t len;
    size_t cap;
    dp_arena *arena;
    int failed;
} dp_buf;

void dp_buf_init(dp_buf *buf, dp_arena *arena);
int dp_buf_append_slow(dp_buf *buf, const char *s, size_t n);
/* The printer appends short pieces, many per line: the common case (room
 * left, no earlier failure) is inline. */
static inline int dp_buf_append(dp_buf *buf, const char *s, size_t n)
{
    if (buf->failed || n >= buf->cap - buf->len)   /* (cap 0 before the first append) */
        return dp_buf_append_slow(buf, s, n);
    if (n)   /* (s may be NULL when n is 0) */
        memcpy(buf->data + buf->len, s, n);
    buf->len += n;
    buf->data[buf->len] = '\0';
    return 0;
}
static inline int dp_buf_puts(dp_buf *buf, const char *s)
{
    return dp_buf_append(buf, s, strlen(s));
}
static inline int dp_buf_putc(dp_buf *buf, char c)
{
    return dp_buf_append(buf, &c, 1);
}
int dp_buf_printf(dp_buf *buf, const char *fmt, ...) DP_PRINTF(2, 3);
/* Append c n times (padding). */
int dp_buf_fill(dp_buf *buf, char c, size_t n);
static inline int dp_buf_ok(const dp_buf *buf) { return !buf->failed; }

#endif
