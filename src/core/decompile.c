/* decompile.c — placeholder until the decompiler lands (issue #3). */
#include "decompile.h"
#include <string.h>

int dp_decompile_module(const dp_code *code, dp_arena *arena, dp_error *err,
                        dp_decompile_result *out)
{
    memset(out, 0, sizeof *out);
    return dp_error_set(err, DP_ERR_UNSUPPORTED, "the decompiler is not built yet");
}

int dp_decompile_function(const dp_code *code, dp_arena *arena, dp_error *err,
                          dp_decompile_result *out)
{
    memset(out, 0, sizeof *out);
    return dp_error_set(err, DP_ERR_UNSUPPORTED, "the decompiler is not built yet");
}
