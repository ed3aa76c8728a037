/* _codeconv.h — a live code object into the code model, and a field-by-field
 * comparison of two models.
 *
 * The conversion reads the code object's own fields, never marshal, because
 * the code objects that Dynamo builds hold constants marshal cannot write
 * (tensors, classes, functions, modules, dtypes).  Such a constant becomes a
 * DP_OBJ_OPAQUE whose placeholder name (`__depyf_const_<n>`) the Python layer
 * binds to the object when it compiles the source back.
 *
 * For every code object marshal can write, the model is exactly the one
 * marshal.c builds from marshal.dumps(code) (tests/test_api.py checks this
 * over the stdlib of every version).  Where the two could differ on purpose:
 * constants of types marshal writes but a compiler never puts in co_consts
 * (list, set, dict, bytes-like objects other than bytes, subclasses of the
 * constant types) are opaque here, because their identity matters.
 *
 * Runs with the GIL held and runs no Python code of the user's: the code
 * object and its constants are immutable, so nothing changes while we read. */
#ifndef DEPYF_CODECONV_H
#define DEPYF_CODECONV_H

#include <Python.h>

#include "arena.h"
#include "error.h"
#include "model.h"

/* The version of the interpreter we are built for, as in model.h. */
#define DPY_VERSION (PY_MAJOR_VERSION * 100 + PY_MINOR_VERSION)

/* Convert `code` (a code object) into *out, in `arena`.  Opaque constants
 * are appended to `objects` (a list) in index order; an object that occurs
 * twice gets one index.  -1 on failure, with either a Python exception set
 * or, when none is, an error in *err (bad code object, nesting too deep,
 * arena limit). */
int dpy_code_to_model(PyObject *code, dp_arena *arena, dp_error *err,
                      PyObject *objects, dp_code **out);

/* Raise the Python exception for a core error: MemoryError for
 * DP_ERR_NOMEM, ValueError otherwise.  Returns NULL. */
PyObject *dpy_raise(const dp_error *err, const char *fallback);

/* 0 when the two models are equal in every field, recursively (constants,
 * nested code, line and exception tables); otherwise 1 and a description
 * of the first difference in why[0..why_size). */
int dpy_model_diff(const dp_code *a, const dp_code *b, char *why, size_t why_size);

#endif
