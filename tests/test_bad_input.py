"""`depyf dis` on hostile .pyc files: exit 2, one clear line on stderr.

Each file is built here, byte by byte (the same cases tests/c/corrupt.c
builds in C): a truncated file, wrong and unknown magic numbers, invalid
marshal type codes, bad back-references (out of range, and a cycle through
an unfinished object), negative sizes and sizes beyond the data, nesting
100000 deep, code objects with inconsistent fields in each version's
layout, and a DAG of shared tuples whose repr would be 2**60 items long.

For each, `depyf dis FILE` must exit with status 2 within the time limit,
print nothing on stdout and exactly one line on stderr that names the file
and says what is wrong, with no sanitizer report.  `make check-bad-input`
runs this against the ASan+UBSan build (DEPYF=build/asan/depyf); without
DEPYF the test uses build/asan/depyf if it exists, else build/depyf.
"""
import os
import re
import struct
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

MAGIC = {308: 3413, 309: 3425, 310: 3439, 311: 3495, 312: 3531, 313: 3571}
# (RESUME, LOAD_CONST, RETURN_VALUE); RESUME only exists from 3.11.
OPS = {308: (None, 100, 83), 309: (None, 100, 83), 310: (None, 100, 83),
       311: (151, 100, 83), 312: (151, 100, 83), 313: (149, 83, 36)}
VERSIONS = sorted(MAGIC)
FLAG_REF = 0x80
TIMEOUT = 120


def depyf_binary():
    explicit = os.environ.get("DEPYF")
    if explicit:
        return Path(explicit) if os.path.isabs(explicit) else ROOT / explicit
    for candidate in (ROOT / "build" / "asan" / "depyf", ROOT / "build" / "depyf"):
        if candidate.exists():
            return candidate
    return None


# ---- a tiny marshal writer ------------------------------------------------

def i32(n):
    return struct.pack("<i", n)


def header(version, flags=0):
    return struct.pack("<H", MAGIC[version]) + b"\r\n" + struct.pack("<I", flags) + bytes(8)


def w_bytes(data):
    return b"s" + i32(len(data)) + data


def w_str(text):
    data = text.encode()
    return b"z" + bytes([len(data)]) + data


def w_names(names):
    return b")" + bytes([len(names)]) + b"".join(w_str(n) for n in names)


def simple_code(version, const_index=0):
    resume, load_const, return_value = OPS[version]
    code = bytes([resume, 0]) if resume is not None else b""
    return code + bytes([load_const, const_index, return_value, 0])


def w_code(version, argcount=0, posonly=0, kwonly=0, nlocals=0, stacksize=1, flags=0,
           code=None, consts=b")\x01N", varnames=(), name="<module>", ref=False):
    modern = version >= 311
    out = bytes([ord("c") | (FLAG_REF if ref else 0)])
    out += i32(argcount) + i32(posonly) + i32(kwonly)
    if not modern:
        out += i32(nlocals)
    out += i32(stacksize) + i32(flags)
    out += w_bytes(simple_code(version) if code is None else code)
    out += consts
    out += w_names(())  # co_names
    if modern:
        out += w_names(varnames) + w_bytes(b"\x20" * len(varnames))
    else:
        out += w_names(varnames) + w_names(()) + w_names(())
    out += w_str("<hostile>") + w_str(name)
    if modern:
        out += w_str(name)
    out += i32(1) + w_bytes(b"")
    if modern:
        out += w_bytes(b"")
    return out


def dag(levels):
    """(t, t) for the tuple t one level down, `levels` deep: the reprs double."""
    out = bytes([ord(")") | FLAG_REF, 2]) * levels + b"NN"
    for k in range(levels - 2, -1, -1):
        out += b"r" + i32(k + 1)
    return out


# ---- the cases: (id, bytes, regex the message must match) ------------------

