#!/usr/bin/env python3
"""Generate src/core/gen/*.h from the metadata of every supported CPython.

What it reads, and why
----------------------
depyf must decode bytecode of CPython 3.8 ... 3.13 exactly as that version's
own ``dis`` does, so every per-version fact is read from the interpreter
itself, never typed by hand.  For each version the pyenv interpreter
``$(pyenv root)/versions/3.X.*/bin/python3.X`` is started with the embedded
PROBE script, which prints one JSON object holding:

* ``dis.opmap`` (codes < 256), the classification lists (hasconst, hasname,
  haslocal, hasfree, hascompare, hasnargs, hasexc, hasarg / HAVE_ARGUMENT) and,
  on 3.13, the ``_opcode.has_*`` predicates (see FLAG_NOTE);
* jump kinds: hasjabs / hasjrel (and 3.13's hasjump), with the direction of a
  relative jump decided by that version's own ``dis._is_backward_jump``;
* inline cache counts (``opcode._inline_cache_entries``, list or dict);
* samples of ``dis.stack_effect(op, arg, jump=...)``, which this script
  then fits to one of the small models of ``dp_effect_kind`` (opcodes.h);
* the argrepr name tables dis uses (cmp_op, _nb_ops, intrinsic descriptions,
  MAKE_FUNCTION / SET_FUNCTION_ATTRIBUTE flags, conversion names,
  _common_constants);
* the code points for which ``str.isprintable()`` is False (repr escapes them);
* ``importlib.util.MAGIC_NUMBER`` and the text of
  ``importlib/_bootstrap_external.py``, whose comment block is the history of
  magic numbers (parsed here into ``magic.h``).

Usage:  gen_opcodes.py --write   write the headers
        gen_opcodes.py --check   regenerate in memory; exit 1 with a unified
                                 diff if any committed header differs
"""

import argparse
import difflib
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GEN_DIR = os.path.join(ROOT, "src", "core", "gen")
VERSIONS = [(3, 8), (3, 9), (3, 10), (3, 11), (3, 12), (3, 13)]

# Arguments at which dis.stack_effect is sampled.
SAMPLE_ARGS = list(range(300)) + [1000, 4095, 65535, 2 ** 20]
MASKS = (1, 3, 7, 15)
SMALL_LIMIT = 16  # DP_EFFECT_SMALL: a table for arg < 16, linear above

FLAG_NOTE = (
    "flags: union of dis's lists (hasconst, hasname, haslocal, hasfree,\n"
    " * hascompare, hasnargs and hasexc where present; hasarg where present,\n"
    " * else op >= HAVE_ARGUMENT) and, where _opcode has them (3.13), the\n"
    " * predicates _opcode.has_arg/has_const/has_name/has_local/has_free/\n"
    " * has_exc/has_jump.  Where the two ever differ, the op carries a note.")

