/* _codeconv.c — a live code object into the code model (see _codeconv.h).
 *
 * Each rule below mirrors what marshal writes (Python/marshal.c, w_object)
 * and src/core/marshal.c reads back, so that the two front ends build the
 * same model:
 *   - None, True, False, Ellipsis, StopIteration: their own kinds;
 *   - int: marshal's TYPE_INT (small, no digits) when it fits in 32 bits,
 *     else TYPE_LONG: base 2**15 digits of the magnitude, `small` set when
 *     there are at most 4 digits;
 *   - float, complex: the doubles; str: UTF-8 with lone surrogates kept
 *     ('surrogatepass'); bytes: the bytes;
 *   - tuple: the items; frozenset: the items in the order marshal writes
 *     them (iteration order up to 3.10, sorted by marshal.dumps of each item
 *     since 3.11);
 *   - code: the fields marshal writes, with the fast-locals views derived as
 *     marshal.c derives them, and the same validity checks;
 *   - anything else (including subclasses of those types, lists, sets,
 *     dicts): opaque.
 * Nesting is limited exactly as marshal limits it (DP_MARSHAL_MAX_DEPTH,
 * counted the same way, a shared object counted where it first occurs), so
 * a code object is accepted here if and only if marshal.dumps accepts it. */
#define PY_SSIZE_T_CLEAN
#include "_codeconv.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "marshal.h" /* src/core/marshal.h: DP_MARSHAL_MAX_DEPTH */

#define MAX_DEPTH DP_MARSHAL_MAX_DEPTH

/* Object identity -> a value, open addressing in the arena: cheaper than a
 * dict keyed by id(), which makes an int object per lookup.  The keys stay
 * alive while the conversion runs (the code object holds them). */
typedef struct ptr_map {
    const void **keys;
    void **values;
    size_t cap, n;     /* cap: 0 or a power of two */
} ptr_map;

typedef struct conv {
    dp_arena *arena;
    dp_error *err;
    PyObject *objects; /* list: the opaque constants, by index */
    ptr_map opaque;    /* object -> 1 + its index in objects */
    ptr_map done;      /* tuple/frozenset/code -> its dp_object */
    PyObject *dumps;   /* marshal.dumps (3.11+, loaded at the first frozenset) */
} conv;

static size_t ptr_hash(const void *key, size_t cap)
{
    return (size_t)(((uintptr_t)key >> 4) * (uintptr_t)0x9E3779B97F4A7C15u) & (cap - 1);
}

