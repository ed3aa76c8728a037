"""The generated opcode tables are current, and the C lookups agree with CPython.

1. tools/gen_opcodes.py --check regenerates every header under src/core/gen
   from the installed interpreters and must find no difference.
2. A small C program linked with src/core/opcodes.c prints, for every
   version, what the C side believes (names, flags, jump kinds, caches, stack
   effects at many args, printability of every code point, the version of
   every magic number 3400..3600).  Each interpreter is then asked the same
   questions through dis itself -- dis.stack_effect, dis.findlabels,
   dis._unpack_opargs, str.isprintable, importlib's MAGIC_NUMBER and its
   history comment -- and the answers must match.
"""

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GEN = os.path.join(ROOT, "tools", "gen_opcodes.py")
sys.path.insert(0, os.path.dirname(GEN))
import gen_opcodes  # noqa: E402

CFLAGS = ["-std=c11", "-Wall", "-Wextra", "-Wshadow", "-Wstrict-prototypes",
          "-Wmissing-prototypes", "-Wno-unused-parameter"]
EFFECT_ARGS = list(range(21)) + [255, 256, 257, 4095, 65535, 2 ** 20, 2 ** 24 + 3]
JUMP_ARG = 4           # the oparg of the synthetic jump instruction
JUMP_AT = 16           # its offset: eight NOPs come first
TABLES = ["cmp_op", "nb_ops", "intrinsic1", "intrinsic2", "function_flags",
          "format_converters", "common_constants"]

C_PROGRAM = r"""
#include <stdio.h>
#include "opcodes.h"

static const int args[] = {%(args)s};

static void names(const char *table, dp_names n)
{
    for (size_t i = 0; i < n.count; i++)
        printf("N %%s %%zu %%s\n", table, i, n.items[i]);
}

static void version(const dp_version_info *vi)
{
    printf("V %%d %%s %%u %%d %%d %%d %%d\n", vi->version, vi->full_version,
           (unsigned)vi->magic, vi->have_argument, vi->extended_arg,
           vi->opname_width, vi->oparg_width);
    for (int b = 0; b < 256; b++) {
        const dp_opinfo *o = &vi->ops[b];
        if (!o->name)
            continue;
        printf("O %%d %%s %%s %%u %%u %%u\n", b, o->name, dp_opcode_name((dp_opcode)o->op),
               (unsigned)o->flags, (unsigned)o->jump, (unsigned)o->caches);
        for (size_t i = 0; i < sizeof args / sizeof args[0]; i++) {
            for (int j = 0; j < 2; j++) {
                int ok = -1;
                int e = dp_stack_effect_of(vi, b, args[i], j, &ok);
                printf("E %%d %%d %%d %%d %%d\n", b, args[i], j, ok, ok ? e : 0);
            }
        }
    }
    for (int op = 1; op < DP_OP__COUNT; op++) {
        int b = vi->raw[op];
        if (vi->ops[b].name && vi->ops[b].op == op)
            printf("R %%s %%d\n", dp_opcode_name((dp_opcode)op), b);
    }
    names("cmp_op", vi->cmp_op);
    names("nb_ops", vi->nb_ops);
    names("intrinsic1", vi->intrinsic1);
    names("intrinsic2", vi->intrinsic2);
    names("function_flags", vi->function_flags);
    names("format_converters", vi->format_converters);
    names("common_constants", vi->common_constants);
    printf("P ");
    for (uint32_t cp = 0; cp < 0x110000; cp++)
        putchar(dp_is_printable(vi, cp) ? '1' : '0');
    printf("\n");
}

int main(void)
{
    for (int op = 0; op < DP_OP__COUNT; op++)
        printf("D %%d %%s\n", op, dp_opcode_name((dp_opcode)op));
    for (int v = 300; v < 320; v++) {
        const dp_version_info *vi = dp_version_info_get(v);
        if (vi)
            version(vi);
        else
            printf("X %%d\n", v);
    }
    for (unsigned m = 3400; m <= 3600; m++) {
        const dp_magic *entry = NULL;
        int v = dp_version_from_magic((uint16_t)m, &entry);
        printf("M %%u %%d %%s %%d\n", m, v, entry ? entry->release : "-",
               entry ? (int)(entry->magic == m && entry->reason[0]) : 0);
    }
    return 0;
}
"""