# --------------------------------------------------------------------------
# The probe, run inside each target interpreter (must work on 3.8+).
# --------------------------------------------------------------------------
PROBE = r'''
import dis, importlib, importlib.util, json, opcode, os, platform, sys
try:
    import _opcode
except ImportError:
    _opcode = None

SAMPLE_ARGS = %(sample_args)r

def opcode_pred(name, op):
    """_opcode.has_xxx(op) where this version has it, else None."""
    fn = getattr(_opcode, name, None)
    return None if fn is None else bool(fn(op))

def effect(op, arg, jump):
    try:
        if arg is None:
            return dis.stack_effect(op, jump=jump)
        return dis.stack_effect(op, arg, jump=jump)
    except ValueError:
        return None

def has_arg_of(op):
    if hasattr(dis, "hasarg"):
        return op in dis.hasarg
    return op >= dis.HAVE_ARGUMENT

def cache_count(op, name):
    if hasattr(dis, "_get_cache_size"):            # 3.13: dict by name
        return dis._get_cache_size(name)
    entries = getattr(opcode, "_inline_cache_entries", None)
    if entries is None:                            # before 3.11
        return 0
    if isinstance(entries, dict):
        return entries.get(name, 0)
    return entries[op]                             # 3.11/3.12: list by op

def jump_kind(op):
    if op in dis.hasjabs:
        return "absolute"
    if op in dis.hasjrel:
        backward = getattr(dis, "_is_backward_jump", None)
        if backward is not None and backward(op):
            return "backward"
        return "forward"
    return "none"

def describe(name, op):
    lists = {}
    for attr in ("hasconst", "hasname", "haslocal", "hasfree", "hascompare",
                 "hasnargs", "hasexc", "hasjump"):
        if hasattr(dis, attr):
            lists[attr] = op in getattr(dis, attr)
    preds = {}
    for pred in ("has_arg", "has_const", "has_name", "has_local", "has_free",
                 "has_exc", "has_jump"):
        value = opcode_pred(pred, op)
        if value is not None:
            preds[pred] = value
    has_arg = has_arg_of(op)
    args = SAMPLE_ARGS if has_arg else [None]
    return {
        "code": op, "name": name, "has_arg": has_arg,
        "lists": lists, "preds": preds,
        "jump": jump_kind(op), "caches": cache_count(op, name),
        "args": args,
        "effect": [effect(op, a, False) for a in args],
        "effect_jump": [effect(op, a, True) for a in args],
    }

def format_converters():
    if hasattr(dis, "FORMAT_VALUE_CONVERTERS"):
        return [rep for _, rep in dis.FORMAT_VALUE_CONVERTERS]
    # 3.13: CONVERT_VALUE's argrepr is a literal inside ArgResolver; ask it.
    names = []
    resolver = dis.ArgResolver()
    while True:
        try:
            names.append(resolver.get_argval_argrepr(
                dis.opmap["CONVERT_VALUE"], len(names), 0)[1])
        except IndexError:
            return names

def function_flags():
    found = [getattr(dis, n) for n in ("MAKE_FUNCTION_FLAGS",
                                       "FUNCTION_ATTR_FLAGS") if hasattr(dis, n)]
    assert len(found) == 1, "expected exactly one function flag table"
    return list(found[0])

def nonprintable_ranges():
    ranges = []
    for c in range(0x110000):
        if not chr(c).isprintable():
            if ranges and ranges[-1][1] == c - 1:
                ranges[-1][1] = c
            else:
                ranges.append([c, c])
    return ranges

def common_name(obj):
    return getattr(obj, "__name__", None) or repr(obj)

def main():
    bootstrap = os.path.join(os.path.dirname(importlib.__file__),
                             "_bootstrap_external.py")
    with open(bootstrap, encoding="utf-8") as f:
        history = f.read()
    ops = sorted((op, name) for name, op in dis.opmap.items() if op < 256)
    hasjump = getattr(dis, "hasjump", [])
    out = {
        "version": list(sys.version_info[:2]),
        "full_version": platform.python_version(),
        "magic": int.from_bytes(importlib.util.MAGIC_NUMBER[:2], "little"),
        "have_argument": dis.HAVE_ARGUMENT,
        "extended_arg": opcode.EXTENDED_ARG,
        "opname_width": dis._OPNAME_WIDTH,
        "oparg_width": dis._OPARG_WIDTH,
        "ops": [describe(name, op) for op, name in ops],
        "jump_outside_jrel_jabs": [op for op in hasjump if op < 256
                                   and op not in dis.hasjrel
                                   and op not in dis.hasjabs],
        "cmp_op": list(dis.cmp_op),
        "nb_ops": [sym for _, sym in getattr(dis, "_nb_ops", ())],
        "intrinsic1": list(getattr(dis, "_intrinsic_1_descs", ())),
        "intrinsic2": list(getattr(dis, "_intrinsic_2_descs", ())),
        "function_flags": function_flags(),
        "format_converters": format_converters(),
        "common_constants": [common_name(o) for o in
                             getattr(dis, "_common_constants", ())],
        "nonprintable": nonprintable_ranges(),
        "history": history,
    }
    json.dump(out, sys.stdout)

main()
'''