/* The value stored for key, or NULL. */
static void *ptr_map_get(const ptr_map *m, const void *key)
{
    if (m->cap == 0)
        return NULL;
    for (size_t i = ptr_hash(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
        if (m->keys[i] == key)
            return m->values[i];
        if (m->keys[i] == NULL)
            return NULL;
    }
}

/* Store key -> value (value not NULL, key not present); -1 if the arena fails. */
static int ptr_map_put(dp_arena *arena, ptr_map *m, const void *key, void *value)
{
    if (2 * (m->n + 1) > m->cap) {
        ptr_map grown = {NULL, NULL, m->cap ? 2 * m->cap : 32, 0};
        grown.keys = dp_arena_array(arena, grown.cap, sizeof *grown.keys);
        grown.values = dp_arena_array(arena, grown.cap, sizeof *grown.values);
        if (grown.keys == NULL || grown.values == NULL)
            return -1;
        for (size_t i = 0; i < m->cap; i++)
            if (m->keys[i] != NULL && ptr_map_put(arena, &grown, m->keys[i], m->values[i]) < 0)
                return -1;
        *m = grown;
    }
    size_t i = ptr_hash(key, m->cap);
    while (m->keys[i] != NULL)
        i = (i + 1) & (m->cap - 1);
    m->keys[i] = key;
    m->values[i] = value;
    m->n++;
    return 0;
}

static int conv_object(conv *c, PyObject *v, int depth, dp_object **out);

static int too_deep(conv *c)
{
    return dp_error_set(c->err, DP_ERR_TOO_DEEP,
                        "code object constants nested deeper than %d levels", MAX_DEPTH);
}

static int bad_code(conv *c, PyObject *code, const char *fmt, ...) DP_PRINTF(3, 4);

static int bad_code(conv *c, PyObject *code, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    PyObject *name = ((PyCodeObject *)code)->co_name;
    const char *utf8 = NULL;
    if (name != NULL && PyUnicode_Check(name)) {
        utf8 = PyUnicode_AsUTF8(name);
        if (utf8 == NULL)
            PyErr_Clear();
    }
    return dp_error_set(c->err, DP_ERR_BAD_CODE, "bad code object '%s': %s",
                        utf8 ? utf8 : "?", what);
}

static dp_object *new_object(conv *c, dp_obj_kind kind)
{
    dp_object *obj = dp_arena_alloc(c->arena, sizeof *obj);
    if (obj != NULL)
        obj->kind = kind;
    return obj;
}

static int copy_bytes(conv *c, const char *data, Py_ssize_t len, dp_str *out)
{
    char *copy = dp_arena_strndup(c->arena, data, (size_t)len);
    if (copy == NULL)
        return -1;
    out->data = copy;
    out->len = (size_t)len;
    return 0;
}

/* Text that lives as long as the code object being converted (the data of
 * a str or bytes it holds): the model points into it instead of copying;
 * the bytes still count as the model's size for the arena's work budget.
 * Both are NUL-terminated, as dp_str needs. */
static int borrow_bytes(conv *c, const char *data, Py_ssize_t len, dp_str *out)
{
    DP_RETURN_IF_ERROR(dp_arena_charge(c->arena, (size_t)len + 1));
    out->data = data;
    out->len = (size_t)len;
    return 0;
}

/* A str as UTF-8; lone surrogates are encoded as 'surrogatepass' does, as
 * marshal writes them. */
static int conv_str(conv *c, PyObject *s, dp_str *out)
{
    Py_ssize_t len;
    const char *utf8 = PyUnicode_AsUTF8AndSize(s, &len);   /* (kept in s) */
    if (utf8 != NULL)
        return borrow_bytes(c, utf8, len, out);
    if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError))
        return -1;
    PyErr_Clear();
    PyObject *bytes = PyUnicode_AsEncodedString(s, "utf-8", "surrogatepass");
    if (bytes == NULL)
        return -1;
    int rc = copy_bytes(c, PyBytes_AS_STRING(bytes), PyBytes_GET_SIZE(bytes), out);
    Py_DECREF(bytes);
    return rc;
}

/* An int: TYPE_INT when marshal would write one, else the TYPE_LONG digits. */
static int conv_int(conv *c, PyObject *v, dp_int *out)
{
    int overflow;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (x == -1 && PyErr_Occurred())
        return -1;
    if (!overflow && x >= INT32_MIN && x <= INT32_MAX) {
        out->small = x;
        return 0;
    }
    out->negative = overflow ? overflow < 0 : x < 0;
    PyObject *mag = PyNumber_Absolute(v);
    if (mag == NULL)
        return -1;
    PyObject *bytes = NULL;
    int rc = -1;
    PyObject *nbits_obj = PyObject_CallMethod(mag, "bit_length", NULL);
    if (nbits_obj == NULL)
        goto done;
    size_t nbits = PyLong_AsSize_t(nbits_obj);
    Py_DECREF(nbits_obj);
    if (nbits == (size_t)-1 && PyErr_Occurred())
        goto done;
    size_t nbytes = (nbits + 7) / 8;
    bytes = PyObject_CallMethod(mag, "to_bytes", "ns", (Py_ssize_t)nbytes, "little");
    if (bytes == NULL || !PyBytes_Check(bytes))
        goto done;
    const unsigned char *le = (const unsigned char *)PyBytes_AS_STRING(bytes);
    size_t ndigits = (nbits + 14) / 15;
    uint16_t *digits = dp_arena_array(c->arena, ndigits ? ndigits : 1, sizeof *digits);
    if (digits == NULL)
        goto done;
    /* Digit i holds bits [15i, 15i + 15): at most three bytes. */
    for (size_t i = 0; i < ndigits; i++) {
        size_t bit = 15 * i;
        uint32_t acc = 0;
        for (size_t k = 0; k < 3; k++) {
            size_t at = bit / 8 + k;
            if (at < nbytes)
                acc |= (uint32_t)le[at] << (8 * k);
        }
        digits[i] = (uint16_t)(acc >> (bit % 8) & 0x7fff);
    }
    out->digits = digits;
    out->ndigits = ndigits;
    if (ndigits <= 4) {
        int64_t m = 0;
        for (size_t i = ndigits; i-- > 0;)
            m = m << 15 | digits[i];
        out->small = out->negative ? -m : m;
    } else {
        out->is_big = 1;
    }
    rc = 0;
done:
    Py_XDECREF(bytes);
    Py_DECREF(mag);
    return rc;
}

