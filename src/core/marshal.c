/* marshal.c — CPython's marshal format, versions 3.8 to 3.13.
 *
 * Loader functions are called in the order of the format, as in Lua's
 * lundump.c.  The reader keeps ptr/end, the nesting depth and the table of
 * back-references; errors go to the caller's dp_error and stay set. */
#include "marshal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Type codes, Python/marshal.c. */
enum {
    TYPE_NULL = '0',
    TYPE_NONE = 'N',
    TYPE_FALSE = 'F',
    TYPE_TRUE = 'T',
    TYPE_STOPITER = 'S',
    TYPE_ELLIPSIS = '.',
    TYPE_INT = 'i',
    TYPE_FLOAT = 'f',
    TYPE_BINARY_FLOAT = 'g',
    TYPE_COMPLEX = 'x',
    TYPE_BINARY_COMPLEX = 'y',
    TYPE_LONG = 'l',
    TYPE_STRING = 's',
    TYPE_INTERNED = 't',
    TYPE_REF = 'r',
    TYPE_TUPLE = '(',
    TYPE_LIST = '[',
    TYPE_DICT = '{',
    TYPE_CODE = 'c',
    TYPE_UNICODE = 'u',
    TYPE_SET = '<',
    TYPE_FROZENSET = '>',
    TYPE_ASCII = 'a',
    TYPE_ASCII_INTERNED = 'A',
    TYPE_SMALL_TUPLE = ')',
    TYPE_SHORT_ASCII = 'z',
    TYPE_SHORT_ASCII_INTERNED = 'Z',
    FLAG_REF = 0x80,
};

/* Functions off the recursive path (containers -> read_object -> ...) are
 * kept out of line, so that each level of nesting costs a small frame:
 * 2000 levels must fit a small thread stack (see DP_MARSHAL_MAX_DEPTH). */
#define NOINLINE DP_NOINLINE

#define MARSHAL_SHIFT 15
#define MARSHAL_BASE (1 << MARSHAL_SHIFT)

typedef struct reader {
    const uint8_t *start;
    const uint8_t *ptr;
    const uint8_t *end;
    int version;
    int depth;
    dp_arena *arena;
    dp_error *err;
    dp_object **refs;
    size_t n_refs;
    size_t cap_refs;
} reader;

static dp_object *read_object(reader *r);

static size_t offset_of(const reader *r)
{
    return (size_t)(r->ptr - r->start);
}

static int fail(reader *r, dp_status status, const char *what)
{
    return dp_error_set(r->err, status, "%s at byte %zu", what, offset_of(r));
}

static int need(reader *r, size_t n)
{
    if ((size_t)(r->end - r->ptr) < n)
        return fail(r, DP_ERR_TRUNCATED, "marshal data too short");
    return 0;
}

static int read_byte(reader *r, uint8_t *out)
{
    DP_RETURN_IF_ERROR(need(r, 1));
    *out = *r->ptr++;
    return 0;
}

static int read_i32(reader *r, int32_t *out)
{
    DP_RETURN_IF_ERROR(need(r, 4));
    uint32_t v = (uint32_t)r->ptr[0] | (uint32_t)r->ptr[1] << 8 |
                 (uint32_t)r->ptr[2] << 16 | (uint32_t)r->ptr[3] << 24;
    r->ptr += 4;
    memcpy(out, &v, sizeof v);
    return 0;
}

static int read_double(reader *r, double *out)
{
    DP_RETURN_IF_ERROR(need(r, 8));
    uint64_t bits = 0;
    for (int i = 7; i >= 0; i--)
        bits = bits << 8 | r->ptr[i];
    r->ptr += 8;
    memcpy(out, &bits, sizeof *out);
    return 0;
}

/* A size field: non-negative and not beyond what the remaining data could
 * possibly hold (each element takes at least min_bytes), so a hostile size
 * can never make us allocate more than the input justifies. */
