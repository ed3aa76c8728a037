"""Dynamo's own bytecode, with its line numbers moved onto the dump file.

The decompiler tells, for each 2-byte code unit of a code object, the line
of the decompiled source that its statement is on.  A copy of Dynamo's code
object whose location table says those lines (shifted to where the source
sits in the dump file) and whose file name is the dump file runs exactly
Dynamo's instructions, while pdb, tracebacks and IDE debuggers show and stop
at the decompiled lines.  Nothing but the locations changes, so it is always
equal to Dynamo's code in normalized bytecode, and needs no compiling back.

The location table format is CPython's own (Objects/locations.md, 3.11+):
entries of up to 8 code units, each a byte 1CCCCLLL (C: the entry's kind, L:
units - 1) and, for kind 13 ("no column"), the line as a signed varint delta
from the previous entry's line.
"""
import dis
import sys

_NO_COLUMN = 13
_NO_LOCATION = 15


def supported():
    return sys.version_info >= (3, 11)


def _varint(out, value):
    while value >= 64:
        out.append(64 | (value & 63))
        value >>= 6
    out.append(value)


def _svarint(out, value):
    _varint(out, (-value << 1) | 1 if value < 0 else value << 1)


def location_table(unit_lines, firstlineno):
    """co_linetable for code units with the given lines (0: no line)."""
    out = bytearray()
    prev = firstlineno
    n = len(unit_lines)
    u = 0
    while u < n:
        line = unit_lines[u]
        run = 1
        while u + run < n and run < 8 and unit_lines[u + run] == line:
            run += 1
        if line <= 0:
            out.append(0x80 | (_NO_LOCATION << 3) | (run - 1))
        else:
            out.append(0x80 | (_NO_COLUMN << 3) | (run - 1))
            _svarint(out, line - prev)
            prev = line
        u += run
    return bytes(out)


def with_lines(code, unit_lines, line_offset, filename, def_line):
    """code, running the same instructions, located at unit_lines[u] +
    line_offset of `filename`; None when the lines do not fit the code."""
    if not supported() or len(unit_lines) != len(code.co_code) // 2:
        return None
    lines = [ln + line_offset if ln > 0 else 0 for ln in unit_lines]
    # an instruction's inline caches share its line
    starts = [ins.offset // 2 for ins in dis.get_instructions(code)] + [len(lines)]
    for a, b in zip(starts, starts[1:]):
        for u in range(a + 1, b):
            lines[u] = lines[a]
    table = location_table(lines, def_line)
    mapped = code.replace(co_linetable=table, co_filename=filename, co_firstlineno=def_line)
    # read the table back: every instruction must land on its line
    got = {start: line for start, _end, line in mapped.co_lines()}
    for start, line in got.items():
        want = lines[start // 2] or None
        if line != want:
            return None
    return mapped