/* The items of a frozenset in the order marshal writes them: a new list.
 * Since 3.11 marshal sorts them by (marshal.dumps(item), item), dumping
 * each item while the set holds the only reference it adds (borrowed up to
 * 3.12, a new reference in 3.13); the dump's reference flags depend on the
 * reference count, so we do the same.  A set marshal cannot write keeps its
 * iteration order. */
static PyObject *frozenset_items(conv *c, PyObject *set)
{
#if DPY_VERSION < 311
    (void)c;
    return PySequence_List(set);
#else
    if (c->dumps == NULL) {
        PyObject *marshal = PyImport_ImportModule("marshal");
        if (marshal == NULL)
            return NULL;
        c->dumps = PyObject_GetAttrString(marshal, "dumps");
        Py_DECREF(marshal);
        if (c->dumps == NULL)
            return NULL;
    }
    Py_ssize_t n = PySet_GET_SIZE(set), i = 0;
    PyObject *pairs = PyList_New(n);
    if (pairs == NULL)
        return NULL;
    PyObject *value;
#if DPY_VERSION <= 312
    Py_ssize_t pos = 0;
    Py_hash_t hash;
    while (i < n && _PySet_NextEntry(set, &pos, &value, &hash)) {
        PyObject *dump = PyObject_CallOneArg(c->dumps, value);
        if (dump == NULL)
            goto unmarshallable;
        PyObject *pair = PyTuple_Pack(2, dump, value);
        Py_DECREF(dump);
        if (pair == NULL)
            goto fail;
        PyList_SET_ITEM(pairs, i++, pair);
    }
#else
    PyObject *it = PyObject_GetIter(set);
    if (it == NULL)
        goto fail;
    while (i < n && (value = PyIter_Next(it)) != NULL) {
        PyObject *dump = PyObject_CallOneArg(c->dumps, value);
        PyObject *pair = dump ? PyTuple_Pack(2, dump, value) : NULL;
        Py_XDECREF(dump);
        Py_DECREF(value);
        if (dump == NULL) {
            Py_DECREF(it);
            goto unmarshallable;
        }
        if (pair == NULL) {
            Py_DECREF(it);
            goto fail;
        }
        PyList_SET_ITEM(pairs, i++, pair);
    }
    Py_DECREF(it);
    if (PyErr_Occurred())
        goto fail;
#endif
    if (i != n) {
        PyErr_SetString(PyExc_RuntimeError, "frozenset changed size during conversion");
        goto fail;
    }
    if (PyList_Sort(pairs) < 0)
        goto unmarshallable;
    for (i = 0; i < n; i++) {
        PyObject *item = PyTuple_GET_ITEM(PyList_GET_ITEM(pairs, i), 1);
        Py_INCREF(item);
        PyList_SetItem(pairs, i, item); /* steals item, releases the pair */
    }
    return pairs;
unmarshallable:
    /* marshal raises ValueError for an item it cannot write; an item's own
     * comparison may raise anything: keep the iteration order then. */
    if (!PyErr_ExceptionMatches(PyExc_Exception) || PyErr_ExceptionMatches(PyExc_MemoryError))
        goto fail;
    PyErr_Clear();
    Py_DECREF(pairs);
    return PySequence_List(set);
fail:
    Py_DECREF(pairs);
    return NULL;
#endif
}

static int conv_items(conv *c, PyObject *const *items, Py_ssize_t n, int depth, dp_object *obj)
{
    dp_object **out = dp_arena_array(c->arena, n ? (size_t)n : 1, sizeof *out);
    if (out == NULL)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++)
        DP_RETURN_IF_ERROR(conv_object(c, items[i], depth + 1, &out[i]));
    obj->u.seq.items = out;
    obj->u.seq.count = (size_t)n;
    return 0;
}

static int conv_opaque(conv *c, PyObject *v, dp_object *obj)
{
    Py_ssize_t index = (Py_ssize_t)(uintptr_t)ptr_map_get(&c->opaque, v) - 1;
    if (index < 0) {
        index = PyList_GET_SIZE(c->objects);
        if (PyList_Append(c->objects, v) < 0 ||
            ptr_map_put(c->arena, &c->opaque, v, (void *)(uintptr_t)(index + 1)) < 0)
            return -1;
    }
    char name[64];
    int len = snprintf(name, sizeof name, "__depyf_const_%zd", index);
    obj->u.opaque.index = (size_t)index;
    return copy_bytes(c, name, len, &obj->u.opaque.name);
}