static int read_size(reader *r, const char *what, size_t min_bytes, size_t *out)
{
    int32_t n;
    DP_RETURN_IF_ERROR(read_i32(r, &n));
    if (n < 0) {
        return dp_error_set(r->err, DP_ERR_BAD_MARSHAL,
                            "bad marshal data (%s size out of range) at byte %zu",
                            what, offset_of(r) - 4);
    }
    if ((size_t)n > (size_t)(r->end - r->ptr) / min_bytes)
        return fail(r, DP_ERR_TRUNCATED, "marshal data too short for its declared size");
    *out = (size_t)n;
    return 0;
}

static dp_object *new_object(reader *r, dp_obj_kind kind)
{
    dp_object *obj = dp_arena_alloc(r->arena, sizeof *obj);
    if (obj != NULL)
        obj->kind = kind;
    return obj;
}

/* Back-references: a slot is reserved before an object's children are
 * read and filled after, so a reference to an unfinished object (a cycle)
 * finds NULL and is rejected. */
static int reserve_ref(reader *r, int flag, size_t *slot)
{
    if (!flag)
        return 0;
    if (r->n_refs == r->cap_refs) {
        size_t cap = r->cap_refs ? r->cap_refs * 2 : 64;
        dp_object **grown = dp_arena_grow(r->arena, r->refs, r->n_refs * sizeof *grown,
                                          cap * sizeof *grown);
        if (grown == NULL)
            return -1;
        r->refs = grown;
        r->cap_refs = cap;
    }
    *slot = r->n_refs;
    r->refs[r->n_refs++] = NULL;
    return 0;
}

static dp_object *set_ref(reader *r, int flag, size_t slot, dp_object *obj)
{
    if (flag && obj != NULL)
        r->refs[slot] = obj;
    return obj;
}

/* Strings of the various string type codes become UTF-8 copies. */
static int valid_utf8_surrogatepass(const uint8_t *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        uint8_t c = s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t len;
        uint32_t cp, min;
        if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; min = 0x80; }
        else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; min = 0x800; }
        else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; min = 0x10000; }
        else return 0;
        if (n - i < len)
            return 0;
        for (size_t k = 1; k < len; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                return 0;
            cp = cp << 6 | (s[i + k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF)
            return 0;
        i += len;
    }
    return 1;
}

static int read_str_bytes(reader *r, size_t n, int latin1, dp_str *out)
{
    DP_RETURN_IF_ERROR(need(r, n));
    const uint8_t *src = r->ptr;
    r->ptr += n;
    size_t extra = 0;
    if (latin1) {
        /* The ASCII type codes are decoded as Latin-1 by CPython. */
        for (size_t i = 0; i < n; i++)
            extra += src[i] >= 0x80;
    }
    char *copy = dp_arena_alloc(r->arena, n + extra + 1);
    if (copy == NULL)
        return -1;
    if (extra == 0) {
        memcpy(copy, src, n);
    } else {
        size_t k = 0;
        for (size_t i = 0; i < n; i++) {
            if (src[i] < 0x80) {
                copy[k++] = (char)src[i];
            } else {
                copy[k++] = (char)(0xC0 | src[i] >> 6);
                copy[k++] = (char)(0x80 | (src[i] & 0x3F));
            }
        }
    }
    out->data = copy;
    out->len = n + extra;
    return 0;
}

static dp_object *read_string(reader *r, uint8_t type)
{
    size_t n;
    if (type == TYPE_SHORT_ASCII || type == TYPE_SHORT_ASCII_INTERNED) {
        uint8_t b;
        if (read_byte(r, &b) < 0)
            return NULL;
        n = b;
    } else if (read_size(r, type == TYPE_STRING ? "bytes" : "string", 1, &n) < 0) {
        return NULL;
    }
    int ascii = type == TYPE_ASCII || type == TYPE_ASCII_INTERNED ||
                type == TYPE_SHORT_ASCII || type == TYPE_SHORT_ASCII_INTERNED;
    const uint8_t *data = r->ptr;
    if (type == TYPE_UNICODE || type == TYPE_INTERNED) {
        if (need(r, n) < 0)
            return NULL;
        if (!valid_utf8_surrogatepass(data, n)) {
            fail(r, DP_ERR_BAD_MARSHAL, "bad marshal data (invalid UTF-8 string)");
            return NULL;
        }
    }
    dp_object *obj = new_object(r, type == TYPE_STRING ? DP_OBJ_BYTES : DP_OBJ_STR);
    if (obj == NULL || read_str_bytes(r, n, ascii, &obj->u.str) < 0)
        return NULL;
    return obj;
}

