"""repr.c against the real repr() of every installed CPython 3.8 ... 3.13.

Each interpreter generates thousands of values (floats, ints, complex, str,
bytes, containers, code objects), writes them in the line format of
tests/c/test_repr.c together with its own repr(), and the C program must
print exactly the same text.  The C program is built twice: with the
project's warning flags and -Werror, and with ASan+UBSan.

While src/core/opcodes.c (the generated per-version tables) does not exist
yet (or DEPYF_REPR_STUB=1 is set), the test links a small stub of
dp_version_info_get/dp_is_printable built from str.isprintable() as each
interpreter reports it; with the real one, the generated tables are checked
too (strings include every range edge of every version's table and the code
points where versions disagree).
"""
import glob
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "src" / "core"
VERSIONS = ["3.8", "3.9", "3.10", "3.11", "3.12", "3.13"]
WARN = ["-std=c11", "-Wall", "-Wextra", "-Wshadow", "-Wstrict-prototypes",
        "-Wmissing-prototypes", "-Wno-unused-parameter"]
SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all",
            "-fno-omit-frame-pointer", "-g", "-O1"]


def find_python(version):
    root = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    hits = sorted(glob.glob(f"{root}/versions/{version}.*/bin/python{version}"))
    return hits[-1] if hits else None


PYTHONS = {v: find_python(v) for v in VERSIONS}
INSTALLED = [v for v in VERSIONS if PYTHONS[v]]


def vnum(version):
    major, minor = version.split(".")
    return int(major) * 100 + int(minor)


NONPRINTABLE_SCRIPT = r"""
import sys
out = []
lo = None
for cp in range(0x110001):
    bad = cp < 0x110000 and not chr(cp).isprintable()
    if bad and lo is None:
        lo = cp
    elif not bad and lo is not None:
        out.append('%x %x' % (lo, cp - 1))
        lo = None
sys.stdout.write('\n'.join(out) + '\n')
"""


