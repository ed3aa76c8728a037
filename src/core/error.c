/* error.c — the sticky error context. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

void dp_error_init(dp_error *err)
{
    err->status = DP_OK;
    err->message[0] = '\0';
}

int dp_error_set(dp_error *err, dp_status status, const char *fmt, ...)
{
    if (err == NULL || err->status != DP_OK)
        return -1;
    err->status = status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    /* Messages quote names from the input: keep them on one line and free
     * of terminal control codes. */
    for (char *p = err->message; *p != '\0'; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = '?';
    return -1;
}

const char *dp_status_name(dp_status status)
{
    static const char *const names[DP_STATUS_COUNT] = {
        [DP_OK] = "ok",
        [DP_ERR_NOMEM] = "out-of-memory",
        [DP_ERR_LIMIT] = "limit-exceeded",
        [DP_ERR_TRUNCATED] = "truncated",
        [DP_ERR_BAD_MAGIC] = "bad-magic",
        [DP_ERR_BAD_MARSHAL] = "bad-marshal",
        [DP_ERR_BAD_REF] = "bad-reference",
        [DP_ERR_TOO_DEEP] = "too-deep",
        [DP_ERR_BAD_CODE] = "bad-code-object",
        [DP_ERR_BAD_BYTECODE] = "bad-bytecode",
        [DP_ERR_UNSUPPORTED] = "unsupported",
        [DP_ERR_UNRECOVERED] = "unrecovered",
        [DP_ERR_IO] = "io",
    };
    if ((unsigned)status >= DP_STATUS_COUNT)
        return "unknown";
    return names[status];
}
