/* marshal.h — reads CPython's marshal format (Python/marshal.c) into the
 * code model.
 *
 * One reader struct with ptr/end, a recursion limit, and back-references
 * whose slot is reserved before an object's children are read, so a
 * reference to an object still under construction is an error (the object
 * graph we build is acyclic).  Every kind of bad data has its own message. */
#ifndef DEPYF_MARSHAL_H
#define DEPYF_MARSHAL_H

#include <stddef.h>
#include <stdint.h>
#include "arena.h"
#include "error.h"
#include "model.h"

/* Nesting deeper than this is rejected (CPython's limit is 2000 on most
 * builds; ours also bounds the C stack of every later recursive phase). */
#define DP_MARSHAL_MAX_DEPTH 2000

/* Read one object of `version`'s marshal format from data[0..len).
 * *consumed (if not NULL) receives the number of bytes read. */
int dp_marshal_read(const uint8_t *data, size_t len, int version,
                    dp_arena *arena, dp_error *err,
                    dp_object **out, size_t *consumed) DP_MUST_CHECK;

#endif