# Asked inside each interpreter: what its own dis says.
PROBE = r"""
import dis, importlib, importlib.util, json, opcode, os, platform, sys
ARGS, JUMP_ARG, JUMP_AT = %(args)r, %(jump_arg)r, %(jump_at)r
NOP = dis.opmap["NOP"]

def effect(op, arg, jump):
    try:
        if arg is None:
            return dis.stack_effect(op, jump=jump)
        return dis.stack_effect(op, arg, jump=jump)
    except ValueError:
        return None

def takes_arg(op):
    # dis's own decoder: the arg is None for an opcode without one.
    return list(dis._unpack_opargs(bytes([op, 5])))[0][-1] is not None

def caches(op, name):
    entries = getattr(opcode, "_inline_cache_entries", None)
    if entries is None:
        return 0
    return entries.get(name, 0) if isinstance(entries, dict) else entries[op]

def jump_label(op, name):
    # Where dis.findlabels says a jump at JUMP_AT with oparg JUMP_ARG lands.
    code = bytes([NOP, 0]) * (JUMP_AT // 2) + bytes([op, JUMP_ARG])
    code += bytes(2 * caches(op, name)) + bytes([NOP, 0]) * 8
    labels = dis.findlabels(code)
    return labels[0] if labels else None

def lists(op):
    return [name for name in ("hasconst", "hasname", "haslocal", "hasfree",
                              "hascompare", "hasnargs", "hasexc")
            if op in getattr(dis, name, ())]

def describe(name, op):
    has_arg = takes_arg(op)
    args = ARGS if has_arg else [None]
    return {"name": name, "has_arg": has_arg, "lists": lists(op),
            "caches": caches(op, name),
            "label": jump_label(op, name) if has_arg else None,
            "effects": {str(a): [effect(op, a, False), effect(op, a, True)]
                        for a in args}}

def converters():
    if hasattr(dis, "FORMAT_VALUE_CONVERTERS"):
        return [r for _, r in dis.FORMAT_VALUE_CONVERTERS]
    res, out = dis.ArgResolver(), []
    while True:
        try:
            out.append(res.get_argval_argrepr(dis.opmap["CONVERT_VALUE"], len(out), 0)[1])
        except IndexError:
            return out

path = os.path.join(os.path.dirname(importlib.__file__), "_bootstrap_external.py")
print(json.dumps({
    "full_version": platform.python_version(),
    "magic": int.from_bytes(importlib.util.MAGIC_NUMBER[:2], "little"),
    "have_argument": dis.HAVE_ARGUMENT, "extended_arg": dis.EXTENDED_ARG,
    "widths": [dis._OPNAME_WIDTH, dis._OPARG_WIDTH],
    "ops": {str(op): describe(name, op) for name, op in dis.opmap.items() if op < 256},
    "tables": {
        "cmp_op": list(dis.cmp_op),
        "nb_ops": [s for _, s in getattr(dis, "_nb_ops", ())],
        "intrinsic1": list(getattr(dis, "_intrinsic_1_descs", ())),
        "intrinsic2": list(getattr(dis, "_intrinsic_2_descs", ())),
        "function_flags": list(getattr(dis, "MAKE_FUNCTION_FLAGS", None)
                               or getattr(dis, "FUNCTION_ATTR_FLAGS")),
        "format_converters": converters(),
        "common_constants": [getattr(o, "__name__", repr(o))
                             for o in getattr(dis, "_common_constants", ())],
    },
    "printable": "".join("1" if chr(c).isprintable() else "0"
                         for c in range(0x110000)),
    "history": open(path, encoding="utf-8").read(),
}))
"""

