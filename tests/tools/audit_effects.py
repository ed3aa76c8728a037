"""Audit of outputs that compile but are not exact (issue #3): do they still do
everything the original does?

For every function that `make roundtrip` found compiling back but not exact
(DIR/<ver>-failures.txt, category compiles-not-exact), decompile it again in
this interpreter with depyf.decompile, compile the output and count, over
the code object and its nested ones, its effects: names loaded, stored and
deleted, attributes, imports, calls, raises and yields.  A function whose
output has *fewer* of one of them than the original lost code somewhere:
it is printed with the counts.  Having more is normal (3.10+ copies small
exit blocks into each branch, and the output can repeat them), and so is
having fewer `except ... as e` cleanups (the output may merge the copies),
which are left out.

This found three silent miscompiles that the behavioural tests did not see
(a chained assignment evaluating its value twice, code dropped after a
chained comparison, a return from an except clause inside a with moved out
of the clause).  It is a net, not a proof: a miss means nothing, and each
hit needs reading (equal branches that 3.10+ merges come back as one, and
a store the original repeats in both branches may come back once).

    python3.X tests/tools/audit_effects.py [DIR]     (default build/roundtrip)

Prints one line per suspicious function and a summary; exits 0.
"""
import collections
import dis
import os
import sys
import sysconfig
import types

import depyf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import normalize  # noqa: E402  (qualnames of nested code objects)

EFFECT_PREFIXES = ("LOAD_GLOBAL", "LOAD_ATTR", "LOAD_METHOD", "LOAD_NAME", "LOAD_DEREF",
                   "STORE_", "DELETE_", "IMPORT_")
FLOW_OPS = ("RAISE_VARARGS", "YIELD_VALUE")


def walk(code):
    yield code
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            yield from walk(c)


def effects(code):
    counts = collections.Counter()
    for c in walk(code):
        for ins in dis.get_instructions(c):
            op = ins.opname
            if op in ("STORE_FAST_STORE_FAST", "STORE_FAST_LOAD_FAST"):   # 3.13 superinstructions
                names = ins.argval if op == "STORE_FAST_STORE_FAST" else ins.argval[:1]
                for name in names:
                    counts[("STORE", str(name))] += 1
            elif op.startswith(EFFECT_PREFIXES):
                counts[(op.split("_")[0], str(ins.argval))] += 1
            elif op.startswith("CALL"):
                counts[("CALL", "")] += 1
            elif op in FLOW_OPS:
                counts[(op, "")] += 1
    return counts


def find(module_code, qualname):
    names = normalize.qualnames(module_code)
    for c in walk(module_code):
        if c is not module_code and names.get(id(c)) == qualname:
            return c
    return None


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join("build", "roundtrip")
    ver = "%d.%d" % sys.version_info[:2]
    stdlib = sysconfig.get_paths()["stdlib"]
    checked = suspicious = skipped = 0
    with open(os.path.join(out_dir, ver + "-failures.txt"), encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 3 or fields[1] != "function" or fields[2] != "compiles-not-exact":
                continue
            module, qualname = fields[0].split("::", 1)
            path = os.path.join(stdlib, module)
            try:
                with open(path, encoding="utf-8") as src:
                    module_code = compile(src.read(), path, "exec", dont_inherit=True)
                orig = find(module_code, qualname)
                got = compile(depyf.decompile(orig), "<depyf>", "exec", dont_inherit=True)
                new = next(c for c in walk(got) if c.co_name == orig.co_name and c is not got)
            except Exception:   # (not found by name, or no longer compiling: roundtrip's business)
                skipped += 1
                continue
            checked += 1
            a, b = effects(orig), effects(new)
            fewer = {k: (a[k], b[k]) for k in a if b[k] < a[k]}
            # (the cleanup of `except ... as e`, copied per exit, may be merged)
            fewer = {k: v for k, v in fewer.items()
                     if not (k[0] in ("STORE", "DELETE") and _is_handler_name(orig, k[1]))}
            if fewer:
                suspicious += 1
                print("%s %s: %s" % (ver, fields[0], ", ".join(
                    "%s %s %d -> %d" % (k[0], k[1], x, y) for k, (x, y) in sorted(fewer.items()))))
    print("%s: %d not-exact functions checked, %d with fewer effects, %d skipped"
          % (ver, checked, suspicious, skipped))


def _is_handler_name(code, name):
    """`name` is bound by an `except ... as name` somewhere in code."""
    for c in walk(code):
        ins = list(dis.get_instructions(c))
        for k, x in enumerate(ins[:-2]):
            if (x.opname == "LOAD_CONST" and x.argval is None and ins[k + 1].opname.startswith("STORE_")
                    and ins[k + 1].argval == name and ins[k + 2].opname.startswith("DELETE_")):
                return True
    return False


if __name__ == "__main__":
    main()