# ---------------------------------------------------------------- generator
# Runs inside the interpreter under test (so: Python 3.8 syntax).  argv:
# seed, file of extra code points (hex, whitespace separated).  Prints
# "kind<TAB>encoded<TAB>hex(utf-8 of repr)" per value; counts on stderr.
GENERATOR = r'''
import math, random, struct, sys
if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)   # 3.11+: repr of ints > 4300 digits

seed = int(sys.argv[1])
with open(sys.argv[2]) as f:
    extra_cps = [int(x, 16) for x in f.read().split()]
rng = random.Random(seed)
lines = []
counts = {}
INF = float("inf")
NAN = float("nan")

def fbits(x):
    return struct.pack(">d", x).hex()

def from_bits(b):
    return struct.unpack(">d", struct.pack(">Q", b))[0]

def to_bits(x):
    return struct.unpack(">Q", struct.pack(">d", x))[0]

def big(v):
    sign = "-" if v < 0 else "+"
    m = abs(v)
    digits = []
    while m:
        digits.append(m & 0x7FFF)
        m >>= 15
    return "I" + sign + ",".join("%x" % d for d in digits)

def enc(v):
    if v is None:
        return "N"
    if v is True:
        return "T"
    if v is False:
        return "F"
    if v is Ellipsis:
        return "E"
    if v is StopIteration:
        return "S"
    t = type(v)
    if t is int:
        if -2**63 <= v < 2**63 and rng.random() < 0.7:
            return "i%d" % v
        return big(v)
    if t is float:
        return "f" + fbits(v)
    if t is complex:
        return "c" + fbits(v.real) + fbits(v.imag)
    if t is str:
        return "s" + v.encode("utf-8", "surrogatepass").hex()
    if t is bytes:
        return "b" + v.hex()
    if t in (tuple, list, set, frozenset):
        tag = {tuple: "t", list: "l", set: "e", frozenset: "z"}[t]
        items = insertion_order.get(id(v), list(v))
        return " ".join(["%s%d" % (tag, len(items))] + [enc(x) for x in items])
    if t is dict:
        parts = ["d%d" % (2 * len(v))]
        for k, x in v.items():
            parts.append(enc(k))
            parts.append(enc(x))
        return " ".join(parts)
    if t is type(enc.__code__):
        return "k%s:%s:%d" % (v.co_name.encode("utf-8", "surrogatepass").hex(),
                              v.co_filename.encode("utf-8", "surrogatepass").hex(),
                              v.co_firstlineno)
    raise TypeError(t)

def reproducible_hash(x):
    """hash(x) does not depend on an address (pyhash.c replays these)."""
    t = type(x)
    if x is None:
        return sys.version_info >= (3, 12)
    if t in (bool, int, str, bytes):
        return True
    if t is float:
        return x == x or sys.version_info < (3, 10)
    if t is complex:
        return reproducible_hash(x.real) and reproducible_hash(x.imag)
    if t in (tuple, frozenset):
        return all(reproducible_hash(y) for y in x)
    return False

def code_repr(c):
    # Mask the address, as repr.c prints a fixed 0x0000.
    r = repr(c)
    prefix = "<code object " + c.co_name + " at "
    assert r.startswith(prefix), r
    addr, sep, tail = r[len(prefix):].partition(", file ")
    assert addr.startswith("0x") and sep, r
    return prefix + "0x0000" + sep + tail

# repr.c replays CPython's set insertion (pyhash.c): the elements of a set are
# stored shuffled, and the expected repr is that of the set rebuilt by adding
# them in that order (as marshal.loads does), under PYTHONHASHSEED=0.
insertion_order = {}

def reorder(v):
    t = type(v)
    if t in (tuple, list):
        return t(reorder(x) for x in v)
    if t is dict:
        return {reorder(k): reorder(x) for k, x in v.items()}
    if t in (set, frozenset):
        items = [reorder(x) for x in v]
        if not all(reproducible_hash(x) for x in items):
            # An address-based hash cannot be replayed: repr.c keeps the
            # stored order, which marshal writes in iteration order.
            rebuilt = t(items)
            insertion_order[id(rebuilt)] = list(rebuilt)
            return rebuilt
        random.Random(len(lines) * 31 + len(items)).shuffle(items)
        rebuilt = t(items)
        insertion_order[id(rebuilt)] = items
        return rebuilt
    return v

def add(kind, v):
    v = reorder(v)
    lines.append("%s\t%s\t%s" % (kind, enc(v), expected_repr(v).encode("utf-8", "surrogatepass").hex()))
    counts[kind] = counts.get(kind, 0) + 1
    insertion_order.clear()

def expected_repr(v):
    # repr() of a container that holds code objects has raw addresses too.
    return _mask(v)

def _mask(v):
    t = type(v)
    if t is type(enc.__code__):
        return code_repr(v)
    if t is tuple:
        if len(v) == 1:
            return "(" + _mask(v[0]) + ",)"
        return "(" + ", ".join(_mask(x) for x in v) + ")"
    if t is list:
        return "[" + ", ".join(_mask(x) for x in v) + "]"
    if t in (set, frozenset):
        has_code = any(type(x) is type(enc.__code__) or type(x) in (tuple, frozenset) for x in v)
        if not has_code:
            return repr(v)
        if not v:
            return repr(v)
        body = "{" + ", ".join(_mask(x) for x in v) + "}"
        return body if t is set else "frozenset(" + body + ")"
    if t is dict:
        return "{" + ", ".join(_mask(k) + ": " + _mask(x) for k, x in v.items()) + "}"
    return repr(v)

# ------------------------------------------------------------------ floats
def sign(x):
    return -x if rng.random() < 0.5 else x

floats = [0.0, -0.0, INF, -INF, NAN, math.copysign(NAN, -1.0), 5e-324, -5e-324,
          2.2250738585072014e-308, 2.225073858507201e-308, 1.7976931348623157e308,
          -1.7976931348623157e308, 1e16, 1e-5, 1e-4, 9999999999999998.0, 1e15,
          123456789012345678.0, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 1e22, 1e23, 1e-7,
          100.0, 1.5, 12345.678, 9007199254740992.0, 9007199254740993.0,
          0.00001, 0.0001234, 1234567890123456.7, 12345678901234567.0]
floats += [math.ldexp(1.0, k) for k in range(-1074, 1024)]       # powers of two
floats += [sign(float("1e%d" % k)) for k in range(-325, 310)]     # powers of ten
for _ in range(1000):                                             # any bits
    floats.append(from_bits(rng.getrandbits(64)))
for _ in range(300):                                              # subnormals
    floats.append(from_bits(rng.getrandbits(52) | (rng.getrandbits(1) << 63)))
for _ in range(500):                     # short decimals and their neighbours
    x = float("%de%d" % (rng.randint(1, 999), rng.randint(-326, 306)))
    b = to_bits(x)
    floats.append(sign(x))
    if 0 < b < 0x7FF0000000000000:
        floats.append(from_bits(b - 1))
        floats.append(from_bits(b + 1))
for _ in range(300):     # exact ties between two 16-digit decimals: odd / 4 in [2**49, 2**50)
    floats.append((2 * rng.randrange(2**50, 2**51) + 1) / 4)
for _ in range(500):
    floats.append(sign(rng.random() * 10.0 ** rng.randint(-20, 25)))
for _ in range(300):
    floats.append(sign(float(rng.randrange(2**64))))
for _ in range(200):
    floats.append(sign(rng.randint(1, 10**6) / 10 ** rng.randint(0, 8)))
for x in floats:
    add("float", x)

# ----------------------------------------------------------------- complex
parts = [0.0, -0.0, INF, -INF, NAN, math.copysign(NAN, -1.0), 1.0, -1.0, 1e16, 1e-5,
         1e15, 1e-4, 2.5, -2.5, 1e300, 5e-324, 0.1, 123456789.0]
for a in parts:
    for b in parts:
        add("complex", complex(a, b))
for _ in range(1700):
    pick = lambda: rng.choice(parts) if rng.random() < 0.3 else rng.choice(floats)
    add("complex", complex(pick(), pick()))

# --------------------------------------------------------------------- int
ints = [0, 1, -1, 2**15 - 1, 2**15, 2**30, 2**31 - 1, 2**31, -2**31, 2**63 - 1,
        2**63, -2**63, -2**63 - 1, 2**64, -2**64, 2**64 - 1, 10**18, 10**19, -10**19]
for k in range(0, 60):
    ints += [10**k - 1, 10**k, -(10**k + 1)]
for _ in range(800):
    ints.append(rng.randint(-2**63, 2**63 - 1))
for _ in range(600):
    ints.append(sign(rng.getrandbits(rng.randint(1, 64))))
for _ in range(900):
    ints.append(sign(rng.getrandbits(rng.randint(65, 20000))))   # up to ~6000 digits
for _ in range(200):
    ints.append(sign(10 ** rng.randint(20, 5000) + rng.randint(-5, 5)))
for _ in range(100):
    ints.append(sign(2 ** rng.randint(60, 20000) - rng.randint(0, 2)))
for v in ints:
    add("int", v)

# --------------------------------------------------------------------- str
ascii_pool = [chr(c) for c in range(0x20, 0x7F)] + ["'", '"', "\\"] * 8
ctl_pool = [chr(c) for c in list(range(0, 0x20)) + list(range(0x7F, 0xA1))] + ["\xad", "\xa0"]
special_pool = [chr(c) for c in (0x2028, 0x2029, 0xFEFF, 0x200B, 0x1F600, 0xE000, 0xFFFF,
                                 0xFFFE, 0x10FFFF, 0x378, 0x301, 0x3000, 0x85, 0xD800,
                                 0xDBFF, 0xDC00, 0xDFFF, 0xE0001, 0x1F1E6, 0xF8FF)]

def rand_char():
    r = rng.random()
    if r < 0.35:
        return rng.choice(ascii_pool)
    if r < 0.45:
        return rng.choice(ctl_pool)
    if r < 0.55:
        return chr(rng.randrange(0xA0, 0x100))
    if r < 0.75:
        return chr(rng.randrange(0x100, 0x10000))      # includes surrogates
    if r < 0.85:
        return chr(rng.randrange(0x10000, 0x110000))
    if r < 0.92 and extra_cps:
        return chr(rng.choice(extra_cps))
    return rng.choice(special_pool)

strs = ["", "'", '"', "'\"", "\\", "a'b", 'a"b', "it's \"x\"", "\ud83d\ude00", "\U0001F600"]
for _ in range(3000):
    strs.append("".join(rand_char() for _ in range(rng.randint(0, 20))))
for i in range(0, len(extra_cps), 8):            # every table boundary of every version
    strs.append("".join(chr(c) for c in extra_cps[i:i + 8]))
for s in strs:
    add("str", s)

# ------------------------------------------------------------------- bytes
bytes_pool = list(range(256)) + [0x27, 0x22, 0x5C] * 20
bs = [b"", b"'", b'"', b"'\"", b"\\", b"\x00\x7f\x80\xff"]
for _ in range(2000):
    bs.append(bytes(rng.choice(bytes_pool) for _ in range(rng.randint(0, 30))))
for b in bs:
    add("bytes", b)

# -------------------------------------------------------------------- code
template = compile("def f(): pass", "<gen>", "exec").co_consts[0]
def rand_name():
    return "".join(c for c in (rand_char() for _ in range(rng.randint(0, 12)))
                   if c != "\n" and not "\ud800" <= c <= "\udfff")
codes = []
for i in range(300):
    line = rng.choice([0, 1, 2, rng.randint(1, 2**31 - 1), rng.randint(1, 1000)])
    try:
        c = template.replace(co_name=rand_name(), co_filename=rand_name(), co_firstlineno=line)
    except (ValueError, TypeError):
        continue
    codes.append(c)
    add("code", c)

# -------------------------------------------------------------- containers
hashables = ([None, True, False, Ellipsis, StopIteration] + ints[:200] + floats[:400:3]
             + strs[:200] + bs[:100] + [complex(a, b) for a in parts[:6] for b in parts[:6]]
             + codes[:20])

def leaf():
    return rng.choice(hashables)

def hashable(depth):
    r = rng.random()
    if depth <= 0 or r < 0.6:
        return leaf()
    if r < 0.8:
        return tuple(hashable(depth - 1) for _ in range(rng.randint(0, 3)))
    return frozenset(hashable(depth - 1) for _ in range(rng.randint(0, 3)))

def anyvalue(depth):
    r = rng.random()
    if depth <= 0 or r < 0.4:
        return leaf()
    n = rng.randint(0, 4)
    if r < 0.5:
        return tuple(anyvalue(depth - 1) for _ in range(n))
    if r < 0.6:
        return [anyvalue(depth - 1) for _ in range(n)]
    if r < 0.7:
        return {hashable(depth - 1) for _ in range(n)}
    if r < 0.8:
        return frozenset(hashable(depth - 1) for _ in range(n))
    return {hashable(depth - 1): anyvalue(depth - 1) for _ in range(n)}

conts = [(), (1,), ((),), [], set(), frozenset(), {}, {1: 2}, frozenset({1}), {None},
         ((1,),), [[]], (StopIteration,), {"a": (1, 2.5, 1j)}]
for _ in range(1200):
    conts.append(anyvalue(rng.randint(1, 4)))
for v in conts:
    add("container", v)
for v in [None, True, False, Ellipsis, StopIteration]:
    add("singleton", v)

out = "\n".join(lines) + "\n"
sys.stdout.buffer.write(out.encode("ascii"))
sys.stderr.write(" ".join("%s=%d" % kv for kv in sorted(counts.items())) + "\n")
'''


