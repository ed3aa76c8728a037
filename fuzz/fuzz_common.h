/* fuzz_common.h — what every fuzz target checks about an outcome.
 *
 * An outcome is either a success (rc 0, status DP_OK) or a clean error
 * (rc -1, a known status other than DP_OK, a non-empty one-line message).
 * Anything else aborts, so libFuzzer (and the replay driver) report it as a
 * crash, exactly like a sanitizer report would. */
#ifndef DEPYF_FUZZ_COMMON_H
#define DEPYF_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "error.h"

/* The arena budget of one fuzz case: below the core's own work budget
 * (DP_WORK_BASE + DP_WORK_FACTOR x the model, arena.h), so that an input
 * that amplifies its output reaches the limit, and its error path, in a
 * fraction of the time (no seed needs more than a few MiB). */
#define FUZZ_ARENA_LIMIT ((size_t)32 << 20)

static inline void fuzz_fail(const char *what, int rc, const dp_error *err)
{
    fprintf(stderr, "fuzz: inconsistent outcome: %s (rc %d, status %d, message \"%.480s\")\n",
            what, rc, (int)err->status, err->message);
    abort();
}

static inline void fuzz_check(int rc, const dp_error *err)
{
    if (rc != 0 && rc != -1)
        fuzz_fail("return value is neither 0 nor -1", rc, err);
    if ((unsigned)err->status >= DP_STATUS_COUNT)
        fuzz_fail("status out of range", rc, err);
    if (memchr(err->message, '\0', sizeof err->message) == NULL)
        fuzz_fail("message not NUL-terminated", rc, err);
    if (rc == 0) {
        if (err->status != DP_OK)
            fuzz_fail("rc 0 but a status is set", rc, err);
        return;
    }
    if (err->status == DP_OK)
        fuzz_fail("rc -1 but status DP_OK", rc, err);
    if (err->message[0] == '\0')
        fuzz_fail("error without a message", rc, err);
    if (strchr(err->message, '\n') != NULL || strchr(err->message, '\r') != NULL)
        fuzz_fail("message is more than one line", rc, err);
}

/* A successful text: NUL-terminated at its length. */
static inline void fuzz_check_text(const char *text, size_t len, const dp_error *err)
{
    if (text == NULL || text[len] != '\0')
        fuzz_fail("output text not NUL-terminated at its length", 0, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