static dp_object *read_long(reader *r)
{
    int32_t n;
    if (read_i32(r, &n) < 0)
        return NULL;
    if (n < -0x7fffffff) {
        fail(r, DP_ERR_BAD_MARSHAL, "bad marshal data (long size out of range)");
        return NULL;
    }
    size_t ndigits = (size_t)(n < 0 ? -n : n);
    if (ndigits > (size_t)(r->end - r->ptr) / 2) {
        fail(r, DP_ERR_TRUNCATED, "marshal data too short for its declared size");
        return NULL;
    }
    dp_object *obj = new_object(r, DP_OBJ_INT);
    uint16_t *digits = dp_arena_array(r->arena, ndigits ? ndigits : 1, sizeof *digits);
    if (obj == NULL || digits == NULL)
        return NULL;
    for (size_t i = 0; i < ndigits; i++) {
        unsigned d = (unsigned)r->ptr[0] | (unsigned)r->ptr[1] << 8;
        r->ptr += 2;
        if (d >= MARSHAL_BASE) {
            fail(r, DP_ERR_BAD_MARSHAL, "bad marshal data (digit out of range in long)");
            return NULL;
        }
        digits[i] = (uint16_t)d;
    }
    if (ndigits && digits[ndigits - 1] == 0) {
        fail(r, DP_ERR_BAD_MARSHAL, "bad marshal data (unnormalized long data)");
        return NULL;
    }
    dp_int *v = &obj->u.integer;
    v->negative = n < 0;
    v->digits = digits;
    v->ndigits = ndigits;
    /* 4 digits are 60 bits: those always fit in int64. */
    if (ndigits <= 4) {
        int64_t mag = 0;
        for (size_t i = ndigits; i-- > 0;)
            mag = mag << MARSHAL_SHIFT | digits[i];
        v->small = v->negative ? -mag : mag;
    } else {
        v->is_big = 1;
    }
    return obj;
}

static NOINLINE int read_text_double(reader *r, double *out)
{
    uint8_t n;
    DP_RETURN_IF_ERROR(read_byte(r, &n));
    DP_RETURN_IF_ERROR(need(r, n));
    char text[256];
    memcpy(text, r->ptr, n);
    text[n] = '\0';
    r->ptr += n;
    char *endp;
    *out = strtod(text, &endp);
    if (n == 0 || *endp != '\0')
        return fail(r, DP_ERR_BAD_MARSHAL, "bad marshal data (invalid float text)");
    return 0;
}

/* Sequences: tuple, small tuple, list, set, frozenset. */
static NOINLINE dp_object *read_sequence(reader *r, uint8_t type, dp_obj_kind kind, int flag)
{
    size_t n;
    if (type == TYPE_SMALL_TUPLE) {
        uint8_t b;
        if (read_byte(r, &b) < 0)
            return NULL;
        n = b;
        if (need(r, n) < 0)
            return NULL;
    } else if (read_size(r, "sequence", 1, &n) < 0) {
        return NULL;
    }
    size_t slot = 0;
    if (reserve_ref(r, flag, &slot) < 0)
        return NULL;
    dp_object *obj = new_object(r, kind);
    dp_object **items = dp_arena_array(r->arena, n ? n : 1, sizeof *items);
    if (obj == NULL || items == NULL)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        items[i] = read_object(r);
        if (items[i] == NULL)
            return NULL;
        if (items[i]->kind == DP_OBJ_NULL) {
            fail(r, DP_ERR_BAD_MARSHAL, "NULL object in marshal data for a sequence");
            return NULL;
        }
    }
    obj->u.seq.items = items;
    obj->u.seq.count = n;
    return set_ref(r, flag, slot, obj);
}