/* ---- code objects ---------------------------------------------------- */

/* owned: v is a field of the code object (else a new reference the caller
 * drops, which is copied). */
static int conv_bytes_field(conv *c, PyObject *code, PyObject *v, const char *field, int owned,
                            const uint8_t **data, size_t *len)
{
    if (v == NULL || !PyBytes_Check(v))
        return bad_code(c, code, "%s is not bytes", field);
    dp_str s;
    const char *bytes = PyBytes_AS_STRING(v);
    Py_ssize_t n = PyBytes_GET_SIZE(v);
    DP_RETURN_IF_ERROR(owned ? borrow_bytes(c, bytes, n, &s) : copy_bytes(c, bytes, n, &s));
    *data = (const uint8_t *)s.data;
    *len = s.len;
    return 0;
}

static int conv_str_field(conv *c, PyObject *code, PyObject *v, const char *field, dp_str *out)
{
    if (v == NULL || !PyUnicode_Check(v))
        return bad_code(c, code, "%s is not a str", field);
    return conv_str(c, v, out);
}

/* A tuple of str read at `depth` + 1 (its items at depth + 2). */
static int conv_names(conv *c, PyObject *code, PyObject *tuple, const char *field, int depth,
                      dp_strs *out)
{
    if (tuple == NULL || !PyTuple_Check(tuple))
        return bad_code(c, code, "%s is not a tuple", field);
    Py_ssize_t n = PyTuple_GET_SIZE(tuple);
    if (n > 0 && depth + 2 > MAX_DEPTH)
        return too_deep(c);
    dp_str *items = dp_arena_array(c->arena, n ? (size_t)n : 1, sizeof *items);
    if (items == NULL)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyTuple_GET_ITEM(tuple, i);
        if (!PyUnicode_Check(item))
            return bad_code(c, code, "%s[%zd] is not a str", field, i);
        DP_RETURN_IF_ERROR(conv_str(c, item, &items[i]));
    }
    out->items = items;
    out->count = (size_t)n;
    return 0;
}