FLAG_BITS = {"has_arg": 0x1, "hasconst": 0x2, "hasname": 0x4, "haslocal": 0x8,
             "hasfree": 0x10, "hascompare": 0x20, "hasnargs": 0x40,
             "hasexc": 0x80}
JUMP_NONE, JUMP_FORWARD, JUMP_BACKWARD, JUMP_ABSOLUTE = range(4)


@pytest.fixture(scope="module")
def interpreters():
    try:
        return gen_opcodes.find_interpreters()
    except gen_opcodes.GenError as e:
        pytest.fail(str(e))


@pytest.fixture(scope="module")
def c_facts(tmp_path_factory):
    cc = os.environ.get("CC", "cc")
    if not shutil.which(cc):
        pytest.fail("no C compiler")
    tmp = tmp_path_factory.mktemp("opcodes")
    src = tmp / "facts.c"
    src.write_text(C_PROGRAM % {"args": ", ".join(map(str, EFFECT_ARGS))})
    exe, obj = tmp / "facts", tmp / "opcodes.o"
    core = os.path.join(ROOT, "src", "core")
    # opcodes.c itself must compile without a single warning.
    subprocess.run([cc] + CFLAGS + ["-Werror", "-I" + core, "-c", "-o", str(obj),
                    os.path.join(core, "opcodes.c")], check=True)
    subprocess.run([cc] + CFLAGS + ["-I" + core, str(src), str(obj),
                    os.path.join(core, "error.c"), "-o", str(exe)], check=True)
    out = subprocess.run([str(exe)], stdout=subprocess.PIPE, check=True,
                         universal_newlines=True).stdout
    return parse_c_output(out)


def parse_c_output(text):
    facts = {"names": {}, "missing": [], "magic": {}, "versions": {}}
    vi = None
    for line in text.splitlines():
        tag, _, rest = line.partition(" ")
        f = rest.split(" ")
        if tag == "D":
            facts["names"][int(f[0])] = f[1]
        elif tag == "X":
            facts["missing"].append(int(f[0]))
        elif tag == "M":
            facts["magic"][int(f[0])] = (int(f[1]), f[2], f[3] == "1")
        elif tag == "V":
            vi = {"full_version": f[1], "magic": int(f[2]),
                  "have_argument": int(f[3]), "extended_arg": int(f[4]),
                  "widths": [int(f[5]), int(f[6])], "ops": {}, "effects": {},
                  "raw": {}, "tables": {t: [] for t in TABLES}}
            facts["versions"][int(f[0])] = vi
        elif tag == "O":
            vi["ops"][int(f[0])] = {"name": f[1], "enum_name": f[2],
                                    "flags": int(f[3]), "jump": int(f[4]),
                                    "caches": int(f[5])}
        elif tag == "E":
            b, arg, jump, ok, value = map(int, f)
            vi["effects"][(b, arg, jump)] = value if ok else None
        elif tag == "R":
            vi["raw"][f[0]] = int(f[1])
        elif tag == "N":
            table, index, name = rest.split(" ", 2)
            assert int(index) == len(vi["tables"][table])
            vi["tables"][table].append(name)
        elif tag == "P":
            vi["printable"] = rest
    return facts


@pytest.fixture(scope="module")
def py_facts(interpreters):
    script = PROBE % {"args": EFFECT_ARGS, "jump_arg": JUMP_ARG,
                      "jump_at": JUMP_AT}
    facts = {}
    for version, path in interpreters.items():
        out = subprocess.run([path, "-I", "-c", script], stdout=subprocess.PIPE,
                             check=True, universal_newlines=True).stdout
        facts[version[0] * 100 + version[1]] = json.loads(out)
    return facts