static NOINLINE dp_object *read_dict(reader *r, int flag)
{
    size_t slot = 0;
    if (reserve_ref(r, flag, &slot) < 0)
        return NULL;
    dp_object *obj = new_object(r, DP_OBJ_DICT);
    if (obj == NULL)
        return NULL;
    size_t count = 0, cap = 0;
    dp_object **items = NULL;
    for (;;) {
        dp_object *key = read_object(r);
        if (key == NULL)
            return NULL;
        if (key->kind == DP_OBJ_NULL)
            break;
        dp_object *value = read_object(r);
        if (value == NULL)
            return NULL;
        if (value->kind == DP_OBJ_NULL)
            break;
        if (count + 2 > cap) {
            size_t grown_cap = cap ? cap * 2 : 8;
            items = dp_arena_grow(r->arena, items, count * sizeof *items, grown_cap * sizeof *items);
            if (items == NULL)
                return NULL;
            cap = grown_cap;
        }
        items[count++] = key;
        items[count++] = value;
    }
    obj->u.seq.items = items;
    obj->u.seq.count = count;
    return set_ref(r, flag, slot, obj);
}

/* ---- code objects ---------------------------------------------------- */

static int expect_kind(reader *r, dp_object *obj, dp_obj_kind kind, const char *field)
{
    if (obj == NULL)
        return -1;
    if (obj->kind != kind)
        return dp_error_set(r->err, DP_ERR_BAD_CODE,
                            "bad code object: %s has the wrong type (before byte %zu)",
                            field, offset_of(r));
    return 0;
}

static int read_field(reader *r, dp_obj_kind kind, const char *field, dp_object **out)
{
    *out = read_object(r);
    return expect_kind(r, *out, kind, field);
}

/* A tuple of str becomes a dp_strs view. */
static int read_names(reader *r, const char *field, dp_strs *out)
{
    dp_object *tuple;
    DP_RETURN_IF_ERROR(read_field(r, DP_OBJ_TUPLE, field, &tuple));
    size_t n = tuple->u.seq.count;
    dp_str *items = dp_arena_array(r->arena, n ? n : 1, sizeof *items);
    if (items == NULL)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (tuple->u.seq.items[i]->kind != DP_OBJ_STR)
            return dp_error_set(r->err, DP_ERR_BAD_CODE,
                                "bad code object: %s[%zu] is not a str (before byte %zu)",
                                field, i, offset_of(r));
        items[i] = tuple->u.seq.items[i]->u.str;
    }
    out->items = items;
    out->count = n;
    return 0;
}

static int read_str_field(reader *r, const char *field, dp_str *out)
{
    dp_object *obj;
    DP_RETURN_IF_ERROR(read_field(r, DP_OBJ_STR, field, &obj));
    *out = obj->u.str;
    return 0;
}

static int read_bytes_field(reader *r, const char *field, const uint8_t **data, size_t *len)
{
    dp_object *obj;
    DP_RETURN_IF_ERROR(read_field(r, DP_OBJ_BYTES, field, &obj));
    *data = (const uint8_t *)obj->u.str.data;
    *len = obj->u.str.len;
    return 0;
}

static int concat_names(reader *r, const dp_strs *parts, size_t nparts, dp_strs *out)
{
    size_t total = 0;
    for (size_t i = 0; i < nparts; i++)
        total += parts[i].count;
    dp_str *items = dp_arena_array(r->arena, total ? total : 1, sizeof *items);
    if (items == NULL)
        return -1;
    size_t k = 0;
    for (size_t i = 0; i < nparts; i++)
        for (size_t j = 0; j < parts[i].count; j++)
            items[k++] = parts[i].items[j];
    out->items = items;
    out->count = total;
    return 0;
}

