/* pyc.h — the .pyc container: a 16-byte header, then a marshalled module
 * code object (PEP 552 layout, Python 3.7+). */
#ifndef DEPYF_PYC_H
#define DEPYF_PYC_H

#include <stddef.h>
#include <stdint.h>
#include "arena.h"
#include "error.h"
#include "model.h"
#include "opcodes.h"

enum {
    DP_PYC_HASH_BASED = 0x1,   /* flags bit 0: source hash instead of mtime */
    DP_PYC_CHECK_SOURCE = 0x2, /* flags bit 1: checked hash-based pyc */
};

typedef struct dp_pyc {
    uint16_t magic;
    int version;               /* 308 ... 313 */
    const dp_magic *release;   /* the magic number's history entry */
    uint32_t flags;
    uint32_t mtime;            /* timestamp-based pycs */
    uint32_t source_size;
    uint8_t source_hash[8];    /* hash-based pycs */
    dp_code *module;           /* the module's code object */
} dp_pyc;

int dp_pyc_read(const uint8_t *data, size_t len, dp_arena *arena,
                dp_error *err, dp_pyc *out) DP_MUST_CHECK;

#endif
