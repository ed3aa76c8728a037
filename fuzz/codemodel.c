/* codemodel.c — the fuzz format of codemodel.h, both ways. */
#include "codemodel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "marshal.h" /* DP_MARSHAL_MAX_DEPTH */

/* ---- decoding --------------------------------------------------------- */

#define MAX_SHARED 4096

typedef struct dec {
    const uint8_t *p, *end;
    int version;
    dp_arena *arena;
    dp_error *err;
    dp_object *shared[MAX_SHARED]; /* every object built so far, for tag 15 */
    size_t n_shared;
} dec;

static unsigned u8(dec *d)
{
    return d->p < d->end ? *d->p++ : 0;
}

static unsigned u16(dec *d)
{
    unsigned lo = u8(d);
    return lo | u8(d) << 8;
}

static uint32_t u32(dec *d)
{
    uint32_t lo = u16(d);
    return lo | (uint32_t)u16(d) << 16;
}

static double f64(dec *d)
{
    uint64_t bits = u32(d);
    bits |= (uint64_t)u32(d) << 32;
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

/* n bytes (fewer at the end of the input), copied with a NUL. */
static const uint8_t *take(dec *d, size_t n, size_t *len)
{
    size_t left = (size_t)(d->end - d->p);
    if (n > left)
        n = left;
    char *copy = dp_arena_strndup(d->arena, (const char *)d->p, n);
    d->p += n;
    *len = n;
    return (const uint8_t *)copy;
}

/* UTF-8 as 'surrogatepass' writes it (what _codeconv's strings are); any
 * other byte becomes '?'. */
static void fix_utf8(uint8_t *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        uint8_t c = s[i];
        size_t len = 0;
        uint32_t cp = 0, min = 0;
        if (c < 0x80) {
            i++;
            continue;
        }
        if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; min = 0x80; }
        else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; min = 0x800; }
        else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; min = 0x10000; }
        int ok = len != 0 && n - i >= len;
        for (size_t k = 1; ok && k < len; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                ok = 0;
            else
                cp = cp << 6 | (s[i + k] & 0x3F);
        }
        if (ok && (cp < min || cp > 0x10FFFF))
            ok = 0;
        if (!ok) {
            s[i++] = '?';
            continue;
        }
        i += len;
    }
}

static int str(dec *d, dp_str *out)
{
    size_t len;
    const uint8_t *s = take(d, u8(d), &len);
    if (s == NULL)
        return -1;
    fix_utf8((uint8_t *)s, len);
    out->data = (const char *)s;
    out->len = len;
    return 0;
}

static int blob(dec *d, const uint8_t **data, size_t *len)
{
    *data = take(d, u16(d), len);
    return *data ? 0 : -1;
}

static int too_deep(dec *d)
{
    return dp_error_set(d->err, DP_ERR_TOO_DEEP, "code object constants nested deeper than %d levels",
                        DP_MARSHAL_MAX_DEPTH);
}

static int code(dec *d, int depth, dp_code **out);