class GenError(Exception):
    pass


# --------------------------------------------------------------------------
# Finding and running the interpreters
# --------------------------------------------------------------------------
def pyenv_root():
    root = os.environ.get("PYENV_ROOT")
    if root:
        return root
    try:
        out = subprocess.run(["pyenv", "root"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, universal_newlines=True)
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip()
    except OSError:
        pass
    return os.path.expanduser("~/.pyenv")


def find_interpreter(version):
    """The newest pyenv 3.X.N interpreter for version (3, X), or None."""
    major, minor = version
    pattern = os.path.join(pyenv_root(), "versions", "%d.%d.*" % version,
                           "bin", "python%d.%d" % version)
    best = None
    for path in glob.glob(pattern):
        patch = os.path.basename(os.path.dirname(os.path.dirname(path)))
        m = re.match(r"^%d\.%d\.(\d+)$" % (major, minor), patch)
        if m and (best is None or int(m.group(1)) > best[0]):
            best = (int(m.group(1)), path)
    return best[1] if best else None


def find_interpreters():
    found = {}
    for version in VERSIONS:
        path = find_interpreter(version)
        if path is None:
            raise GenError("no interpreter for Python %d.%d under %s"
                           % (version + (pyenv_root(),)))
        found[version] = path
    return found


def run_probes(interpreters):
    """Start every probe at once; return {version: probe JSON}."""
    script = PROBE % {"sample_args": SAMPLE_ARGS}
    procs = {}
    for version, path in interpreters.items():
        procs[version] = subprocess.Popen(
            [path, "-I", "-c", script], stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, universal_newlines=True)
    results = {}
    for version, proc in procs.items():
        out, err = proc.communicate()
        if proc.returncode != 0:
            raise GenError("probe failed under %s:\n%s"
                           % (interpreters[version], err))
        data = json.loads(out)
        if tuple(data["version"]) != version:
            raise GenError("%s reports version %r"
                           % (interpreters[version], data["version"]))
        results[version] = data
    return results


# --------------------------------------------------------------------------
# Stack effect models
# --------------------------------------------------------------------------
def fits_int8(*values):
    return all(-128 <= v <= 127 for v in values)


# Each fitter yields candidate models (possibly none); fit_effect keeps the
# first candidate, in the order of dp_effect_kind, that reproduces every
# sample.
def fit_fixed(samples):
    values = set(samples.values())
    if len(values) == 1 and fits_int8(*values):
        yield {"kind": "FIXED", "base": values.pop()}


def linear_params(samples):
    """(base, scale) through the first two samples, or None."""
    points = sorted(samples.items())
    if len(points) < 2:
        return None
    (a0, v0), (a1, v1) = points[0], points[1]
    if (v1 - v0) % (a1 - a0):
        return None
    scale = (v1 - v0) // (a1 - a0)
    return v0 - scale * a0, scale


def fit_linear(samples):
    params = linear_params(samples)
    if params and fits_int8(*params):
        yield {"kind": "LINEAR", "base": params[0], "scale": params[1]}


def fit_masked(samples):
    for mask in MASKS:
        table = {}
        for arg, value in sorted(samples.items()):
            table.setdefault(arg & mask, value)
        if len(table) == mask + 1 and fits_int8(*table.values()):
            yield {"kind": "MASKED", "mask": mask,
                   "table": [table[i] for i in range(mask + 1)]}


def fit_small(samples):
    if any(a not in samples for a in range(SMALL_LIMIT)):
        return
    table = [samples[a] for a in range(SMALL_LIMIT)]
    params = linear_params({a: v for a, v in samples.items()
                            if a >= SMALL_LIMIT})
    if params and fits_int8(*table) and fits_int8(*params):
        yield {"kind": "SMALL", "table": table,
               "base": params[0], "scale": params[1]}


def fit_unpack_ex(samples):
    if 0 in samples and fits_int8(samples[0]):
        yield {"kind": "UNPACK_EX", "base": samples[0]}


FITTERS = (fit_fixed, fit_linear, fit_masked, fit_small, fit_unpack_ex)


def eval_model(model, arg):
    """The C evaluator (dp_stack_effect_of), in Python; arg None: no arg."""
    kind = model["kind"]
    base, scale = model.get("base", 0), model.get("scale", 0)
    if kind == "FIXED":
        return base
    if kind == "LINEAR":
        return base + scale * arg
    if kind == "MASKED":
        return model["table"][arg & model["mask"]]
    if kind == "SMALL":
        return model["table"][arg] if arg < SMALL_LIMIT else base + scale * arg
    if kind == "UNPACK_EX":
        return base + (arg & 0xFF) + (arg >> 8)
    raise AssertionError(kind)


def ranges_text(args):
    """[1, 2, 3, 7] -> '1-3, 7'."""
    spans = []
    for a in sorted(args):
        if spans and spans[-1][1] == a - 1:
            spans[-1][1] = a
        else:
            spans.append([a, a])
    return ", ".join(str(lo) if lo == hi else "%d-%d" % (lo, hi)
                     for lo, hi in spans)


def fit_effect(where, args, values):
    """Fit the samples of one (op, jump); return (model, note or None)."""
    samples = {a: v for a, v in zip(args, values) if v is not None}
    failed = [a for a, v in zip(args, values) if v is None]
    if not samples:
        return {"kind": "NONE"}, None
    fitters = (fit_fixed,) if args == [None] else FITTERS  # no arg: FIXED
    for model in (m for fitter in fitters for m in fitter(samples)):
        if all(eval_model(model, a) == v for a, v in samples.items()):
            note = None
            if failed:
                note = "stack_effect raises for arg %s" % ranges_text(failed)
            return model, note
    raise GenError("%s: no stack effect model fits %r" % (where, samples))


# --------------------------------------------------------------------------
# Per-opcode facts
# --------------------------------------------------------------------------
LIST_FLAGS = [("hasconst", "DP_OPF_CONST"), ("hasname", "DP_OPF_NAME"),
              ("haslocal", "DP_OPF_LOCAL"), ("hasfree", "DP_OPF_FREE"),
              ("hascompare", "DP_OPF_COMPARE"), ("hasnargs", "DP_OPF_NARGS"),
              ("hasexc", "DP_OPF_EXC")]
PRED_FLAGS = [("has_arg", "DP_OPF_HAS_ARG"), ("has_const", "DP_OPF_CONST"),
              ("has_name", "DP_OPF_NAME"), ("has_local", "DP_OPF_LOCAL"),
              ("has_free", "DP_OPF_FREE"), ("has_exc", "DP_OPF_EXC")]
FLAG_ORDER = ["DP_OPF_HAS_ARG", "DP_OPF_CONST", "DP_OPF_NAME", "DP_OPF_LOCAL",
              "DP_OPF_FREE", "DP_OPF_COMPARE", "DP_OPF_NARGS", "DP_OPF_EXC"]
JUMPS = {"none": "DP_JUMP_NONE", "forward": "DP_JUMP_FORWARD",
         "backward": "DP_JUMP_BACKWARD", "absolute": "DP_JUMP_ABSOLUTE"}


def op_flags(where, op):
    """(flags, notes): dis's lists united with _opcode's predicates.

    The two sources agree on every version we have; should they ever
    differ, the union is kept and the difference is noted in the header."""
    from_lists = {flag for attr, flag in LIST_FLAGS if op["lists"].get(attr)}
    if op["has_arg"]:
        from_lists.add("DP_OPF_HAS_ARG")
    from_preds = {flag for pred, flag in PRED_FLAGS if op["preds"].get(pred)}
    checked = {flag for pred, flag in PRED_FLAGS if pred in op["preds"]}
    notes = []
    for flag in sorted((from_lists & checked) ^ from_preds):
        notes.append("%s: only %s says so" % (
            flag, "_opcode" if flag in from_preds else "dis's lists"))
    is_jump = op["jump"] != "none"
    for source in (op["preds"].get("has_jump"), op["lists"].get("hasjump")):
        if source is not None and source != is_jump:
            raise GenError("%s: has_jump/hasjump disagree with hasjrel/hasjabs"
                           % where)
    return [f for f in FLAG_ORDER if f in from_lists | from_preds], notes


def build_op(where, op):
    where = "%s %s" % (where, op["name"])
    effect, note = fit_effect(where + " jump=False", op["args"], op["effect"])
    effect_jump, note_jump = fit_effect(where + " jump=True", op["args"],
                                        op["effect_jump"])
    flags, notes = op_flags(where, op)
    if note:
        notes.append("jump=False: " + note)
    if note_jump:
        notes.append("jump=True: " + note_jump)
    return {"code": op["code"], "name": op["name"],
            "flags": flags, "jump": JUMPS[op["jump"]],
            "caches": op["caches"], "effect": effect,
            "effect_jump": effect_jump, "notes": notes}


# --------------------------------------------------------------------------
# Magic number history
# --------------------------------------------------------------------------
ENTRY_RE = re.compile(r"^\s*#\s+Python\s+(\d+\.\d+\S*?):?\s+(\d+)\b\s*(.*)$")
COMMENT_RE = re.compile(r"^\s*#\s?(.*)$")
RELEASE_RE = re.compile(r"^(\d+)\.(\d+)(?:(?:a|b|rc)\d+|\.\d+)?$")
MAGIC_RANGE = range(3400, 3600)


def history_entries(text):
    """Yield (release, magic, reason) from the comment history.

    An entry is '#     Python 3.8b2  3412 (reason ...'.  A parenthesised
    reason may continue on following comment lines (some of them written
    with the '#' indented) until its parenthesis closes; a few reasons have
    no parentheses at all and are one line.
    """
    current = None
    for line in text.splitlines():
        entry = ENTRY_RE.match(line)
        comment = COMMENT_RE.match(line)
        if current and not entry and comment and comment.group(1).strip() \
                and current[2].count("(") > current[2].count(")"):
            current[2] += " " + comment.group(1).strip()
            continue
        if current:
            yield finish_entry(*current)
            current = None
        if entry:
            current = [entry.group(1), int(entry.group(2)),
                       entry.group(3).strip()]
    if current:
        yield finish_entry(*current)


def finish_entry(release, magic, reason):
    reason = re.sub(r"\s+", " ", reason).strip()
    if reason.startswith("(") and reason.endswith(")"):
        reason = reason[1:-1].strip()
    return release, magic, reason


def parse_magics(probes):
    """{magic: (version, release, reason)} over every interpreter's file."""
    magics = {}
    for version in sorted(probes, reverse=True):  # newest file's text wins
        for release, magic, reason in history_entries(probes[version]["history"]):
            m = RELEASE_RE.match(release)
            if not m or magic not in MAGIC_RANGE:
                continue
            ver = (int(m.group(1)), int(m.group(2)))
            if ver not in VERSIONS:
                continue
            old = magics.get(magic)
            if old and old[0] != ver:
                raise GenError("magic %d claimed by %r and %r"
                               % (magic, old[0], ver))
            magics.setdefault(magic, (ver, release, reason))
    check_magics(magics, probes)
    return magics


def check_magics(magics, probes):
    for version in VERSIONS:
        if not any(v == version for v, _, _ in magics.values()):
            raise GenError("no magic numbers found for %d.%d" % version)
    for version, probe in probes.items():
        entry = magics.get(probe["magic"])
        if not entry or entry[0] != version:
            raise GenError("%s's MAGIC_NUMBER %d is not in the history as %d.%d"
                           % ((probe["full_version"], probe["magic"]) + version))


# --------------------------------------------------------------------------
# C output
# --------------------------------------------------------------------------
def c_string(s):
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif " " <= ch <= "~":
            out.append(ch)
        else:
            for b in ch.encode("utf-8"):
                out.append("\\%03o" % b)
    return '"' + "".join(out) + '"'


def header(sources, guard=None):
    lines = ["/* Generated by tools/gen_opcodes.py from CPython %s's own "
             "metadata. Do not edit. */" % ", ".join(sources)]
    if guard:
        lines += ["#ifndef %s" % guard, "#define %s" % guard]
    return lines


def c_effect(model):
    kind = model["kind"]
    table = model.get("table", [])
    while table and table[-1] == 0:
        table = table[:-1]
    return "{DP_EFFECT_%s, %d, %d, %d, {%s}}" % (
        kind, model.get("base", 0), model.get("scale", 0),
        model.get("mask", 0), ", ".join(str(v) for v in table) or "0")


def c_names(ident, items):
    """(declaration lines, initializer) for one dp_names table."""
    if not items:
        return [], "{NULL, 0}"
    lines = ["static const char *const %s[] = {" % ident]
    lines += ["    %s," % c_string(s) for s in items]
    lines.append("};")
    return lines, "{%s, %d}" % (ident, len(items))


def render_opnames(probes):
    names = sorted({op["name"] for p in probes.values() for op in p["ops"]})
    sources = [probes[v]["full_version"] for v in sorted(probes)]
    lines = header(sources)
    lines.append("/* X-macro: every opcode name (code < 256) of any version. */")
    lines += ["DP_OPNAME(%s)" % n for n in names]
    return "\n".join(lines) + "\n"


def render_unicode(version, probe):
    tag = "%d_%d" % version
    lines = header([probe["full_version"]], "DEPYF_GEN_UNICODE_%s_H" % tag)
    lines.append("#include <stdint.h>")
    lines.append("/* Code points for which str.isprintable() is False, as "
                 "inclusive ranges. */")
    lines.append("static const uint32_t dp_nonprintable_%s[][2] = {" % tag)
    lines += ["    {0x%04X, 0x%04X}," % (lo, hi) for lo, hi in probe["nonprintable"]]
    lines += ["};", "#endif"]
    return "\n".join(lines) + "\n"


def render_op(op):
    lines = ["    /* %s */" % note for note in op["notes"]]
    lines.append('    [%d] = {"%s", DP_OP_%s, %s, %s, %d,' % (
        op["code"], op["name"], op["name"], " | ".join(op["flags"]) or "0",
        op["jump"], op["caches"]))
    lines.append("        %s," % c_effect(op["effect"]))
    lines.append("        %s}," % c_effect(op["effect_jump"]))
    return lines


NAME_TABLES = ["cmp_op", "nb_ops", "intrinsic1", "intrinsic2",
               "function_flags", "format_converters", "common_constants"]


def render_version(version, probe):
    tag = "%d_%d" % version
    where = probe["full_version"]
    if probe["jump_outside_jrel_jabs"]:
        raise GenError("%s: hasjump ops outside hasjrel/hasjabs: %r"
                       % (where, probe["jump_outside_jrel_jabs"]))
    ops = [build_op(where, op) for op in probe["ops"]]
    lines = header([where], "DEPYF_GEN_OPCODES_%s_H" % tag)
    lines += ['#include "../opcodes.h"', '#include "unicode_%s.h"' % tag, "",
              "/* " + FLAG_NOTE + " */",
              "static const dp_opinfo dp_ops_%s[256] = {" % tag]
    for op in ops:
        lines += render_op(op)
    lines += ["};", ""]
    inits = {}
    for table in NAME_TABLES:
        decl, inits[table] = c_names("dp_%s_%s" % (table, tag), probe[table])
        lines += decl
    lines += ["", "static const dp_version_info dp_version_%s = {" % tag,
              "    .version = %d," % (version[0] * 100 + version[1]),
              "    .full_version = %s," % c_string(probe["full_version"]),
              "    .magic = %d," % probe["magic"],
              "    .have_argument = %d," % probe["have_argument"],
              "    .extended_arg = %d," % probe["extended_arg"],
              "    .opname_width = %d," % probe["opname_width"],
              "    .oparg_width = %d," % probe["oparg_width"],
              "    .ops = dp_ops_%s," % tag,
              "    .raw = {"]
    lines += ["        [DP_OP_%s] = %d," % (op["name"], op["code"])
              for op in sorted(ops, key=lambda o: o["name"])]
    lines.append("    },")
    lines += ["    .%s = %s," % (t, inits[t]) for t in NAME_TABLES]
    lines += ["    .nonprintable = dp_nonprintable_%s," % tag,
              "    .n_nonprintable = sizeof dp_nonprintable_%s / "
              "sizeof dp_nonprintable_%s[0]," % (tag, tag),
              "};", "#endif"]
    return "\n".join(lines) + "\n"


def render_magic(probes, magics):
    sources = [probes[v]["full_version"] for v in sorted(probes)]
    lines = header(sources, "DEPYF_GEN_MAGIC_H")
    lines.append('#include "../opcodes.h"')
    lines.append("/* importlib's magic number history for 3.8 ... 3.13, "
                 "sorted by magic. */")
    lines.append("static const dp_magic dp_magics[] = {")
    for magic in sorted(magics):
        ver, release, reason = magics[magic]
        lines.append("    {%d, %d, %s, %s}," % (
            magic, ver[0] * 100 + ver[1], c_string(release), c_string(reason)))
    lines += ["};", "#endif"]
    return "\n".join(lines) + "\n"


def generate():
    """{path relative to ROOT: text} of every generated header."""
    probes = run_probes(find_interpreters())
    files = {"src/core/gen/opnames.h": render_opnames(probes),
             "src/core/gen/magic.h": render_magic(probes, parse_magics(probes))}
    for version, probe in sorted(probes.items()):
        tag = "%d_%d" % version
        files["src/core/gen/opcodes_%s.h" % tag] = render_version(version, probe)
        files["src/core/gen/unicode_%s.h" % tag] = render_unicode(version, probe)
    return files


# --------------------------------------------------------------------------
# --write / --check
# --------------------------------------------------------------------------
def read_text(path):
    try:
        with open(path, encoding="utf-8", newline="") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def write_files(files):
    os.makedirs(GEN_DIR, exist_ok=True)
    for rel, text in sorted(files.items()):
        path = os.path.join(ROOT, rel)
        if read_text(path) != text:
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            print("wrote", rel)


def check_files(files):
    status = 0
    for rel, text in sorted(files.items()):
        old = read_text(os.path.join(ROOT, rel))
        if old != text:
            status = 1
            sys.stdout.writelines(difflib.unified_diff(
                old.splitlines(True), text.splitlines(True),
                "a/" + rel, "b/" + rel))
    if status:
        print("generated headers are out of date; run "
              "tools/gen_opcodes.py --write", file=sys.stderr)
    return status


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true",
                      help="write src/core/gen/*.h")
    mode.add_argument("--check", action="store_true",
                      help="exit 1 with a diff if a header is out of date")
    args = parser.parse_args(argv)
    try:
        files = generate()
    except GenError as e:
        print("gen_opcodes: error: %s" % e, file=sys.stderr)
        return 2
    if args.write:
        write_files(files)
        return 0
    return check_files(files)


if __name__ == "__main__":
    sys.exit(main())
