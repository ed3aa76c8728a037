/* _core.c — the CPython binding of the C core.
 *
 * The core never includes Python.h; this file and _codeconv.c are the only
 * places that do.  A live code object becomes a code model while we hold
 * the GIL (_codeconv.c); work on the core's own data (decompiling,
 * disassembling) then runs with the GIL released, on arena memory only. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "_codeconv.h"
#include "arena.h"
#include "buf.h"
#include "decompile.h"
#include "disasm.h"
#include "marshal.h"
#include "pyc.h"

/* The module's state: arena chunks kept from one call to the next (see
 * dp_arena_spare).  Taken and given back only while the GIL is held, so two
 * threads never share them; a call that finds none allocates its own. */
typedef struct core_state {
    dp_arena_spare spare;
} core_state;

#define SPARE_KEEP ((size_t)1 << 20)   /* bytes of chunks kept between calls */

static dp_arena *
new_arena(PyObject *module, dp_error *err)
{
    core_state *st = PyModule_GetState(module);
    return dp_arena_new_from(0, err, st ? &st->spare : NULL);
}

static void
free_arena(PyObject *module, dp_arena *arena)
{
    core_state *st = PyModule_GetState(module);
    dp_arena_free_into(arena, st ? &st->spare : NULL, SPARE_KEEP);
}

static PyObject *
disassemble_pyc(PyObject *module, PyObject *arg)
{
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    dp_error err;
    dp_error_init(&err);
    PyObject *result = NULL;
    int rc = -1;
    dp_buf out = {0};
    dp_arena *arena = new_arena(module, &err);
    if (arena != NULL) {
        Py_BEGIN_ALLOW_THREADS
        dp_pyc pyc;
        if (dp_pyc_read(view.buf, (size_t)view.len, arena, &err, &pyc) == 0) {
            dp_buf_init(&out, arena);
            rc = dp_disassemble(pyc.module, arena, &err, &out);
        }
        Py_END_ALLOW_THREADS
    }
    if (rc == 0)
        result = PyUnicode_DecodeUTF8(out.data, (Py_ssize_t)out.len, "surrogatepass");
    else
        dpy_raise(&err, "invalid .pyc data");
    free_arena(module, arena);
    PyBuffer_Release(&view);
    return result;
}

/* A message of the core (NUL-terminated within `size`) as a str. */
static PyObject *
message_str(const char *s, size_t size)
{
    size_t len = 0;
    while (len < size && s[len] != '\0')
        len++;
    return PyUnicode_DecodeUTF8(s, (Py_ssize_t)len, "replace");
}

/* Convert `code`; on failure raise (ValueError for bad data) and return -1.
 * A failure that is not the data's fault (an unsupported interpreter
 * version, a resource limit) returns 1 with err set, for the caller to
 * report as a decompilation failure. */
static int
to_model(PyObject *code, dp_arena *arena, dp_error *err, PyObject *objects, dp_code **model)
{
    if (dpy_code_to_model(code, arena, err, objects, model) == 0)
        return 0;
    if (PyErr_Occurred())
        return -1;
    if (err->status == DP_ERR_UNSUPPORTED || err->status == DP_ERR_LIMIT)
        return 1;
    dpy_raise(err, "invalid code object");
    return -1;
}

/* The size of a code model (bytes of the arena after the conversion) from
 * which decompile() releases the GIL: about a hundred lines of source. */
#define RELEASE_GIL_FROM ((size_t)16 << 10)

/* decompile() and source(), below.  text_only: a full success returns the
 * text alone, not the tuple. */
