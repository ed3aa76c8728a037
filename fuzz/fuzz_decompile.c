/* fuzz_decompile.c — libFuzzer target: the whole command-line path.
 *
 * Input: a .pyc file.  Read (dp_pyc_read), then decompile (decode,
 * normalize, recover, print: dp_decompile_module for a module's code
 * object, dp_decompile_function for any other, as depyf.decompile picks)
 * and disassemble.  Each step must succeed or fail cleanly. */
#include <stdint.h>
#include <string.h>

#include "decompile.h"
#include "disasm.h"
#include "fuzz_common.h"
#include "pyc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dp_error err;
    dp_error_init(&err);
    dp_arena *arena = dp_arena_new(FUZZ_ARENA_LIMIT, &err);
    if (arena == NULL)
        return 0;
    dp_pyc pyc;
    memset(&pyc, 0, sizeof pyc);
    int rc = dp_pyc_read(data, size, arena, &err, &pyc);
    fuzz_check(rc, &err);
    if (rc == 0) {
        const dp_code *code = pyc.module;
        dp_decompile_result res;
        rc = strcmp(code->name.data, "<module>") == 0 ? dp_decompile_module(code, arena, &err, &res)
                                                       : dp_decompile_function(code, arena, &err, &res);
        fuzz_check(rc, &err);
        if (rc == 0)
            fuzz_check_text(res.text, res.len, &err);
        /* the disassembler on the same model, in a fresh error context */
        dp_error_init(&err);
        dp_buf out;
        dp_buf_init(&out, arena);
        rc = dp_disassemble(code, arena, &err, &out);
        fuzz_check(rc, &err);
        if (rc == 0)
            fuzz_check_text(out.data, out.len, &err);
    }
    dp_arena_free(arena);
    return 0;
}
