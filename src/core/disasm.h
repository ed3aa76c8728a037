/* disasm.h — the text `dis.dis(code)` prints on the code's own Python
 * version, for any supported version, from any host.
 *
 * Object addresses in code object reprs print as 0x0000; everything else is
 * byte for byte what that interpreter's dis prints (tests mask addresses). */
#ifndef DEPYF_DISASM_H
#define DEPYF_DISASM_H

#include "arena.h"
#include "buf.h"
#include "error.h"
#include "model.h"

/* Disassemble `code` and, recursively, the code objects among its constants. */
int dp_disassemble(const dp_code *code, dp_arena *arena, dp_error *err, dp_buf *out) DP_MUST_CHECK;

#endif