/* ≤3.10: synthesize the 3.11 fast-locals view from the classic tuples. */
static int synthesize_localsplus(reader *r, dp_code *code)
{
    dp_strs parts[3] = {code->varnames, code->cellvars, code->freevars};
    DP_RETURN_IF_ERROR(concat_names(r, parts, 3, &code->localsplus_names));
    uint8_t *kinds = dp_arena_alloc(r->arena, code->localsplus_names.count + 1);
    if (kinds == NULL)
        return -1;
    size_t k = 0;
    for (size_t i = 0; i < code->varnames.count; i++)
        kinds[k++] = DP_FAST_LOCAL;
    for (size_t i = 0; i < code->cellvars.count; i++)
        kinds[k++] = DP_FAST_CELL;
    for (size_t i = 0; i < code->freevars.count; i++)
        kinds[k++] = DP_FAST_FREE;
    code->localsplus_kinds = kinds;
    return 0;
}

/* 3.11+: derive co_varnames/co_cellvars/co_freevars from the kinds. */
static int derive_classic_views(reader *r, dp_code *code)
{
    size_t n = code->localsplus_names.count;
    dp_strs *views[3] = {&code->varnames, &code->cellvars, &code->freevars};
    const uint8_t masks[3] = {DP_FAST_LOCAL, DP_FAST_CELL, DP_FAST_FREE};
    for (int v = 0; v < 3; v++) {
        dp_str *items = dp_arena_array(r->arena, n ? n : 1, sizeof *items);
        if (items == NULL)
            return -1;
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
            if (code->localsplus_kinds[i] & masks[v])
                items[k++] = code->localsplus_names.items[i];
        views[v]->items = items;
        views[v]->count = k;
    }
    code->nlocals = (int32_t)code->varnames.count;
    return 0;
}

/* The checks CPython's code constructor makes, so later phases can trust
 * counts and indices without re-checking them. */
static int validate_code(reader *r, const dp_code *c)
{
    const char *problem = NULL;
    if (c->argcount < 0 || c->posonlyargcount < 0 || c->kwonlyargcount < 0 ||
        c->nlocals < 0 || c->stacksize < 0 || c->flags < 0)
        problem = "a negative count or flags";
    else if (c->posonlyargcount > c->argcount)
        problem = "more positional-only arguments than arguments";
    else if (c->code_len == 0 || c->code_len % 2 != 0)
        problem = "bytecode length is zero or odd";
    else if ((size_t)c->argcount + (size_t)c->kwonlyargcount +
                 !!(c->flags & DP_CO_VARARGS) + !!(c->flags & DP_CO_VARKEYWORDS) >
             c->varnames.count)
        problem = "more arguments than local variable names";
    else if (c->version <= 310 && (size_t)c->nlocals != c->varnames.count)
        problem = "co_nlocals differs from the number of co_varnames";
    if (problem == NULL)
        return 0;
    return dp_error_set(r->err, DP_ERR_BAD_CODE, "bad code object '%s': %s (before byte %zu)",
                        c->name.data ? c->name.data : "?", problem, offset_of(r));
}

