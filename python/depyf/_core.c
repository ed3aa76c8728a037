/* _core.c — the CPython binding of the C core.
 *
 * The core never includes Python.h; this file is the only place that does.
 * Work on the core's own data runs with the GIL released. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "arena.h"
#include "buf.h"
#include "disasm.h"
#include "pyc.h"

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
    dp_arena *arena = dp_arena_new(0, &err);
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
    else if (err.status == DP_ERR_NOMEM)
        PyErr_NoMemory();
    else
        PyErr_Format(PyExc_ValueError, "%s", err.message[0] ? err.message : "invalid .pyc data");
    dp_arena_free(arena);
    PyBuffer_Release(&view);
    return result;
}

static PyMethodDef core_methods[] = {
    {"disassemble_pyc", disassemble_pyc, METH_O,
     "disassemble_pyc(data) -> str: dis.dis text of a .pyc's module code object."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "depyf._core", "The C core of depyf.", -1, core_methods,
};

PyMODINIT_FUNC
PyInit__core(void)
{
    return PyModule_Create(&core_module);
}