static int obj(dec *d, int depth, dp_object **out)
{
    if (depth > DP_MARSHAL_MAX_DEPTH)
        return too_deep(d);
    unsigned tag = u8(d) % 16;
    if (tag == 15) {
        unsigned i = u16(d);
        if (d->n_shared == 0)
            tag = 0;
        else {
            *out = d->shared[i % d->n_shared];
            return 0;
        }
    }
    dp_object *o = dp_arena_alloc(d->arena, sizeof *o);
    if (o == NULL)
        return -1;
    *out = o;
    switch (tag) {
    case 0: o->kind = DP_OBJ_NONE; break;
    case 1: o->kind = DP_OBJ_FALSE; break;
    case 2: o->kind = DP_OBJ_TRUE; break;
    case 3: o->kind = DP_OBJ_ELLIPSIS; break;
    case 4: o->kind = DP_OBJ_STOPITER; break;
    case 5:
        o->kind = DP_OBJ_INT;
        o->u.integer.small = (int32_t)u32(d);
        break;
    case 6: {
        /* as _codeconv: at least 3 digits (else it fits in 32 bits... or
         * not; any normalized magnitude is fine), top digit non-zero */
        size_t n = u8(d);
        uint16_t *digits = dp_arena_array(d->arena, n ? n : 1, sizeof *digits);
        if (digits == NULL)
            return -1;
        o->kind = DP_OBJ_INT;
        o->u.integer.negative = n & 1;
        n >>= 1;
        for (size_t i = 0; i < n; i++)
            digits[i] = (uint16_t)(u16(d) & 0x7fff);
        if (n && digits[n - 1] == 0)
            digits[n - 1] = 1;
        o->u.integer.digits = digits;
        o->u.integer.ndigits = n;
        if (n <= 4) {
            int64_t m = 0;
            for (size_t i = n; i-- > 0;)
                m = m << 15 | digits[i];
            o->u.integer.small = o->u.integer.negative ? -m : m;
        } else {
            o->u.integer.is_big = 1;
        }
        break;
    }
    case 7:
        o->kind = DP_OBJ_FLOAT;
        o->u.real = f64(d);
        break;
    case 8:
        o->kind = DP_OBJ_COMPLEX;
        o->u.complex.real = f64(d);
        o->u.complex.imag = f64(d);
        break;
    case 9:
        o->kind = DP_OBJ_STR;
        DP_RETURN_IF_ERROR(str(d, &o->u.str));
        break;
    case 10: {
        const uint8_t *b;
        size_t len;
        o->kind = DP_OBJ_BYTES;
        DP_RETURN_IF_ERROR(blob(d, &b, &len));
        o->u.str.data = (const char *)b;
        o->u.str.len = len;
        break;
    }
    case 11:
    case 12: {
        size_t n = u8(d);
        dp_object **items = dp_arena_array(d->arena, n ? n : 1, sizeof *items);
        if (items == NULL)
            return -1;
        o->kind = tag == 11 ? DP_OBJ_TUPLE : DP_OBJ_FROZENSET;
        for (size_t i = 0; i < n; i++)
            DP_RETURN_IF_ERROR(obj(d, depth + 1, &items[i]));
        o->u.seq.items = items;
        o->u.seq.count = n;
        break;
    }
    case 13:
        o->kind = DP_OBJ_CODE;
        DP_RETURN_IF_ERROR(code(d, depth, &o->u.code));
        break;
    default: {
        char name[32];
        size_t index = u8(d);
        size_t len = (size_t)snprintf(name, sizeof name, "__depyf_const_%zu", index);
        o->kind = DP_OBJ_OPAQUE;
        o->u.opaque.index = index;
        if ((o->u.opaque.name.data = dp_arena_strndup(d->arena, name, len)) == NULL)
            return -1;
        o->u.opaque.name.len = len;
        break;
    }
    }
    if (d->n_shared < MAX_SHARED)
        d->shared[d->n_shared++] = o;
    return 0;
}

static int strs(dec *d, size_t n, dp_strs *out)
{
    dp_str *items = dp_arena_array(d->arena, n ? n : 1, sizeof *items);
    if (items == NULL)
        return -1;
    for (size_t i = 0; i < n; i++)
        DP_RETURN_IF_ERROR(str(d, &items[i]));
    out->items = items;
    out->count = n;
    return 0;
}

/* The classic views from the kinds (3.11+), or, before 3.11, the kinds made
 * plain (LOCAL, CELL, FREE in that order) as a live code object has them. */