static NOINLINE dp_object *read_code(reader *r, int flag)
{
    size_t slot = 0;
    if (reserve_ref(r, flag, &slot) < 0)
        return NULL;
    dp_object *obj = new_object(r, DP_OBJ_CODE);
    dp_code *c = dp_arena_alloc(r->arena, sizeof *c);
    if (obj == NULL || c == NULL)
        return NULL;
    obj->u.code = c;
    c->version = r->version;
    int modern = r->version >= 311;

    if (read_i32(r, &c->argcount) < 0 || read_i32(r, &c->posonlyargcount) < 0 ||
        read_i32(r, &c->kwonlyargcount) < 0)
        return NULL;
    if (!modern && read_i32(r, &c->nlocals) < 0)
        return NULL;
    if (read_i32(r, &c->stacksize) < 0 || read_i32(r, &c->flags) < 0)
        return NULL;
    if (read_bytes_field(r, "co_code", &c->code, &c->code_len) < 0)
        return NULL;
    dp_object *consts;
    if (read_field(r, DP_OBJ_TUPLE, "co_consts", &consts) < 0)
        return NULL;
    c->consts = consts->u.seq.items;
    c->n_consts = consts->u.seq.count;
    if (read_names(r, "co_names", &c->names) < 0)
        return NULL;
    if (modern) {
        size_t nkinds;
        if (read_names(r, "co_localsplusnames", &c->localsplus_names) < 0 ||
            read_bytes_field(r, "co_localspluskinds", &c->localsplus_kinds, &nkinds) < 0)
            return NULL;
        if (nkinds != c->localsplus_names.count) {
            fail(r, DP_ERR_BAD_CODE, "bad code object: co_localspluskinds and names differ in length");
            return NULL;
        }
        if (derive_classic_views(r, c) < 0)
            return NULL;
    } else {
        if (read_names(r, "co_varnames", &c->varnames) < 0 ||
            read_names(r, "co_freevars", &c->freevars) < 0 ||
            read_names(r, "co_cellvars", &c->cellvars) < 0)
            return NULL;
        if (synthesize_localsplus(r, c) < 0)
            return NULL;
    }
    if (read_str_field(r, "co_filename", &c->filename) < 0 ||
        read_str_field(r, "co_name", &c->name) < 0)
        return NULL;
    if (modern) {
        if (read_str_field(r, "co_qualname", &c->qualname) < 0)
            return NULL;
    } else {
        c->qualname = c->name;
    }
    if (read_i32(r, &c->firstlineno) < 0)
        return NULL;
    if (read_bytes_field(r, modern ? "co_linetable" : "co_lnotab", &c->linetable,
                         &c->linetable_len) < 0)
        return NULL;
    if (modern && read_bytes_field(r, "co_exceptiontable", &c->exceptiontable,
                                   &c->exceptiontable_len) < 0)
        return NULL;
    if (validate_code(r, c) < 0)
        return NULL;
    return set_ref(r, flag, slot, obj);
}

/* ---- dispatch --------------------------------------------------------- */

static dp_object *read_simple(reader *r, dp_obj_kind kind, int flag)
{
    dp_object *obj = new_object(r, kind);
    if (obj != NULL && flag) {
        size_t slot;
        if (reserve_ref(r, flag, &slot) < 0)
            return NULL;
        r->refs[slot] = obj;
    }
    return obj;
}

/* Everything but containers and references. */
static NOINLINE dp_object *read_scalar(reader *r, uint8_t code)
{
    int flag = code & FLAG_REF;
    uint8_t type = code & ~FLAG_REF;
    dp_object *obj;
    switch (type) {
    case TYPE_NULL:
        return read_simple(r, DP_OBJ_NULL, 0);
    case TYPE_NONE:
        return read_simple(r, DP_OBJ_NONE, 0);
    case TYPE_FALSE:
        return read_simple(r, DP_OBJ_FALSE, 0);
    case TYPE_TRUE:
        return read_simple(r, DP_OBJ_TRUE, 0);
    case TYPE_STOPITER:
        return read_simple(r, DP_OBJ_STOPITER, 0);
    case TYPE_ELLIPSIS:
        return read_simple(r, DP_OBJ_ELLIPSIS, 0);
    case TYPE_INT: {
        int32_t v;
        if (read_i32(r, &v) < 0 || (obj = read_simple(r, DP_OBJ_INT, flag)) == NULL)
            return NULL;
        obj->u.integer.small = v;
        return obj;
    }
    case TYPE_LONG: {
        size_t slot = 0;
        if (reserve_ref(r, flag, &slot) < 0)
            return NULL;
        return set_ref(r, flag, slot, read_long(r));
    }
    case TYPE_FLOAT:
    case TYPE_BINARY_FLOAT: {
        double v;
        if ((type == TYPE_FLOAT ? read_text_double(r, &v) : read_double(r, &v)) < 0)
            return NULL;
        if ((obj = read_simple(r, DP_OBJ_FLOAT, flag)) == NULL)
            return NULL;
        obj->u.real = v;
        return obj;
    }
    case TYPE_COMPLEX:
    case TYPE_BINARY_COMPLEX: {
        double re, im;
        if (type == TYPE_COMPLEX) {
            if (read_text_double(r, &re) < 0 || read_text_double(r, &im) < 0)
                return NULL;
        } else if (read_double(r, &re) < 0 || read_double(r, &im) < 0) {
            return NULL;
        }
        if ((obj = read_simple(r, DP_OBJ_COMPLEX, flag)) == NULL)
            return NULL;
        obj->u.complex.real = re;
        obj->u.complex.imag = im;
        return obj;
    }
    case TYPE_STRING:
    case TYPE_INTERNED:
    case TYPE_UNICODE:
    case TYPE_ASCII:
    case TYPE_ASCII_INTERNED:
    case TYPE_SHORT_ASCII:
    case TYPE_SHORT_ASCII_INTERNED: {
        size_t slot = 0;
        if (reserve_ref(r, flag, &slot) < 0)
            return NULL;
        return set_ref(r, flag, slot, read_string(r, type));
    }
    case TYPE_REF: {
        int32_t index;
        if (read_i32(r, &index) < 0)
            return NULL;
        if (index < 0 || (size_t)index >= r->n_refs || r->refs[index] == NULL) {
            dp_error_set(r->err, DP_ERR_BAD_REF,
                         "bad marshal data (invalid reference %ld) at byte %zu",
                         (long)index, offset_of(r) - 5);
            return NULL;
        }
        return r->refs[index];
    }
    default:
        dp_error_set(r->err, DP_ERR_BAD_MARSHAL,
                     "bad marshal data (unknown type code 0x%02x) at byte %zu",
                     code, offset_of(r) - 1);
        return NULL;
    }
}

