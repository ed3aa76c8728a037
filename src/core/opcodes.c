/* opcodes.c — lookups over the tables tools/gen_opcodes.py generated.
 *
 * Everything here is static const data read from the interpreters
 * themselves (the headers under src/core/gen); this file only indexes and searches it. */
#include "opcodes.h"

#include "gen/opcodes_3_8.h"
#include "gen/opcodes_3_9.h"
#include "gen/opcodes_3_10.h"
#include "gen/opcodes_3_11.h"
#include "gen/opcodes_3_12.h"
#include "gen/opcodes_3_13.h"
#include "gen/magic.h"

static const dp_version_info *const dp_versions[] = {
    &dp_version_3_8,  &dp_version_3_9,  &dp_version_3_10,
    &dp_version_3_11, &dp_version_3_12, &dp_version_3_13,
};

#define DP_COUNTOF(a) (sizeof(a) / sizeof((a)[0]))

static const char *const dp_opcode_names[DP_OP__COUNT] = {
    [DP_OP_INVALID] = "<invalid>",
#define DP_OPNAME(name) [DP_OP_##name] = #name,
#include "gen/opnames.h"
#undef DP_OPNAME
};

const dp_version_info *dp_version_info_get(int version)
{
    for (size_t i = 0; i < DP_COUNTOF(dp_versions); i++) {
        if (dp_versions[i]->version == version)
            return dp_versions[i];
    }
    return NULL;
}

int dp_version_from_magic(uint16_t magic, const dp_magic **entry)
{
    size_t lo = 0, hi = DP_COUNTOF(dp_magics);
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (dp_magics[mid].magic < magic) {
            lo = mid + 1;
        } else if (dp_magics[mid].magic > magic) {
            hi = mid;
        } else {
            if (entry)
                *entry = &dp_magics[mid];
            return dp_magics[mid].version;
        }
    }
    if (entry)
        *entry = NULL;
    return 0;
}

/* "<invalid>" for DP_OP_INVALID and for values outside the enum, so the
 * result can always be printed. */
const char *dp_opcode_name(dp_opcode op)
{
    if ((int)op <= DP_OP_INVALID || (int)op >= DP_OP__COUNT)
        return dp_opcode_names[DP_OP_INVALID];
    return dp_opcode_names[op];
}

/* base + scale * arg, or *ok = 0 when that does not fit an int. */
static int dp_linear(const dp_stack_effect *e, int32_t arg, int *ok)
{
    int64_t v = (int64_t)e->base + (int64_t)e->scale * arg;
    if (v < INT32_MIN || v > INT32_MAX) {
        *ok = 0;
        return 0;
    }
    return (int)v;
}

/* The generator checked each model against dis.stack_effect at the
 * sampled arguments; the arithmetic mirrors its eval_model().  arg >= 0. */
static int dp_eval_effect(const dp_stack_effect *e, int32_t arg, int *ok)
{
    *ok = 1;
    switch ((dp_effect_kind)e->kind) {
    case DP_EFFECT_FIXED:
        return e->base;
    case DP_EFFECT_LINEAR:
        return dp_linear(e, arg, ok);
    case DP_EFFECT_MASKED:
        return e->table[arg & e->mask];
    case DP_EFFECT_SMALL:
        return arg < 16 ? e->table[arg] : dp_linear(e, arg, ok);
    case DP_EFFECT_UNPACK_EX:
        return e->base + (arg & 0xff) + (arg >> 8);
    case DP_EFFECT_NONE:
    default:
        break;
    }
    *ok = 0;
    return 0;
}

/* For an opcode that takes no argument, arg is ignored (dis.stack_effect is
 * then called without one).  A negative arg is outside every model's
 * domain (opargs are unsigned) and reports *ok = 0. */
int dp_stack_effect_model(const dp_version_info *vi, int raw_op, int32_t arg, int jump, int *ok)
{
    int dummy;
    if (!ok)
        ok = &dummy;
    *ok = 0;
    if (!vi || raw_op < 0 || raw_op > 255)
        return 0;
    const dp_opinfo *info = &vi->ops[raw_op];
    if (!info->name)
        return 0;
    const dp_stack_effect *e = jump ? &info->effect_jump : &info->effect;
    if (!(info->flags & DP_OPF_HAS_ARG))
        arg = 0;
    if (arg < 0)
        return 0;
    return dp_eval_effect(e, arg, ok);
}

int dp_is_printable(const dp_version_info *vi, uint32_t cp)
{
    if (!vi || cp > 0x10FFFF)
        return 0;
    size_t lo = 0, hi = vi->n_nonprintable;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (vi->nonprintable[mid][1] < cp)
            lo = mid + 1;
        else if (vi->nonprintable[mid][0] > cp)
            hi = mid;
        else
            return 0;
    }
    return 1;
}
