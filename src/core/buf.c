/* buf.c — growable arena text buffer. */
#include "buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void dp_buf_init(dp_buf *buf, dp_arena *arena)
{
    buf->data = NULL;
    buf->len = 0;
    buf->cap = 0;
    buf->arena = arena;
    buf->failed = 0;
}

/* Make room for n more bytes plus the terminating NUL. */
static int reserve(dp_buf *buf, size_t n)
{
    if (buf->failed)
        return -1;
    if (n >= (size_t)-1 / 4 - buf->len) {
        buf->failed = 1;
        return dp_error_set(dp_arena_error(buf->arena), DP_ERR_LIMIT, "output text too large");
    }
    size_t need = buf->len + n + 1;
    if (need <= buf->cap)
        return 0;
    size_t cap = buf->cap ? buf->cap : 256;
    while (cap < need)
        cap *= 2;
    char *grown = dp_arena_grow(buf->arena, buf->data, buf->len, cap);
    if (grown == NULL) {
        buf->failed = 1;
        return -1;
    }
    buf->data = grown;
    buf->cap = cap;
    return 0;
}

int dp_buf_append_slow(dp_buf *buf, const char *s, size_t n)
{
    DP_RETURN_IF_ERROR(reserve(buf, n));
    if (n)
        memcpy(buf->data + buf->len, s, n);
    buf->len += n;
    buf->data[buf->len] = '\0';
    return 0;
}

int dp_buf_fill(dp_buf *buf, char c, size_t n)
{
    DP_RETURN_IF_ERROR(reserve(buf, n));
    memset(buf->data + buf->len, c, n);
    buf->len += n;
    buf->data[buf->len] = '\0';
    return 0;
}

int dp_buf_printf(dp_buf *buf, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        buf->failed = 1;
        return dp_error_set(dp_arena_error(buf->arena), DP_ERR_LIMIT, "formatting failed");
    }
    if ((size_t)n < sizeof small)
        return dp_buf_append(buf, small, (size_t)n);
    DP_RETURN_IF_ERROR(reserve(buf, (size_t)n));
    va_start(ap, fmt);
    vsnprintf(buf->data + buf->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    buf->len += (size_t)n;
    return 0;
}