static NOINLINE dp_object *too_deep(reader *r)
{
    dp_error_set(r->err, DP_ERR_TOO_DEEP, "marshal data nested deeper than %d levels at byte %zu",
                 DP_MARSHAL_MAX_DEPTH, offset_of(r) - 1);
    return NULL;
}

static dp_object *read_object(reader *r)
{
    if (r->ptr == r->end) {
        need(r, 1);
        return NULL;
    }
    uint8_t code = *r->ptr++, type = code & ~FLAG_REF;
    int flag = code & FLAG_REF;
    if (++r->depth > DP_MARSHAL_MAX_DEPTH)
        return too_deep(r);
    dp_object *obj;
    switch (type) {
    case TYPE_TUPLE:
    case TYPE_SMALL_TUPLE:
        obj = read_sequence(r, type, DP_OBJ_TUPLE, flag);
        break;
    case TYPE_LIST:
        obj = read_sequence(r, type, DP_OBJ_LIST, flag);
        break;
    case TYPE_SET:
        obj = read_sequence(r, type, DP_OBJ_SET, flag);
        break;
    case TYPE_FROZENSET:
        obj = read_sequence(r, type, DP_OBJ_FROZENSET, flag);
        break;
    case TYPE_DICT:
        obj = read_dict(r, flag);
        break;
    case TYPE_CODE:
        obj = read_code(r, flag);
        break;
    default:
        obj = read_scalar(r, code);
        break;
    }
    r->depth--;
    return obj;
}

int dp_marshal_read(const uint8_t *data, size_t len, int version,
                    dp_arena *arena, dp_error *err,
                    dp_object **out, size_t *consumed)
{
    if (version < DP_VERSION_MIN || version > DP_VERSION_MAX)
        return dp_error_set(err, DP_ERR_UNSUPPORTED, "unsupported Python version %d.%d",
                            version / 100, version % 100);
    reader r = {
        .start = data, .ptr = data, .end = data + len,
        .version = version, .arena = arena, .err = err,
    };
    dp_object *obj = read_object(&r);
    if (obj == NULL) {
        if (err->status == DP_OK)
            dp_error_set(err, DP_ERR_BAD_MARSHAL, "bad marshal data");
        return -1;
    }
    if (obj->kind == DP_OBJ_NULL)
        return dp_error_set(err, DP_ERR_BAD_MARSHAL, "bad marshal data (NULL object at top level)");
    *out = obj;
    if (consumed != NULL)
        *consumed = offset_of(&r);
    return 0;
}