static PyObject *
run_decompile(PyObject *module, PyObject *code, int is_module, PyObject *name, int want_lines,
              int text_only)
{
    dp_error err;
    dp_error_init(&err);
    dp_arena *arena = new_arena(module, &err);
    if (arena == NULL)
        return dpy_raise(&err, "out of memory");
    PyObject *objects = PyList_New(0), *result = NULL;
    dp_decompile_result res;
    memset(&res, 0, sizeof res);
    dp_code *model = NULL;
    int rc = -1;
    if (objects == NULL)
        goto done;
    int conv = to_model(code, arena, &err, objects, &model);
    if (conv < 0)
        goto done;
    if (conv == 0) {
        if (name != Py_None) {
            /* The name the function gets in the source (the original
             * depyf's overwite_fn_name). */
            Py_ssize_t len;
            const char *utf8 = PyUnicode_AsUTF8AndSize(name, &len);
            char *copy = utf8 ? dp_arena_strndup(arena, utf8, (size_t)len) : NULL;
            if (copy == NULL) {
                if (!PyErr_Occurred())
                    dpy_raise(&err, "out of memory");
                goto done;
            }
            model->name.data = model->qualname.data = copy;
            model->name.len = model->qualname.len = (size_t)len;
        }
        /* Other threads run while a big model is decompiled; for a small
         * one, releasing and taking back the GIL costs more than they gain
         * (and taking it back may wait for another thread's switch). */
        PyThreadState *saved = dp_arena_used(arena) >= RELEASE_GIL_FROM ? PyEval_SaveThread() : NULL;
        rc = is_module ? dp_decompile_module(model, arena, &err, &res)
                       : want_lines ? dp_decompile_function_lines(model, arena, &err, &res)
                                    : dp_decompile_function(model, arena, &err, &res);
        if (saved != NULL)
            PyEval_RestoreThread(saved);
    }
    if (rc == 0 && res.text == NULL) {
        rc = -1;
        dp_error_set(&err, DP_ERR_UNSUPPORTED, "the decompiler produced no text");
    }
    if (rc < 0 && err.status != DP_ERR_UNSUPPORTED && err.status != DP_ERR_UNRECOVERED &&
        err.status != DP_ERR_LIMIT) {
        dpy_raise(&err, "invalid code object");
        goto done;
    }
    /* (ok, text or None, n_unrecovered, message, opaque objects) */
    PyObject *text = Py_None, *message;
    if (res.text != NULL) {
        text = PyUnicode_DecodeUTF8(res.text, (Py_ssize_t)res.len, "surrogatepass");
        if (text == NULL)
            goto done;
    } else {
        Py_INCREF(text);
    }
    if (text_only && rc == 0 && res.n_unrecovered == 0) {
        result = text;
        goto done;
    }
    if (rc == 0)
        message = message_str(res.first_problem, sizeof res.first_problem);
    else
        message = message_str(err.message, sizeof err.message);
    /* with lines=True, a sixth item: the text's line of each code unit */
    PyObject *lines = NULL;
    if (want_lines && res.unit_lines != NULL) {
        lines = PyTuple_New((Py_ssize_t)res.n_units);
        for (size_t u = 0; lines != NULL && u < res.n_units; u++) {
            PyObject *n = PyLong_FromLong(res.unit_lines[u]);
            if (n == NULL)
                Py_CLEAR(lines);
            else
                PyTuple_SET_ITEM(lines, (Py_ssize_t)u, n);
        }
    } else if (want_lines) {
        Py_INCREF(Py_None);
        lines = Py_None;
    }
    if (message != NULL && (!want_lines || lines != NULL)) {
        /* (ok, text, n_unrecovered, message, objects[, lines]) */
        PyObject *count = PyLong_FromSsize_t((Py_ssize_t)res.n_unrecovered);
        result = count == NULL ? NULL
                 : want_lines ? PyTuple_Pack(6, rc == 0 ? Py_True : Py_False, text, count, message,
                                             objects, lines)
                              : PyTuple_Pack(5, rc == 0 ? Py_True : Py_False, text, count, message,
                                             objects);
        Py_XDECREF(count);
    }
    Py_DECREF(text);
    Py_XDECREF(message);
    Py_XDECREF(lines);
done:
    Py_XDECREF(objects);
    free_arena(module, arena);
    return result;
}

/* Positional arguments only (METH_FASTCALL): this is called once per code
 * object, and keyword parsing was a measurable part of a small one's time. */
static PyObject *
decompile(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs < 1 || nargs > 4) {
        PyErr_SetString(PyExc_TypeError, "decompile(code, module=False, name=None, lines=False)");
        return NULL;
    }
    PyObject *code = args[0], *name = nargs > 2 ? args[2] : Py_None;
    if (!PyCode_Check(code)) {
        PyErr_SetString(PyExc_TypeError, "decompile: code must be a code object");
        return NULL;
    }
    int is_module = nargs > 1 ? PyObject_IsTrue(args[1]) : 0;
    int want_lines = nargs > 3 ? PyObject_IsTrue(args[3]) : 0;
    if (is_module < 0 || want_lines < 0)
        return NULL;
    if (name != Py_None && !PyUnicode_Check(name)) {
        PyErr_SetString(PyExc_TypeError, "name must be a str or None");
        return NULL;
    }
    return run_decompile(module, code, is_module, name, want_lines, 0);
}

/* depyf.decompile's common case in one call: a module when the code is
 * named <module>, and the text alone when everything was recovered (the
 * tuple and the Python-level unpacking were a measurable part of a small
 * function's time). */
static PyObject *
source(PyObject *module, PyObject *code)
{
    if (!PyCode_Check(code)) {
        PyErr_SetString(PyExc_TypeError, "source: code must be a code object");
        return NULL;
    }
    PyObject *co_name = ((PyCodeObject *)code)->co_name;
    int is_module = PyUnicode_GET_LENGTH(co_name) == 8 &&
                    PyUnicode_CompareWithASCIIString(co_name, "<module>") == 0;
    return run_decompile(module, code, is_module, Py_None, 0, 1);
}