static int fast_locals(dec *d, dp_code *c)
{
    size_t n = u8(d);
    dp_str *names = dp_arena_array(d->arena, n ? n : 1, sizeof *names);
    uint8_t *kinds = dp_arena_alloc(d->arena, n + 1);
    if (names == NULL || kinds == NULL)
        return -1;
    for (size_t i = 0; i < n; i++) {
        kinds[i] = (uint8_t)u8(d);
        DP_RETURN_IF_ERROR(str(d, &names[i]));
    }
    const uint8_t masks[3] = {DP_FAST_LOCAL, DP_FAST_CELL, DP_FAST_FREE};
    dp_strs *views[3] = {&c->varnames, &c->cellvars, &c->freevars};
    if (d->version < 311) {
        /* each name is in exactly one group: the kind's lowest of the three bits */
        dp_str *sorted = dp_arena_array(d->arena, n ? n : 1, sizeof *sorted);
        uint8_t *sorted_kinds = dp_arena_alloc(d->arena, n + 1);
        if (sorted == NULL || sorted_kinds == NULL)
            return -1;
        size_t k = 0;
        for (int v = 0; v < 3; v++) {
            views[v]->items = sorted + k;
            for (size_t i = 0; i < n; i++) {
                int group = kinds[i] & DP_FAST_LOCAL ? 0 : kinds[i] & DP_FAST_CELL ? 1 :
                            kinds[i] & DP_FAST_FREE ? 2 : 0;
                if (group == v) {
                    sorted_kinds[k] = masks[v];
                    sorted[k++] = names[i];
                }
            }
            views[v]->count = (size_t)(sorted + k - views[v]->items);
        }
        c->localsplus_names.items = sorted;
        c->localsplus_names.count = n;
        c->localsplus_kinds = sorted_kinds;
        c->nlocals = (int32_t)c->varnames.count;
        return 0;
    }
    c->localsplus_names.items = names;
    c->localsplus_names.count = n;
    c->localsplus_kinds = kinds;
    for (int v = 0; v < 3; v++) {
        dp_str *items = dp_arena_array(d->arena, n ? n : 1, sizeof *items);
        if (items == NULL)
            return -1;
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
            if (kinds[i] & masks[v])
                items[k++] = names[i];
        views[v]->items = items;
        views[v]->count = k;
    }
    c->nlocals = (int32_t)c->varnames.count;
    return 0;
}

/* _codeconv.c's validate_code. */
static int validate(dec *d, const dp_code *c)
{
    const char *problem = NULL;
    if (c->argcount < 0 || c->posonlyargcount < 0 || c->kwonlyargcount < 0 ||
        c->nlocals < 0 || c->stacksize < 0 || c->flags < 0)
        problem = "a negative count or flags";
    else if (c->posonlyargcount > c->argcount)
        problem = "more positional-only arguments than arguments";
    else if (c->code_len == 0 || c->code_len % 2 != 0)
        problem = "bytecode length is zero or odd";
    else if ((size_t)c->argcount + (size_t)c->kwonlyargcount + !!(c->flags & DP_CO_VARARGS) +
                 !!(c->flags & DP_CO_VARKEYWORDS) > c->varnames.count)
        problem = "more arguments than local variable names";
    if (problem == NULL)
        return 0;
    return dp_error_set(d->err, DP_ERR_BAD_CODE, "bad code object '%s': %s", c->name.data, problem);
}

static int code(dec *d, int depth, dp_code **out)
{
    if (depth + 1 > DP_MARSHAL_MAX_DEPTH)
        return too_deep(d);
    dp_code *c = dp_arena_alloc(d->arena, sizeof *c);
    if (c == NULL)
        return -1;
    c->version = d->version;
    c->argcount = (int32_t)u8(d);
    c->posonlyargcount = (int32_t)u8(d);
    c->kwonlyargcount = (int32_t)u8(d);
    c->stacksize = (int32_t)u16(d);
    c->flags = (int32_t)(u32(d) & 0x7fffffff);
    c->firstlineno = (int32_t)u16(d);
    DP_RETURN_IF_ERROR(blob(d, &c->code, &c->code_len));
    size_t n = u8(d);
    c->consts = dp_arena_array(d->arena, n ? n : 1, sizeof *c->consts);
    if (c->consts == NULL)
        return -1;
    for (size_t i = 0; i < n; i++)
        DP_RETURN_IF_ERROR(obj(d, depth + 2, &c->consts[i]));
    c->n_consts = n;
    DP_RETURN_IF_ERROR(strs(d, u8(d), &c->names));
    DP_RETURN_IF_ERROR(fast_locals(d, c));
    DP_RETURN_IF_ERROR(str(d, &c->filename));
    DP_RETURN_IF_ERROR(str(d, &c->name));
    DP_RETURN_IF_ERROR(str(d, &c->qualname));
    if (d->version < 311)
        c->qualname = c->name;
    DP_RETURN_IF_ERROR(blob(d, &c->linetable, &c->linetable_len));
    DP_RETURN_IF_ERROR(blob(d, &c->exceptiontable, &c->exceptiontable_len));
    if (d->version < 311)
        c->exceptiontable_len = 0;
    DP_RETURN_IF_ERROR(validate(d, c));
    *out = c;
    return 0;
}