# ------------------------------------------------------------------ fixtures
@pytest.fixture(scope="module")
def tables():
    """Per installed version: the inclusive code point ranges that
    str.isprintable() rejects."""
    result = {}
    for v in INSTALLED:
        text = subprocess.run([PYTHONS[v], "-c", NONPRINTABLE_SCRIPT], check=True,
                              capture_output=True, text=True).stdout
        result[v] = [tuple(int(x, 16) for x in line.split()) for line in text.split("\n") if line]
    return result


def write_stub(directory, tables):
    """A stand-in for the generated opcodes.c: only the isprintable tables."""
    parts = ['#include "opcodes.h"', "#include <string.h>", ""]
    infos = []
    for v, ranges in tables.items():
        n = vnum(v)
        body = ",\n".join("    {0x%x, 0x%x}" % r for r in ranges)
        parts.append("static const uint32_t np%d[][2] = {\n%s\n};" % (n, body))
        infos.append("    {.version = %d, .full_version = \"%s\", .nonprintable = np%d,"
                     " .n_nonprintable = sizeof np%d / sizeof np%d[0]}," % (n, v, n, n, n))
    parts.append("static const dp_version_info infos[] = {\n%s\n};" % "\n".join(infos))
    parts.append(r"""
const dp_version_info *dp_version_info_get(int version)
{
    for (size_t i = 0; i < sizeof infos / sizeof infos[0]; i++)
        if (infos[i].version == version)
            return &infos[i];
    return NULL;
}

int dp_is_printable(const dp_version_info *vi, uint32_t cp)
{
    size_t lo = 0, hi = vi->n_nonprintable;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < vi->nonprintable[mid][0])
            hi = mid;
        else if (cp > vi->nonprintable[mid][1])
            lo = mid + 1;
        else
            return 0;
    }
    return 1;
}
""")
    (directory / "stub_opcodes.c").write_text("\n".join(parts))
    gen = directory / "gen"
    gen.mkdir(exist_ok=True)
    if not (CORE / "gen" / "opnames.h").exists():
        (gen / "opnames.h").write_text("/* empty stand-in for the generated opcode names */\n")