static PyObject *
disassemble_code(PyObject *module, PyObject *code)
{
    if (!PyCode_Check(code)) {
        PyErr_SetString(PyExc_TypeError, "expected a code object");
        return NULL;
    }
    dp_error err;
    dp_error_init(&err);
    dp_arena *arena = new_arena(module, &err);
    if (arena == NULL)
        return dpy_raise(&err, "out of memory");
    PyObject *objects = PyList_New(0), *result = NULL;
    dp_code *model;
    dp_buf out = {0};
    if (objects == NULL)
        goto done;
    int conv = to_model(code, arena, &err, objects, &model);
    if (conv != 0) {
        if (conv > 0)
            dpy_raise(&err, "invalid code object");
        goto done;
    }
    int rc;
    Py_BEGIN_ALLOW_THREADS
    dp_buf_init(&out, arena);
    rc = dp_disassemble(model, arena, &err, &out);
    Py_END_ALLOW_THREADS
    if (rc < 0) {
        dpy_raise(&err, "invalid code object");
        goto done;
    }
    PyObject *text = PyUnicode_DecodeUTF8(out.data, (Py_ssize_t)out.len, "surrogatepass");
    if (text != NULL) {
        result = PyTuple_Pack(2, text, objects);
        Py_DECREF(text);
    }
done:
    Py_XDECREF(objects);
    free_arena(module, arena);
    return result;
}

/* The model of `code` built from the live object and the one the core's
 * marshal reader builds from marshal.dumps(code): None when they are equal
 * in every field, else a str naming the first difference. */
static PyObject *
model_diff(PyObject *module, PyObject *code)
{
    if (!PyCode_Check(code)) {
        PyErr_SetString(PyExc_TypeError, "expected a code object");
        return NULL;
    }
    dp_error err;
    dp_error_init(&err);
    dp_arena *arena = new_arena(module, &err);
    if (arena == NULL)
        return dpy_raise(&err, "out of memory");
    PyObject *objects = PyList_New(0), *marshal = NULL, *data = NULL, *result = NULL;
    dp_code *live;
    dp_object *read;
    size_t consumed;
    if (objects == NULL)
        goto done;
    /* The live object first: where marshal.dumps would refuse the object
     * (nested too deep), the conversion must refuse it too. */
    int conv = to_model(code, arena, &err, objects, &live);
    if (conv != 0) {
        if (conv > 0)
            dpy_raise(&err, "invalid code object");
        goto done;
    }
    marshal = PyImport_ImportModule("marshal");
    if (marshal == NULL)
        goto done;
    data = PyObject_CallMethod(marshal, "dumps", "O", code);
    if (data == NULL)
        goto done;
    if (!PyBytes_Check(data)) {
        PyErr_SetString(PyExc_TypeError, "marshal.dumps did not return bytes");
        goto done;
    }
    if (dp_marshal_read((const uint8_t *)PyBytes_AS_STRING(data), (size_t)PyBytes_GET_SIZE(data),
                        DPY_VERSION, arena, &err, &read, &consumed) < 0) {
        PyErr_Format(PyExc_ValueError, "the marshal reader failed: %s", err.message);
        goto done;
    }
    if (read->kind != DP_OBJ_CODE || consumed != (size_t)PyBytes_GET_SIZE(data)) {
        PyErr_SetString(PyExc_ValueError, "the marshal reader did not read one code object");
        goto done;
    }
    char why[700];
    if (dpy_model_diff(live, read->u.code, why, sizeof why)) {
        result = message_str(why, sizeof why);
    } else {
        Py_INCREF(Py_None);
        result = Py_None;
    }
done:
    Py_XDECREF(objects);
    Py_XDECREF(marshal);
    Py_XDECREF(data);
    free_arena(module, arena);
    return result;
}

static PyMethodDef core_methods[] = {
    {"disassemble_pyc", disassemble_pyc, METH_O,
     "disassemble_pyc(data) -> str: dis.dis text of a .pyc's module code object."},
    {"decompile", (PyCFunction)(void (*)(void))decompile, METH_FASTCALL,
     "decompile(code, module=False, name=None, lines=False)\n"
     "    -> (ok, text, n_unrecovered, message, objects[, lines])\n\n"
     "Positional arguments only.  "
     "Decompile a live code object as a module or as a function (named `name`\n"
     "if given).  ok is False when the core failed for a reason that is not bad\n"
     "data (unsupported, unrecovered, a limit); text is then the partial text\n"
     "or None.  message is the first problem.  objects lists the opaque\n"
     "constants: objects[n] is the value of __depyf_const_<n> in the text.\n"
     "Raises ValueError for a malformed code object or bytecode."},
    {"source", source, METH_O,
     "source(code) -> str or tuple: decompile(code, code.co_name == '<module>');\n"
     "its text alone when everything was recovered, else decompile()'s tuple."},
    {"disassemble_code", disassemble_code, METH_O,
     "disassemble_code(code) -> (text, objects): dis.dis text of a live code object;\n"
     "opaque constants print as __depyf_const_<n>, objects[n] being the value."},
    {"_model_diff", model_diff, METH_O,
     "_model_diff(code) -> None or str: compares the code model built from the\n"
     "live object with the one read back from marshal.dumps(code)."},
    {NULL, NULL, 0, NULL},
};

static void
core_free(void *module)
{
    core_state *st = PyModule_GetState((PyObject *)module);
    if (st != NULL)
        dp_arena_spare_free(&st->spare);
}

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "depyf._core", "The C core of depyf.", sizeof(core_state), core_methods,
    NULL, NULL, NULL, core_free,
};

PyMODINIT_FUNC
PyInit__core(void)
{
    return PyModule_Create(&core_module);
}
