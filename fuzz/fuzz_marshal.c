/* fuzz_marshal.c — libFuzzer target: the .pyc header and marshal reader.
 *
 * Input: a .pyc file.  dp_pyc_read must succeed or fail cleanly; on success
 * every field of the code model it built is read once (a bounded walk of
 * the object graph), so that a count that disagrees with its array, a
 * string without its NUL or a dangling pointer shows under ASan.  The same
 * bytes after the 16-byte header are also read as bare marshal data of the
 * version the header's first byte picks (a header the reader rejects still
 * exercises the marshal reader). */
#include <stdint.h>
#include <string.h>

#include "fuzz_common.h"
#include "marshal.h"
#include "pyc.h"

typedef struct walk {
    size_t budget; /* objects left to visit: a shared DAG is walked as a tree */
    volatile uint64_t sum;
} walk;

static void touch_str(walk *w, dp_str s)
{
    if (s.data == NULL) {
        dp_error e = {DP_ERR_BAD_CODE, "a string without data"};
        fuzz_fail("model", -1, &e);
    }
    if (s.len)
        w->sum += (uint8_t)s.data[0] + (uint8_t)s.data[s.len - 1];
    w->sum += (uint8_t)s.data[s.len]; /* the NUL */
}

static void touch_strs(walk *w, dp_strs s)
{
    for (size_t i = 0; i < s.count; i++)
        touch_str(w, s.items[i]);
}

static void touch_bytes(walk *w, const uint8_t *p, size_t n)
{
    if (n)
        w->sum += p[0] + p[n - 1];
}

static void touch_object(walk *w, const dp_object *obj);

static void touch_code(walk *w, const dp_code *c)
{
    touch_bytes(w, c->code, c->code_len);
    touch_strs(w, c->names);
    touch_strs(w, c->localsplus_names);
    touch_bytes(w, c->localsplus_kinds, c->localsplus_names.count);
    touch_strs(w, c->varnames);
    touch_strs(w, c->cellvars);
    touch_strs(w, c->freevars);
    touch_str(w, c->filename);
    touch_str(w, c->name);
    touch_str(w, c->qualname);
    touch_bytes(w, c->linetable, c->linetable_len);
    touch_bytes(w, c->exceptiontable, c->exceptiontable_len);
    for (size_t i = 0; i < c->n_consts; i++)
        touch_object(w, c->consts[i]);
}

static void touch_object(walk *w, const dp_object *obj)
{
    if (w->budget == 0)
        return;
    w->budget--;
    w->sum += obj->kind;
    switch (obj->kind) {
    case DP_OBJ_INT:
        if (obj->u.integer.ndigits)
            w->sum += obj->u.integer.digits[obj->u.integer.ndigits - 1];
        break;
    case DP_OBJ_STR:
    case DP_OBJ_BYTES:
        touch_str(w, obj->u.str);
        break;
    case DP_OBJ_TUPLE:
    case DP_OBJ_LIST:
    case DP_OBJ_SET:
    case DP_OBJ_FROZENSET:
    case DP_OBJ_DICT:
        for (size_t i = 0; i < obj->u.seq.count; i++)
            touch_object(w, obj->u.seq.items[i]);
        break;
    case DP_OBJ_CODE:
        touch_code(w, obj->u.code);
        break;
    default:
        break;
    }
}

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
    walk w = {.budget = 100000};
    if (rc == 0)
        touch_code(&w, pyc.module);
    dp_arena_free(arena);

    if (size > 16) {
        int version = DP_VERSION_MIN + data[0] % (DP_VERSION_MAX - DP_VERSION_MIN + 1);
        dp_error_init(&err);
        arena = dp_arena_new(FUZZ_ARENA_LIMIT, &err);
        if (arena == NULL)
            return 0;
        dp_object *obj = NULL;
        size_t consumed = 0;
        rc = dp_marshal_read(data + 16, size - 16, version, arena, &err, &obj, &consumed);
        fuzz_check(rc, &err);
        if (rc == 0) {
            if (consumed > size - 16)
                fuzz_fail("consumed more than the input", rc, &err);
            w.budget = 100000;
            touch_object(&w, obj);
        }
        dp_arena_free(arena);
    }
    return 0;
}