def test_generated_headers_are_current():
    proc = subprocess.run([sys.executable, GEN, "--check"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr


def test_versions_present(c_facts, py_facts):
    assert sorted(c_facts["versions"]) == sorted(py_facts)
    assert set(c_facts["missing"]) == set(range(300, 320)) - set(py_facts)


def test_version_fields(c_facts, py_facts):
    for v, py in py_facts.items():
        c = c_facts["versions"][v]
        for key in ("full_version", "magic", "have_argument", "extended_arg",
                    "widths"):
            assert c[key] == py[key], (v, key)
        assert c["tables"] == py["tables"], v


def test_opcode_names(c_facts, py_facts):
    all_names = {op["name"] for py in py_facts.values()
                 for op in py["ops"].values()}
    names = c_facts["names"]
    assert names[0] == "<invalid>"
    assert sorted(names[i] for i in names if i) == sorted(all_names)
    for v, py in py_facts.items():
        c = c_facts["versions"][v]
        expected = {int(b): op["name"] for b, op in py["ops"].items()}
        assert {b: o["name"] for b, o in c["ops"].items()} == expected, v
        assert all(o["enum_name"] == o["name"] for o in c["ops"].values()), v
        assert c["raw"] == {name: b for b, name in expected.items()}, v


def expected_flags(op):
    flags = FLAG_BITS["has_arg"] if op["has_arg"] else 0
    for name in op["lists"]:
        flags |= FLAG_BITS[name]
    return flags


def expected_label(version, jump, caches):
    """findlabels' answer for a jump of this kind, or None."""
    unit = 1 if version < 310 else 2   # byte offsets before 3.10
    after = JUMP_AT + 2 + 2 * caches
    return {JUMP_NONE: None, JUMP_FORWARD: after + JUMP_ARG * unit,
            JUMP_BACKWARD: after - JUMP_ARG * unit,
            JUMP_ABSOLUTE: JUMP_ARG * unit}[jump]


def test_flags_jumps_caches(c_facts, py_facts):
    for v, py in py_facts.items():
        c = c_facts["versions"][v]
        for b, op in py["ops"].items():
            co = c["ops"][int(b)]
            where = (v, op["name"])
            assert co["flags"] == expected_flags(op), where
            assert co["caches"] == op["caches"], where
            if op["has_arg"]:
                assert expected_label(v, co["jump"], co["caches"]) == op["label"], where
            else:
                assert co["jump"] == JUMP_NONE, where


def test_stack_effects(c_facts, py_facts):
    for v, py in py_facts.items():
        c = c_facts["versions"][v]["effects"]
        for b, op in py["ops"].items():
            for arg in EFFECT_ARGS:
                key = str(arg) if op["has_arg"] else "None"
                for jump in (0, 1):
                    want = op["effects"][key][jump]
                    got = c[(int(b), arg, jump)]
                    assert got == want, (v, op["name"], arg, jump)


def test_printable(c_facts, py_facts):
    for v, py in py_facts.items():
        c = c_facts["versions"][v]["printable"]
        assert len(c) == len(py["printable"]) == 0x110000
        if c != py["printable"]:
            first = next(i for i, (x, y) in enumerate(zip(c, py["printable"]))
                         if x != y)
            pytest.fail("%d: isprintable differs at U+%04X" % (v, first))


MAGIC_LINE = re.compile(r"#\s+Python\s+(3\.(\d+)[a-z]*\d*):?\s+(\d{4})\b")


def test_magic_numbers(c_facts, py_facts):
    expected = {}
    for py in py_facts.values():
        for m in MAGIC_LINE.finditer(py["history"]):
            magic, minor = int(m.group(3)), int(m.group(2))
            if 3400 <= magic < 3600 and 300 + minor in py_facts:
                expected[magic] = (300 + minor, m.group(1))
    for v, py in py_facts.items():
        assert expected[py["magic"]][0] == v
    for magic in range(3400, 3601):
        version, release, entry_ok = c_facts["magic"][magic]
        if magic in expected:
            assert (version, release) == expected[magic], magic
            assert entry_ok, magic
        else:
            assert (version, release) == (0, "-"), magic
