/* codemodel.h — a compact byte format for code models, for fuzz_codemodel.
 *
 * The C extension (python/depyf/_codeconv.c) builds a dp_code straight from a
 * live code object, with no marshal data and none of the marshal reader's
 * checks on the way: Dynamo makes code objects with any bytecode, line
 * table and exception table, and constants marshal cannot write (opaque).
 * fuzz_codemodel builds models the same way from fuzz bytes, keeping only
 * the guarantees _codeconv gives (see cm_decode), so the fuzzer explores
 * what the in-memory path can hand the core.
 *
 * Format (all integers little-endian; a read past the end gives zeros, so
 * every byte string decodes to some model):
 *   input  := u8 version_selector  code
 *   code   := u8 argcount  u8 posonlyargcount  u8 kwonlyargcount
 *             u16 stacksize  u32 flags  u16 firstlineno
 *             blob co_code
 *             u8 n  obj*n                       co_consts
 *             u8 n  str*n                       co_names
 *             u8 n  (u8 kind  str)*n            fast locals (3.11 layout)
 *             str filename  str name  str qualname
 *             blob linetable  blob exceptiontable
 *   obj    := u8 tag ...: 0 None, 1 False, 2 True, 3 Ellipsis, 4 StopIteration,
 *             5 int (i32), 6 big int (u8 ndigits, u16 digits), 7 float (f64),
 *             8 complex (f64 f64), 9 str, 10 bytes (blob), 11 tuple (u8 n obj*n),
 *             12 frozenset (u8 n obj*n), 13 code, 14 opaque (u8 index),
 *             15 a reference to an earlier object (u16 index: shared
 *             sub-objects, as a live code object shares them)
 *   str    := u8 len bytes   (invalid UTF-8 bytes become '?')
 *   blob   := u16 len bytes
 */
#ifndef DEPYF_FUZZ_CODEMODEL_H
#define DEPYF_FUZZ_CODEMODEL_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "error.h"
#include "model.h"

/* Bytes to a model.  -1 with an error in *err when the model breaks one of
 * the rules _codeconv.c enforces (its validate_code, the nesting limit). */
int cm_decode(const uint8_t *data, size_t size, dp_arena *arena, dp_error *err, dp_code **out);

/* A model (from the marshal reader) to bytes, for seeding: malloc'd in
 * *out.  -1 when something does not fit the format (a field too long). */
int cm_encode(const dp_code *code, uint8_t **out, size_t *out_len);

#endif