int cm_decode(const uint8_t *data, size_t size, dp_arena *arena, dp_error *err, dp_code **out)
{
    dec *d = calloc(1, sizeof *d);
    if (d == NULL)
        return dp_error_set(err, DP_ERR_NOMEM, "out of memory");
    d->p = data;
    d->end = data + size;
    d->arena = arena;
    d->err = err;
    d->version = DP_VERSION_MIN + (int)(u8(d) % (DP_VERSION_MAX - DP_VERSION_MIN + 1));
    int rc = code(d, 0, out);
    free(d);
    return rc;
}

/* ---- encoding --------------------------------------------------------- */

typedef struct enc {
    uint8_t *data;
    size_t len, cap;
    int failed;
    const dp_object *seen[MAX_SHARED]; /* in the decoder's order of tag-15 indices */
    size_t n_seen;
} enc;

static void put(enc *e, const void *p, size_t n)
{
    if (e->failed)
        return;
    if (e->len + n > e->cap) {
        size_t cap = e->cap ? e->cap : 4096;
        while (cap < e->len + n)
            cap *= 2;
        uint8_t *grown = realloc(e->data, cap);
        if (grown == NULL) {
            e->failed = 1;
            return;
        }
        e->data = grown;
        e->cap = cap;
    }
    memcpy(e->data + e->len, p, n);
    e->len += n;
}

static void put8(enc *e, unsigned v)
{
    uint8_t b = (uint8_t)v;
    put(e, &b, 1);
}

static void put16(enc *e, unsigned v)
{
    put8(e, v & 0xff);
    put8(e, v >> 8 & 0xff);
}

static void put32(enc *e, uint32_t v)
{
    put16(e, v & 0xffff);
    put16(e, v >> 16);
}

static void put64f(enc *e, double v)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    put32(e, (uint32_t)bits);
    put32(e, (uint32_t)(bits >> 32));
}

static void put_str(enc *e, dp_str s)
{
    if (s.len > 255) {
        e->failed = 1;
        return;
    }
    put8(e, (unsigned)s.len);
    put(e, s.data, s.len);
}

static void put_blob(enc *e, const void *p, size_t n)
{
    if (n > 65535) {
        e->failed = 1;
        return;
    }
    put16(e, (unsigned)n);
    put(e, p, n);
}

static void put_code(enc *e, const dp_code *c);