#if DPY_VERSION >= 311
/* co_varnames/co_cellvars/co_freevars from the kinds, as marshal.c does. */
static int derive_classic_views(conv *c, dp_code *code)
{
    size_t n = code->localsplus_names.count;
    dp_strs *views[3] = {&code->varnames, &code->cellvars, &code->freevars};
    const uint8_t masks[3] = {DP_FAST_LOCAL, DP_FAST_CELL, DP_FAST_FREE};
    for (int v = 0; v < 3; v++) {
        dp_str *items = dp_arena_array(c->arena, n ? n : 1, sizeof *items);
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
#else
/* The 3.11 fast-locals view from the classic tuples, as marshal.c does. */
static int synthesize_localsplus(conv *c, dp_code *code)
{
    const dp_strs *parts[3] = {&code->varnames, &code->cellvars, &code->freevars};
    const uint8_t kinds_of[3] = {DP_FAST_LOCAL, DP_FAST_CELL, DP_FAST_FREE};
    size_t total = 0;
    for (int p = 0; p < 3; p++)
        total += parts[p]->count;
    dp_str *names = dp_arena_array(c->arena, total ? total : 1, sizeof *names);
    uint8_t *kinds = dp_arena_alloc(c->arena, total + 1);
    if (names == NULL || kinds == NULL)
        return -1;
    size_t k = 0;
    for (int p = 0; p < 3; p++) {
        for (size_t i = 0; i < parts[p]->count; i++) {
            names[k] = parts[p]->items[i];
            kinds[k++] = kinds_of[p];
        }
    }
    code->localsplus_names.items = names;
    code->localsplus_names.count = total;
    code->localsplus_kinds = kinds;
    return 0;
}
#endif

/* The checks marshal.c makes on every code object it reads. */
static int validate_code(conv *c, PyObject *v, const dp_code *code)
{
    const char *problem = NULL;
    if (code->argcount < 0 || code->posonlyargcount < 0 || code->kwonlyargcount < 0 ||
        code->nlocals < 0 || code->stacksize < 0 || code->flags < 0)
        problem = "a negative count or flags";
    else if (code->posonlyargcount > code->argcount)
        problem = "more positional-only arguments than arguments";
    else if (code->code_len == 0 || code->code_len % 2 != 0)
        problem = "bytecode length is zero or odd";
    else if ((size_t)code->argcount + (size_t)code->kwonlyargcount +
                 !!(code->flags & DP_CO_VARARGS) + !!(code->flags & DP_CO_VARKEYWORDS) >
             code->varnames.count)
        problem = "more arguments than local variable names";
    else if (code->version <= 310 && (size_t)code->nlocals != code->varnames.count)
        problem = "co_nlocals differs from the number of co_varnames";
    if (problem == NULL)
        return 0;
    return bad_code(c, v, "%s", problem);
}

/* A code object at `depth`: its fields are at depth + 1, the items of its
 * tuples at depth + 2, as marshal nests them. */
static int conv_code(conv *c, PyObject *v, int depth, dp_code **out)
{
    PyCodeObject *co = (PyCodeObject *)v;
    if (depth + 1 > MAX_DEPTH)
        return too_deep(c);
    dp_code *code = dp_arena_alloc(c->arena, sizeof *code);
    if (code == NULL)
        return -1;
    code->version = DPY_VERSION;
    code->argcount = co->co_argcount;
    code->posonlyargcount = co->co_posonlyargcount;
    code->kwonlyargcount = co->co_kwonlyargcount;
    code->stacksize = co->co_stacksize;
    code->flags = co->co_flags;
    code->firstlineno = co->co_firstlineno;

#if DPY_VERSION >= 311
    /* The stored bytecode is specialized as it runs; co_code is the
     * original, which is what marshal writes. */
    PyObject *bytecode = PyCode_GetCode(co);
    if (bytecode == NULL)
        return -1;
    int rc = conv_bytes_field(c, v, bytecode, "co_code", 0, &code->code, &code->code_len);
    Py_DECREF(bytecode);
    DP_RETURN_IF_ERROR(rc);
#else
    code->nlocals = co->co_nlocals;
    DP_RETURN_IF_ERROR(conv_bytes_field(c, v, co->co_code, "co_code", 1, &code->code,
                                        &code->code_len));
#endif

    PyObject *consts = co->co_consts;
    if (consts == NULL || !PyTuple_Check(consts))
        return bad_code(c, v, "co_consts is not a tuple");
    dp_object holder;
    DP_RETURN_IF_ERROR(conv_items(c, PySequence_Fast_ITEMS(consts), PyTuple_GET_SIZE(consts),
                                  depth + 1, &holder));
    code->consts = holder.u.seq.items;
    code->n_consts = holder.u.seq.count;
    DP_RETURN_IF_ERROR(conv_names(c, v, co->co_names, "co_names", depth, &code->names));

#if DPY_VERSION >= 311
    DP_RETURN_IF_ERROR(conv_names(c, v, co->co_localsplusnames, "co_localsplusnames", depth,
                                  &code->localsplus_names));
    size_t nkinds;
    DP_RETURN_IF_ERROR(conv_bytes_field(c, v, co->co_localspluskinds, "co_localspluskinds", 1,
                                        &code->localsplus_kinds, &nkinds));
    if (nkinds != code->localsplus_names.count)
        return bad_code(c, v, "co_localspluskinds and names differ in length");
    DP_RETURN_IF_ERROR(derive_classic_views(c, code));
#else
    DP_RETURN_IF_ERROR(conv_names(c, v, co->co_varnames, "co_varnames", depth, &code->varnames));
    DP_RETURN_IF_ERROR(conv_names(c, v, co->co_freevars, "co_freevars", depth, &code->freevars));
    DP_RETURN_IF_ERROR(conv_names(c, v, co->co_cellvars, "co_cellvars", depth, &code->cellvars));
    DP_RETURN_IF_ERROR(synthesize_localsplus(c, code));
#endif

    DP_RETURN_IF_ERROR(conv_str_field(c, v, co->co_filename, "co_filename", &code->filename));
    DP_RETURN_IF_ERROR(conv_str_field(c, v, co->co_name, "co_name", &code->name));
#if DPY_VERSION >= 311
    DP_RETURN_IF_ERROR(conv_str_field(c, v, co->co_qualname, "co_qualname", &code->qualname));
    DP_RETURN_IF_ERROR(conv_bytes_field(c, v, co->co_linetable, "co_linetable", 1, &code->linetable,
                                        &code->linetable_len));
    DP_RETURN_IF_ERROR(conv_bytes_field(c, v, co->co_exceptiontable, "co_exceptiontable", 1,
                                        &code->exceptiontable, &code->exceptiontable_len));
#else
    code->qualname = code->name;
#if DPY_VERSION >= 310
    DP_RETURN_IF_ERROR(conv_bytes_field(c, v, co->co_linetable, "co_linetable", 1, &code->linetable,
                                        &code->linetable_len));
#else
    DP_RETURN_IF_ERROR(conv_bytes_field(c, v, co->co_lnotab, "co_lnotab", 1, &code->linetable,
                                        &code->linetable_len));
#endif
#endif
    DP_RETURN_IF_ERROR(validate_code(c, v, code));
    *out = code;
    return 0;
}

/* ---- dispatch --------------------------------------------------------- */

static int is_container(PyObject *v)
{
    return PyTuple_CheckExact(v) || PyFrozenSet_CheckExact(v) || PyCode_Check(v);
}

static int conv_container(conv *c, PyObject *v, int depth, dp_object *obj)
{
    if (PyCode_Check(v)) {
        obj->kind = DP_OBJ_CODE;
        return conv_code(c, v, depth, &obj->u.code);
    }
    if (PyTuple_CheckExact(v)) {
        obj->kind = DP_OBJ_TUPLE;
        return conv_items(c, PySequence_Fast_ITEMS(v), PyTuple_GET_SIZE(v), depth, obj);
    }
    obj->kind = DP_OBJ_FROZENSET;
    PyObject *items = frozenset_items(c, v);
    if (items == NULL)
        return -1;
    int rc = conv_items(c, PySequence_Fast_ITEMS(items), PyList_GET_SIZE(items), depth, obj);
    Py_DECREF(items);
    return rc;
}

static int conv_object(conv *c, PyObject *v, int depth, dp_object **out)
{
    if (depth > MAX_DEPTH)
        return too_deep(c);
    int container = is_container(v);
    if (container) {
        /* An object seen before is shared, as a marshal back-reference
         * shares it, and like one it is not walked (nor counted) again. */
        dp_object *seen = ptr_map_get(&c->done, v);
        if (seen != NULL) {
            *out = seen;
            return 0;
        }
    }
    dp_object *obj = new_object(c, DP_OBJ_OPAQUE);
    int rc = obj == NULL ? -1 : 0;
    if (rc < 0) {
        /* the arena reported it */
    } else if (container) {
        rc = conv_container(c, v, depth, obj);
        if (rc == 0)
            rc = ptr_map_put(c->arena, &c->done, v, obj);
    } else if (v == Py_None) {
        obj->kind = DP_OBJ_NONE;
    } else if (v == Py_True) {
        obj->kind = DP_OBJ_TRUE;
    } else if (v == Py_False) {
        obj->kind = DP_OBJ_FALSE;
    } else if (v == Py_Ellipsis) {
        obj->kind = DP_OBJ_ELLIPSIS;
    } else if (v == PyExc_StopIteration) {
        obj->kind = DP_OBJ_STOPITER;
    } else if (PyLong_CheckExact(v)) {
        obj->kind = DP_OBJ_INT;
        rc = conv_int(c, v, &obj->u.integer);
    } else if (PyFloat_CheckExact(v)) {
        obj->kind = DP_OBJ_FLOAT;
        obj->u.real = PyFloat_AS_DOUBLE(v);
    } else if (PyComplex_CheckExact(v)) {
        Py_complex z = ((PyComplexObject *)v)->cval;
        obj->kind = DP_OBJ_COMPLEX;
        obj->u.complex.real = z.real;
        obj->u.complex.imag = z.imag;
    } else if (PyUnicode_CheckExact(v)) {
        obj->kind = DP_OBJ_STR;
        rc = conv_str(c, v, &obj->u.str);
    } else if (PyBytes_CheckExact(v)) {
        obj->kind = DP_OBJ_BYTES;
        rc = borrow_bytes(c, PyBytes_AS_STRING(v), PyBytes_GET_SIZE(v), &obj->u.str);
    } else {
        rc = conv_opaque(c, v, obj);
    }
    if (rc < 0)
        return -1;
    *out = obj;
    return 0;
}

int dpy_code_to_model(PyObject *code, dp_arena *arena, dp_error *err,
                      PyObject *objects, dp_code **out)
{
    if (!PyCode_Check(code)) {
        PyErr_SetString(PyExc_TypeError, "expected a code object");
        return -1;
    }
    if (!PyList_Check(objects)) {
        PyErr_SetString(PyExc_TypeError, "objects must be a list");
        return -1;
    }
    if (DPY_VERSION < DP_VERSION_MIN || DPY_VERSION > DP_VERSION_MAX)
        return dp_error_set(err, DP_ERR_UNSUPPORTED, "unsupported Python version %d.%d",
                            PY_MAJOR_VERSION, PY_MINOR_VERSION);
    conv c = {arena, err, objects, {NULL, NULL, 0, 0}, {NULL, NULL, 0, 0}, NULL};
    dp_object *obj = NULL;
    int rc = conv_object(&c, code, 1, &obj);
    Py_XDECREF(c.dumps);
    if (rc < 0) {
        /* An arena failure sets only err; make sure one of the two is set. */
        if (!PyErr_Occurred() && err->status == DP_OK)
            dp_error_set(err, DP_ERR_BAD_CODE, "could not convert the code object");
        return -1;
    }
    *out = obj->u.code;
    return 0;
}

PyObject *dpy_raise(const dp_error *err, const char *fallback)
{
    if (err->status == DP_ERR_NOMEM)
        return PyErr_NoMemory();
    PyObject *msg = PyUnicode_DecodeUTF8(err->message, (Py_ssize_t)strlen(err->message),
                                         "replace");
    if (msg == NULL)
        return NULL;
    if (PyUnicode_GET_LENGTH(msg) == 0) {
        Py_DECREF(msg);
        msg = PyUnicode_FromString(fallback);
        if (msg == NULL)
            return NULL;
    }
    PyErr_SetObject(PyExc_ValueError, msg);
    Py_DECREF(msg);
    return NULL;
}

/* ---- comparison of two models ------------------------------------------- */

typedef struct diff {
    char *why;
    size_t why_size;
    char path[600];
    size_t len;
} diff;

static size_t path_push(diff *d, const char *fmt, ...) DP_PRINTF(2, 3);

static size_t path_push(diff *d, const char *fmt, ...)
{
    size_t old = d->len;
    if (d->len < sizeof d->path) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(d->path + d->len, sizeof d->path - d->len, fmt, ap);
        va_end(ap);
        if (n > 0)
            d->len += (size_t)n < sizeof d->path - d->len ? (size_t)n : sizeof d->path - d->len - 1;
    }
    return old;
}

static void path_pop(diff *d, size_t old)
{
    d->len = old;
    d->path[old] = '\0';
}

static int differ(diff *d, const char *what)
{
    snprintf(d->why, d->why_size, "%s: %s", d->len ? d->path : "code", what);
    return 1;
}

static int diff_mem(diff *d, const char *field, const void *a, size_t alen, const void *b,
                    size_t blen)
{
    if (alen == blen && (alen == 0 || memcmp(a, b, alen) == 0))
        return 0;
    size_t old = path_push(d, ".%s", field);
    char what[80];
    if (alen != blen)
        snprintf(what, sizeof what, "lengths differ (%zu, %zu)", alen, blen);
    else
        snprintf(what, sizeof what, "contents differ");
    differ(d, what);
    path_pop(d, old);
    return 1;
}

static int diff_str(diff *d, const char *field, dp_str a, dp_str b)
{
    return diff_mem(d, field, a.data, a.len, b.data, b.len);
}

static int diff_strs(diff *d, const char *field, const dp_strs *a, const dp_strs *b)
{
    if (a->count != b->count) {
        size_t old = path_push(d, ".%s", field);
        differ(d, "counts differ");
        path_pop(d, old);
        return 1;
    }
    for (size_t i = 0; i < a->count; i++) {
        char name[80];
        snprintf(name, sizeof name, "%s[%zu]", field, i);
        if (diff_str(d, name, a->items[i], b->items[i]))
            return 1;
    }
    return 0;
}

static int diff_code(diff *d, const dp_code *a, const dp_code *b);

static int diff_obj(diff *d, const dp_object *a, const dp_object *b)
{
    if (a == NULL || b == NULL)
        return a == b ? 0 : differ(d, "missing object");
    if (a->kind != b->kind) {
        char what[64];
        snprintf(what, sizeof what, "kinds differ (%d, %d)", (int)a->kind, (int)b->kind);
        return differ(d, what);
    }
    switch (a->kind) {
    case DP_OBJ_INT: {
        const dp_int *x = &a->u.integer, *y = &b->u.integer;
        if (x->small != y->small || x->is_big != y->is_big || x->negative != y->negative)
            return differ(d, "int values differ");
        return diff_mem(d, "digits", x->digits, x->ndigits * sizeof *x->digits, y->digits,
                        y->ndigits * sizeof *y->digits);
    }
    case DP_OBJ_FLOAT:
        return diff_mem(d, "float", &a->u.real, sizeof a->u.real, &b->u.real, sizeof b->u.real);
    case DP_OBJ_COMPLEX:
        return diff_mem(d, "real", &a->u.complex.real, sizeof(double), &b->u.complex.real,
                        sizeof(double)) ||
               diff_mem(d, "imag", &a->u.complex.imag, sizeof(double), &b->u.complex.imag,
                        sizeof(double));
    case DP_OBJ_STR:
    case DP_OBJ_BYTES:
        return diff_str(d, "value", a->u.str, b->u.str);
    case DP_OBJ_TUPLE:
    case DP_OBJ_LIST:
    case DP_OBJ_SET:
    case DP_OBJ_FROZENSET:
    case DP_OBJ_DICT:
        if (a->u.seq.count != b->u.seq.count)
            return differ(d, "item counts differ");
        for (size_t i = 0; i < a->u.seq.count; i++) {
            size_t old = path_push(d, "[%zu]", i);
            int r = diff_obj(d, a->u.seq.items[i], b->u.seq.items[i]);
            path_pop(d, old);
            if (r)
                return 1;
        }
        return 0;
    case DP_OBJ_CODE:
        return diff_code(d, a->u.code, b->u.code);
    case DP_OBJ_OPAQUE:
        if (a->u.opaque.index != b->u.opaque.index)
            return differ(d, "opaque indices differ");
        return diff_str(d, "name", a->u.opaque.name, b->u.opaque.name);
    default:
        return 0; /* the kind is the whole value */
    }
}

static int diff_code(diff *d, const dp_code *a, const dp_code *b)
{
    size_t old = path_push(d, "%s<code %.*s>", d->len ? "." : "", a->name.len > 60 ? 60 : (int)a->name.len,
                           a->name.data ? a->name.data : "?");
    int r = 1;
    const struct { const char *name; int32_t x, y; } ints[] = {
        {"version", a->version, b->version},
        {"argcount", a->argcount, b->argcount},
        {"posonlyargcount", a->posonlyargcount, b->posonlyargcount},
        {"kwonlyargcount", a->kwonlyargcount, b->kwonlyargcount},
        {"nlocals", a->nlocals, b->nlocals},
        {"stacksize", a->stacksize, b->stacksize},
        {"flags", a->flags, b->flags},
        {"firstlineno", a->firstlineno, b->firstlineno},
    };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        if (ints[i].x != ints[i].y) {
            char what[120];
            snprintf(what, sizeof what, "%s differs (%ld, %ld)", ints[i].name, (long)ints[i].x,
                     (long)ints[i].y);
            differ(d, what);
            goto done;
        }
    }
    if (diff_mem(d, "code", a->code, a->code_len, b->code, b->code_len))
        goto done;
    if (a->n_consts != b->n_consts) {
        differ(d, "numbers of constants differ");
        goto done;
    }
    for (size_t i = 0; i < a->n_consts; i++) {
        size_t at = path_push(d, ".consts[%zu]", i);
        int c = diff_obj(d, a->consts[i], b->consts[i]);
        path_pop(d, at);
        if (c)
            goto done;
    }
    if (diff_strs(d, "names", &a->names, &b->names) ||
        diff_strs(d, "localsplus_names", &a->localsplus_names, &b->localsplus_names) ||
        diff_mem(d, "localsplus_kinds", a->localsplus_kinds, a->localsplus_names.count,
                 b->localsplus_kinds, b->localsplus_names.count) ||
        diff_strs(d, "varnames", &a->varnames, &b->varnames) ||
        diff_strs(d, "cellvars", &a->cellvars, &b->cellvars) ||
        diff_strs(d, "freevars", &a->freevars, &b->freevars) ||
        diff_str(d, "filename", a->filename, b->filename) ||
        diff_str(d, "name", a->name, b->name) ||
        diff_str(d, "qualname", a->qualname, b->qualname) ||
        diff_mem(d, "linetable", a->linetable, a->linetable_len, b->linetable,
                 b->linetable_len) ||
        diff_mem(d, "exceptiontable", a->exceptiontable, a->exceptiontable_len,
                 b->exceptiontable, b->exceptiontable_len))
        goto done;
    r = 0;
done:
    path_pop(d, old);
    return r;
}

int dpy_model_diff(const dp_code *a, const dp_code *b, char *why, size_t why_size)
{
    diff d = {why, why_size, {0}, 0};
    if (why_size)
        why[0] = '\0';
    return diff_code(&d, a, b);
}