def compile_program(workdir, tables, extra_flags, name):
    cc = os.environ.get("CC", "cc")
    objdir = workdir / (name + "-obj")
    objdir.mkdir(exist_ok=True)
    use_real = ((CORE / "opcodes.c").exists() and (CORE / "gen" / "opnames.h").exists()
                and not os.environ.get("DEPYF_REPR_STUB"))  # =1: test with the stub anyway
    # Our own files must compile without a single warning.
    strict = [CORE / "repr.c", CORE / "pyhash.c", ROOT / "tests" / "c" / "test_repr.c"]
    others = [CORE / "buf.c", CORE / "arena.c", CORE / "error.c"]
    if use_real:
        others.append(CORE / "opcodes.c")
    else:
        write_stub(workdir, tables)
        strict.append(workdir / "stub_opcodes.c")
    objs = []
    for src in strict + others:
        obj = objdir / (src.stem + ".o")
        flags = WARN + ["-I" + str(CORE), "-I" + str(workdir)] + extra_flags
        if src in strict:
            flags = flags + ["-Werror"]
        proc = subprocess.run([cc] + flags + ["-c", str(src), "-o", str(obj)],
                              capture_output=True, text=True)
        assert proc.returncode == 0, "compiling %s failed:\n%s" % (src, proc.stderr)
        if src in strict:
            assert proc.stderr == "", "warnings in %s:\n%s" % (src, proc.stderr)
        objs.append(str(obj))
    exe = workdir / name
    proc = subprocess.run([cc] + extra_flags + objs + ["-lm", "-o", str(exe)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return exe


@pytest.fixture(scope="module")
def programs(tmp_path_factory, tables):
    if shutil.which(os.environ.get("CC", "cc")) is None:
        pytest.fail("no C compiler")
    workdir = tmp_path_factory.mktemp("repr")
    plain = compile_program(workdir, tables, ["-O2"], "test_repr")
    sanitized = compile_program(workdir, tables, SANITIZE, "test_repr_asan")
    return {"plain": plain, "asan": sanitized}


SAN_ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")


# --------------------------------------------------------------------- tests
@pytest.mark.parametrize("kind", ["plain", "asan"])
def test_unit(programs, kind):
    proc = subprocess.run([str(programs[kind]), "--unit"], capture_output=True, text=True,
                          env=SAN_ENV, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 failures" in proc.stdout


def interesting_code_points(tables):
    """Code points where the versions' isprintable() differ, and the edges of
    every version's ranges: where a stale or off-by-one table would show."""
    cps = set()
    sets = []
    for ranges in tables.values():
        for lo, hi in ranges:
            for cp in (lo - 1, lo, hi, hi + 1):
                if 0x80 <= cp < 0x110000:
                    cps.add(cp)
        sets.append(ranges)
    if len(sets) > 1:
        def covered(ranges, cp):
            import bisect
            i = bisect.bisect_right(ranges, (cp, 0x7FFFFFFF)) - 1
            return i >= 0 and ranges[i][0] <= cp <= ranges[i][1]
        union_edges = sorted({lo for r in sets for lo, _ in r} | {hi for r in sets for _, hi in r})
        rng = random.Random(7)
        diffs = []
        for lo in union_edges:
            for cp in (lo, lo + 1, lo + 2):
                if cp < 0x110000 and len({covered(r, cp) for r in sets}) > 1:
                    diffs.append(cp)
        cps.update(rng.sample(diffs, min(len(diffs), 3000)))
    return sorted(cps)


@pytest.mark.skipif(not INSTALLED, reason="no CPython 3.8-3.13 installed")
@pytest.mark.parametrize("version", VERSIONS)
def test_matches_cpython(programs, tables, tmp_path, version):
    python = PYTHONS[version]
    if python is None:
        pytest.fail("python%s not installed" % version)
    cps_file = tmp_path / "cps.txt"
    cps_file.write_text(" ".join("%x" % c for c in interesting_code_points(tables)))
    gen = tmp_path / "gen.py"
    gen.write_text(GENERATOR)
    proc = subprocess.run([python, str(gen), "20240611", str(cps_file)],
                          capture_output=True, timeout=600,
                          env=dict(os.environ, PYTHONHASHSEED="0"))
    assert proc.returncode == 0, proc.stderr.decode()
    print("python%s generated: %s" % (version, proc.stderr.decode().strip()))
    cases = [line.split(b"\t") for line in proc.stdout.split(b"\n") if line]
    stdin = b"".join(enc + b"\n" for _, enc, _ in cases)
    for kind in ("plain", "asan"):
        run = subprocess.run([str(programs[kind]), str(vnum(version))], input=stdin,
                             capture_output=True, env=SAN_ENV, timeout=600)
        assert run.returncode == 0, run.stderr.decode(errors="replace")[-4000:]
        got = run.stdout.split(b"\n")
        assert got[-1] == b""
        got = got[:-1]
        assert len(got) == len(cases), (len(got), len(cases))
        bad = []
        for (what, enc, want_hex), line in zip(cases, got):
            want = bytes.fromhex(want_hex.decode())
            if line != want:
                bad.append((what.decode(), enc.decode()[:200], want, line))
        if bad:
            by_kind = {}
            for b in bad:
                by_kind[b[0]] = by_kind.get(b[0], 0) + 1
            detail = "\n".join("  %s %s\n    want %r\n    got  %r" % b for b in bad[:15])
            pytest.fail("%s build, python%s: %d of %d reprs differ %s:\n%s"
                        % (kind, version, len(bad), len(cases), by_kind, detail))