def cases():
    found = []

    def add(case_id, data, pattern):
        found.append(pytest.param(data, pattern, id=case_id))

    module = header(312) + w_code(312)
    add("truncated", module[:len(module) // 2], r"too short")
    add("truncated-header", module[:10], r"too short")
    add("empty", b"", r"too short")
    add("unknown-magic", struct.pack("<H", 1234) + b"\r\n" + bytes(12) + b"N",
        r"unknown magic number 1234")
    add("magic-3.7", struct.pack("<H", 3394) + b"\r\n" + bytes(12) + b"N", r"unknown magic number")
    add("not-a-pyc", b"print('hello')\n", r"not a \.pyc")
    add("bad-flags", header(312, flags=4) + b"N", r"invalid \.pyc flags")
    add("unknown-type-code", header(312) + b"Q", r"unknown type code 0x51")
    add("unknown-type-code-in-tuple", header(308) + b")\x03NT?", r"unknown type code 0x3f")
    add("tuple-nested-100000", header(312) + (b"(" + i32(1)) * 100000 + b"N",
        r"nested deeper than \d+ levels")
    add("list-nested-100000", header(311) + (b"[" + i32(1)) * 100000 + b"N",
        r"nested deeper than \d+ levels")
    add("dict-nested-100000", header(310) + b"{N" * 100000 + b"N", r"nested deeper than \d+ levels")
    add("ref-cycle", header(312) + bytes([ord("(") | FLAG_REF]) + i32(1) + b"r" + i32(0),
        r"invalid reference 0")
    add("ref-cycle-code", header(308) + w_code(308, consts=b")\x01r" + i32(0), ref=True),
        r"invalid reference 0")
    add("ref-out-of-range", header(311) + b")\x02" + bytes([ord("i") | FLAG_REF]) + i32(7)
        + b"r" + i32(1), r"invalid reference 1")
    add("ref-negative", header(311) + b"r" + i32(-1), r"invalid reference -1")
    add("negative-size-tuple", header(313) + b"(" + i32(-1) + b"xxxxxxxx",
        r"size out of range")
    add("negative-size-bytes", header(313) + b"s" + i32(-5) + b"xxxxxxxx", r"size out of range")
    add("size-beyond-data", header(309) + b"s" + i32(1000) + b"0123456789",
        r"too short for its declared size")
    add("size-beyond-data-tuple", header(309) + b"(" + i32(0x7FFFFFFF) + b"NNNN",
        r"too short for its declared size")
    add("invalid-utf8", header(311) + b"u" + i32(2) + b"\xc3\x28", r"invalid UTF-8")
    add("not-a-code-object", header(313) + b")\x00", r"does not hold a code object")
    for v in VERSIONS:
        tag = "%d.%d" % (v // 100, v % 100)
        add(tag + "-posonly-gt-argcount", header(v) + w_code(v, posonly=1),
            r"bad code object.*positional-only")
        add(tag + "-odd-code", header(v) + w_code(v, code=simple_code(v)[:-1]),
            r"bad code object.*odd")
        add(tag + "-negative-argcount", header(v) + w_code(v, argcount=-1),
            r"bad code object.*negative")
        add(tag + "-args-beyond-varnames",
            header(v) + w_code(v, argcount=3, nlocals=2, varnames=("a", "b")),
            r"bad code object.*more arguments than local variable names")
        add(tag + "-const-out-of-range-newline-name",
            header(v) + w_code(v, code=simple_code(v, 9), name="two\nlines"),
            r"argument 9 of a constant .* out of range")
        add(tag + "-dag-60", header(v) + w_code(v, code=simple_code(v, 1), consts=b")\x02N" + dag(60)),
            r"repr of a constant exceeds \d+ bytes|work limit exceeded")
    return found


BAD = cases()
SANITIZER = re.compile(r"Sanitizer|runtime error:|LeakSanitizer")


@pytest.fixture(scope="module")
def depyf():
    binary = depyf_binary()
    if binary is None or not binary.exists():
        if os.environ.get("DEPYF"):
            pytest.fail("DEPYF=%s does not exist" % os.environ["DEPYF"])
        pytest.fail("build/depyf not built (run make, or make check-bad-input)")
    return binary


@pytest.mark.parametrize("data,pattern", BAD)
def test_bad_input(depyf, tmp_path, request, data, pattern):
    path = tmp_path / (request.node.callspec.id + ".pyc")
    path.write_bytes(data)
    env = dict(os.environ)
    env.setdefault("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=1")
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
    proc = subprocess.run([str(depyf), "dis", str(path)], capture_output=True, timeout=TIMEOUT,
                          env=env)
    stderr = proc.stderr.decode("utf-8", "replace")
    assert not SANITIZER.search(stderr), stderr
    assert proc.returncode == 2, (proc.returncode, stderr)
    assert proc.stdout == b""
    assert stderr.endswith("\n") and stderr.count("\n") == 1, "not one line: %r" % stderr
    line = stderr.rstrip("\n")
    assert str(path) in line, line
    assert re.search(pattern, line), "%r does not match %r" % (line, pattern)
    assert line.startswith("depyf: %s: " % path), line