static void put_obj(enc *e, const dp_object *o)
{
    for (size_t i = 0; i < e->n_seen; i++) {
        if (e->seen[i] == o) {
            put8(e, 15);
            put16(e, (unsigned)i);
            return;
        }
    }
    switch (o->kind) {
    case DP_OBJ_NONE: put8(e, 0); break;
    case DP_OBJ_FALSE: put8(e, 1); break;
    case DP_OBJ_TRUE: put8(e, 2); break;
    case DP_OBJ_ELLIPSIS: put8(e, 3); break;
    case DP_OBJ_STOPITER: put8(e, 4); break;
    case DP_OBJ_INT:
        if (o->u.integer.ndigits == 0 && o->u.integer.small >= INT32_MIN &&
            o->u.integer.small <= INT32_MAX) {
            put8(e, 5);
            put32(e, (uint32_t)(int32_t)o->u.integer.small);
        } else if (o->u.integer.ndigits <= 127) {
            put8(e, 6);
            put8(e, (unsigned)(o->u.integer.ndigits << 1 | (o->u.integer.negative ? 1 : 0)));
            for (size_t i = 0; i < o->u.integer.ndigits; i++)
                put16(e, o->u.integer.digits[i]);
        } else {
            e->failed = 1;
        }
        break;
    case DP_OBJ_FLOAT:
        put8(e, 7);
        put64f(e, o->u.real);
        break;
    case DP_OBJ_COMPLEX:
        put8(e, 8);
        put64f(e, o->u.complex.real);
        put64f(e, o->u.complex.imag);
        break;
    case DP_OBJ_STR:
        put8(e, 9);
        put_str(e, o->u.str);
        break;
    case DP_OBJ_BYTES:
        put8(e, 10);
        put_blob(e, o->u.str.data, o->u.str.len);
        break;
    case DP_OBJ_TUPLE:
    case DP_OBJ_FROZENSET:
        if (o->u.seq.count > 255) {
            e->failed = 1;
            return;
        }
        put8(e, o->kind == DP_OBJ_TUPLE ? 11 : 12);
        put8(e, (unsigned)o->u.seq.count);
        for (size_t i = 0; i < o->u.seq.count; i++)
            put_obj(e, o->u.seq.items[i]);
        break;
    case DP_OBJ_CODE:
        put8(e, 13);
        put_code(e, o->u.code);
        break;
    default:
        put8(e, 14);
        put8(e, 0);
        break;
    }
    /* the decoder records objects after their children, as we do here */
    if (e->n_seen < MAX_SHARED)
        e->seen[e->n_seen++] = o;
}

static void put_code(enc *e, const dp_code *c)
{
    if (c->argcount > 255 || c->posonlyargcount > 255 || c->kwonlyargcount > 255 ||
        c->stacksize > 65535 || c->firstlineno > 65535 || c->firstlineno < 0 ||
        c->n_consts > 255 || c->names.count > 255 || c->localsplus_names.count > 255) {
        e->failed = 1;
        return;
    }
    put8(e, (unsigned)c->argcount);
    put8(e, (unsigned)c->posonlyargcount);
    put8(e, (unsigned)c->kwonlyargcount);
    put16(e, (unsigned)c->stacksize);
    put32(e, (uint32_t)c->flags);
    put16(e, (unsigned)c->firstlineno);
    put_blob(e, c->code, c->code_len);
    put8(e, (unsigned)c->n_consts);
    for (size_t i = 0; i < c->n_consts; i++)
        put_obj(e, c->consts[i]);
    put8(e, (unsigned)c->names.count);
    for (size_t i = 0; i < c->names.count; i++)
        put_str(e, c->names.items[i]);
    put8(e, (unsigned)c->localsplus_names.count);
    for (size_t i = 0; i < c->localsplus_names.count; i++) {
        put8(e, c->localsplus_kinds[i]);
        put_str(e, c->localsplus_names.items[i]);
    }
    put_str(e, c->filename);
    put_str(e, c->name);
    put_str(e, c->qualname);
    put_blob(e, c->linetable, c->linetable_len);
    put_blob(e, c->exceptiontable, c->exceptiontable_len);
}

int cm_encode(const dp_code *c, uint8_t **out, size_t *out_len)
{
    enc *e = calloc(1, sizeof *e);
    if (e == NULL)
        return -1;
    put8(e, (unsigned)(c->version - DP_VERSION_MIN));
    put_code(e, c);
    int rc = e->failed ? -1 : 0;
    if (rc == 0) {
        *out = e->data;
        *out_len = e->len;
    } else {
        free(e->data);
    }
    free(e);
    return rc;
}
