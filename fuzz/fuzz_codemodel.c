/* fuzz_codemodel.c — libFuzzer target: the in-memory path of the Python
 * extension.  A code model is built from the fuzz bytes as _codeconv.c
 * builds one from a live code object (codemodel.h: any version, bytecode,
 * line and exception tables, names; constants including opaque ones and
 * shared sub-objects; only _codeconv's own checks), then decompiled as
 * depyf.decompile does (a module or a function by the code's name, the
 * function with its line map, as the torch layer asks for it) and
 * disassembled as depyf's disassemble_code does. */
#include <stdint.h>
#include <string.h>

#include "codemodel.h"
#include "decompile.h"
#include "disasm.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dp_error err;
    dp_error_init(&err);
    dp_arena *arena = dp_arena_new(FUZZ_ARENA_LIMIT, &err);
    if (arena == NULL)
        return 0;
    dp_code *code = NULL;
    int rc = cm_decode(data, size, arena, &err, &code);
    fuzz_check(rc, &err);
    if (rc == 0) {
        dp_decompile_result res;
        rc = strcmp(code->name.data, "<module>") == 0 ? dp_decompile_module(code, arena, &err, &res)
                                                       : dp_decompile_function_lines(code, arena, &err, &res);
        fuzz_check(rc, &err);
        if (rc == 0)
            fuzz_check_text(res.text, res.len, &err);
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
