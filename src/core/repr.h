/* repr.h — Python's repr() of constants, exactly as the target version
 * prints it.  Used by the disassembler (argument reprs) and the source
 * printer (literals).
 *
 * - int: decimal of any size;
 * - float: the shortest string that round-trips (repr's 'r' format), with
 *   "inf", "nan", "1e+16", "1e-05", "-0.0" as Python writes them;
 * - complex: "1j", "(1+2j)", "(-0-1j)", "(nan+infj)";
 * - str: quote choice and escapes of str.__repr__, where a non-ASCII code
 *   point is escaped only if that version's str.isprintable() says so;
 * - bytes: b'...' with bytes.__repr__'s escapes;
 * - tuple, list, set, frozenset, dict: the containers' own forms ("(1,)",
 *   "frozenset({1, 2})", "set()"), elements in stored order;
 * - code: <code object NAME at 0x0000, file "FILE", line N> (the address is
 *   a fixed placeholder; tests mask addresses);
 * - None, True, False, Ellipsis, StopIteration as their names. */
#ifndef DEPYF_REPR_H
#define DEPYF_REPR_H

#include "buf.h"
#include "model.h"
#include "opcodes.h"

int dp_repr(dp_buf *out, const dp_object *obj, const dp_version_info *vi) DP_MUST_CHECK;
int dp_repr_str(dp_buf *out, const char *s, size_t len, const dp_version_info *vi) DP_MUST_CHECK;
int dp_repr_bytes(dp_buf *out, const char *s, size_t len) DP_MUST_CHECK;
int dp_repr_float(dp_buf *out, double x) DP_MUST_CHECK;
int dp_repr_int(dp_buf *out, const dp_int *value) DP_MUST_CHECK;

#endif
