#!/usr/bin/env python3
"""Behaviour of decompiled stdlib modules under CPython's own tests.

For each chosen pure-Python stdlib module (a package means all of its files)
and each interpreter 3.8-3.13:

1. baseline: run that interpreter's own test module(s) for it (test.test_X)
   against the untouched module;
2. compile every file of the module with that interpreter, decompile the .pyc
   with the depyf command line (env DEPYF, default build/depyf), write the
   output in the module's layout into a fresh directory and put that directory
   first on PYTHONPATH;
3. run the same tests again, check that every imported module of that name
   came from the decompiled copy, and compare the unittest outcome (tests run,
   the ids of failures and errors, skips, expected failures, unexpected
   successes) with the baseline.

Every run is a subprocess `python -S` (so that site-packages .pth files import
nothing before PYTHONPATH is in force) with PYTHONHASHSEED=0, bytecode writing
off, no test resources enabled (as regrtest without -u) and a timeout.  A call
trace counts which of the module's functions the tests ran (the "exercised"
column) in both runs, to show that the Python code, not a C accelerator,
is under test.

--stand-in replaces depyf by ast.unparse(ast.parse(source)) of the original
file (3.9+; 3.8 reports n/a), to validate this harness before the decompiler
exists.  --mutate applies a deliberate error to that stand-in output, to show
that a wrong copy is caught.

    stdlib_behavior.py [--versions 3.8,3.13] [--modules bisect,json]
                       [--stand-in] [--timeout 300] [--json FILE] [-j N]
Exit status: 0 when every (version, module) pair behaves the same, 1 otherwise.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import corpus  # noqa: E402

# (module, test modules, first version, note).  Every module is pure Python,
# exists in 3.8-3.13 (graphlib: 3.9+, tomllib: 3.11+) and is not imported by
# `python -S` at startup, so the copy on PYTHONPATH is the one that runs.
# Where a C accelerator exists the note says how the tests still reach the
# Python code.  Left out on purpose: tabnanny (test_command_usage expects the
# stdlib path of tabnanny.py in the usage line, so any relocated copy "fails").
MODULES = [
    ("bisect", ["test.test_bisect"], "3.8",
     "C _bisect replaces the functions on import; TestBisectPython runs the Python "
     "ones via import_fresh_module(blocked=['_bisect'])"),
    ("heapq", ["test.test_heapq"], "3.8",
     "C _heapq replaces most functions; TestHeapPython/TestModules run the Python "
     "code with _heapq blocked; merge/nlargest/nsmallest are Python only"),
    ("textwrap", ["test.test_textwrap"], "3.8", ""),
    ("colorsys", ["test.test_colorsys"], "3.8", ""),
    ("fnmatch", ["test.test_fnmatch"], "3.8", ""),
    ("shlex", ["test.test_shlex"], "3.8", ""),
    ("string", ["test.test_string"], "3.8", ""),
    ("base64", ["test.test_base64"], "3.8", "encoders are C (binascii); the Python glue runs"),
    ("calendar", ["test.test_calendar"], "3.8", ""),
    ("difflib", ["test.test_difflib"], "3.8", ""),
    ("fractions", ["test.test_fractions"], "3.8", ""),
    ("statistics", ["test.test_statistics"], "3.8",
     "C _statistics only provides _normal_dist_inv_cdf; tests also run the Python one"),
    ("json", ["test.test_json"], "3.8",
     "package; C _json speeds up scanning/encoding, PyTest classes use the pure-Python "
     "scanner and encoder via import_fresh_module(blocked=['_json'])"),
    ("html", ["test.test_html", "test.test_htmlparser"], "3.8", "package"),
    ("ipaddress", ["test.test_ipaddress"], "3.8", ""),
    ("glob", ["test.test_glob"], "3.8", ""),
    ("queue", ["test.test_queue"], "3.8",
     "C _queue only provides SimpleQueue; PySimpleQueueTest and Queue classes are Python"),
    ("sched", ["test.test_sched"], "3.8", ""),
    ("csv", ["test.test_csv"], "3.8", "reader/writer are C (_csv); DictReader/Sniffer are Python"),
    ("configparser", ["test.test_configparser"], "3.8", ""),
    ("copy", ["test.test_copy"], "3.8", ""),
    ("operator", ["test.test_operator"], "3.8",
     "C _operator replaces the functions; PyOperatorTestCase uses the Python ones"),
    ("keyword", ["test.test_keyword"], "3.8", ""),
    ("graphlib", ["test.test_graphlib"], "3.9", ""),
    ("getopt", ["test.test_getopt"], "3.8", ""),
    ("pprint", ["test.test_pprint"], "3.8", ""),
    ("argparse", ["test.test_argparse"], "3.8", ""),
    ("netrc", ["test.test_netrc"], "3.8", ""),
    ("quopri", ["test.test_quopri"], "3.8", ""),
    ("gettext", ["test.test_gettext"], "3.8", ""),
    ("plistlib", ["test.test_plistlib"], "3.8", ""),
    ("stringprep", ["test.test_stringprep"], "3.8", ""),
    ("tomllib", ["test.test_tomllib"], "3.11", "package"),
]

UNAVAILABLE = "n/a"

# Runs inside the target interpreter (python -S -c DRIVER out target root tests...).
DRIVER = r'''
import importlib, io, json, os, sys, time
out_path, target, root, tests = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
t0 = time.time()
report = {"imported_from": {}, "import_error": None}
try:
    mod = importlib.import_module(target)
except BaseException as e:
    report["import_error"] = "%s: %s" % (type(e).__name__, e)
    json.dump(report, open(out_path, "w"))
    raise SystemExit(0)
path = os.path.abspath(mod.__file__)
if os.path.basename(path) == "__init__.py":
    prefix = os.path.dirname(path) + os.sep
    files = [os.path.join(d, f) for d, _, fs in os.walk(os.path.dirname(path))
             if "__pycache__" not in d for f in fs if f.endswith(".py")]
else:
    prefix = path
    files = [path]

def count_code(co):
    n = 0
    for c in co.co_consts:
        if hasattr(c, "co_code"):
            n += 1 + count_code(c)
    return n
report["functions"] = 0
report["syntax_errors"] = []
for f in files:
    try:
        report["functions"] += count_code(compile(open(f, "rb").read(), f, "exec"))
    except SyntaxError as e:
        report["syntax_errors"].append("%s: %s (line %s)" % (f, e.msg, e.lineno))
exercised = set()
def tracer(frame, event, arg):
    co = frame.f_code
    if co.co_filename.startswith(prefix) and co.co_name != "<module>":
        exercised.add((co.co_filename, co.co_firstlineno, co.co_name))
    return None

import unittest, threading
from test import support
support.use_resources = []          # as regrtest without -u
try:
    support.verbose = False
except Exception:
    pass
suite = unittest.TestSuite()
for name in tests:
    suite.addTests(unittest.defaultTestLoader.loadTestsFromName(name))
stream = io.StringIO()
runner = unittest.TextTestRunner(stream=stream, verbosity=0)
if os.environ.get("SB_TRACE") == "1":
    threading.settrace(tracer)
    sys.settrace(tracer)
result = runner.run(suite)
sys.settrace(None)
threading.settrace(None)
for name, m in list(sys.modules.items()):
    if (name == target or name.startswith(target + ".")) and getattr(m, "__file__", None):
        report["imported_from"][name] = os.path.abspath(m.__file__)
report.update(
    run=result.testsRun,
    failures=sorted(t.id() for t, _ in result.failures),
    errors=sorted(t.id() for t, _ in result.errors),
    skipped=len(result.skipped),
    expected_failures=len(result.expectedFailures),
    unexpected_successes=len(result.unexpectedSuccesses),
    exercised=len(exercised),
    seconds=round(time.time() - t0, 2),
    detail=stream.getvalue()[-4000:],
)
json.dump(report, open(out_path, "w"))
os._exit(0)
'''

# Runs inside the target interpreter: compile SRC to PYC pairs (py_compile).
COMPILE = r'''
import py_compile, sys
args = sys.argv[1:]
for src, dst in zip(args[::2], args[1::2]):
    py_compile.compile(src, cfile=dst, dfile=src, doraise=True)
'''

# Runs inside the target interpreter: the stand-in decompiler.
STAND_IN = r'''
import ast, sys
args = sys.argv[2:]
mutate = sys.argv[1]
class Flip(ast.NodeTransformer):
    """The deliberate error of --mutate: every `==` becomes `!=`."""
    def visit_Compare(self, node):
        self.generic_visit(node)
        node.ops = [ast.NotEq() if isinstance(o, ast.Eq) else o for o in node.ops]
        return node
for src, dst in zip(args[::2], args[1::2]):
    with open(src, "rb") as f:
        tree = ast.parse(f.read(), src)
    if mutate == "1":
        tree = ast.fix_missing_locations(Flip().visit(tree))
    with open(dst, "w", encoding="utf-8") as f:
        f.write(ast.unparse(tree) + "\n")
'''


def depyf_cli():
    return os.environ.get("DEPYF") or os.path.join(ROOT, "build", "depyf")


def module_files(stdlib, name):
    """(relative path, absolute path) of every .py file of the module."""
    single = os.path.join(stdlib, name + ".py")
    if os.path.isfile(single):
        return [(name + ".py", single)]
    pkg = os.path.join(stdlib, name)
    found = []
    for d, dirs, files in os.walk(pkg):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for f in sorted(files):
            if f.endswith(".py"):
                p = os.path.join(d, f)
                found.append((os.path.relpath(p, stdlib), p))
    return found


def version_tuple(v):
    return tuple(int(x) for x in v.split("."))


def make_copy(py, stdlib, name, dest, stand_in, mutate, timeout):
    """Write the decompiled copy of the module under dest; returns an error or None."""
    files = module_files(stdlib, name)
    if not files:
        return "module not found"
    targets = []
    for rel, src in files:
        out = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        targets += [src, out]
    if stand_in:
        r = subprocess.run([py, "-S", "-c", STAND_IN, "1" if mutate else "0", *targets],
                           capture_output=True, text=True, timeout=timeout)
        return None if r.returncode == 0 else "stand-in failed: " + r.stderr.strip()[-300:]
    pycdir = os.path.join(os.path.dirname(dest), "pyc")
    pairs = []
    for i, (rel, src) in enumerate(files):
        pairs += [src, os.path.join(pycdir, "%d.pyc" % i)]
    os.makedirs(pycdir, exist_ok=True)
    r = subprocess.run([py, "-S", "-c", COMPILE, *pairs], capture_output=True, text=True,
                       timeout=timeout)
    if r.returncode != 0:
        return "py_compile failed: " + r.stderr.strip()[-300:]
    for i, (rel, src) in enumerate(files):
        pyc = pairs[2 * i + 1]
        try:
            d = subprocess.run([depyf_cli(), pyc], capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "%s: depyf timed out" % rel
        except OSError as e:
            return "cannot run %s: %s" % (depyf_cli(), e)
        if d.returncode != 0:
            msg = d.stderr.decode("utf-8", "replace").strip().splitlines()
            return "%s: depyf exit %d: %s" % (rel, d.returncode, msg[0] if msg else "")
        with open(os.path.join(dest, rel), "wb") as f:
            f.write(d.stdout)
    return None


def run_tests(py, target, tests, root, timeout, trace):
    """One unittest run in a fresh `python -S`; returns the driver's report."""
    fd, out = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    env = dict(os.environ)
    for k in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONWARNINGS"):
        env.pop(k, None)
    env.update(PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1",
               SB_TRACE="1" if trace else "0", PYTHONIOENCODING="utf-8")
    if root:
        env["PYTHONPATH"] = root
    cwd = tempfile.mkdtemp(prefix="sb-cwd-")
    t0 = time.time()
    try:
        r = subprocess.run([py, "-S", "-c", DRIVER, out, target, root or "", *tests],
                           capture_output=True, env=env, cwd=cwd, timeout=timeout)
        try:
            with open(out) as f:
                rep = json.load(f)
        except (OSError, ValueError):
            tail = (r.stdout + r.stderr).decode("utf-8", "replace").strip()[-500:]
            rep = {"crash": "exit %d: %s" % (r.returncode, tail)}
    except subprocess.TimeoutExpired:
        rep = {"crash": "timed out after %ds" % timeout}
    finally:
        os.unlink(out)
        shutil.rmtree(cwd, ignore_errors=True)
    rep["wall"] = round(time.time() - t0, 2)
    return rep


OUTCOME_KEYS = ("run", "failures", "errors", "skipped", "expected_failures",
                "unexpected_successes")


def outcome(rep):
    return {k: rep.get(k) for k in OUTCOME_KEYS}


def check_module(version, name, tests, stand_in, mutate, timeout, trace):
    py = corpus.interpreter(version)
    res = {"version": version, "module": name}
    if stand_in and version_tuple(version) < (3, 9):
        res["status"] = UNAVAILABLE
        res["why"] = "ast.unparse needs 3.9+"
        return res
    stdlib = corpus.stdlib_dir(version)
    work = tempfile.mkdtemp(prefix="sb-%s-%s-" % (version, name))
    try:
        dest = os.path.join(work, "lib")
        os.makedirs(dest)
        t0 = time.time()
        try:
            err = make_copy(py, stdlib, name, dest, stand_in, mutate, timeout)
        except subprocess.TimeoutExpired:
            err = "decompiling timed out"
        res["decompile_s"] = round(time.time() - t0, 2)
        if err:
            res["status"] = "decompile failed"
            res["why"] = err
            return res
        base = run_tests(py, name, tests, None, timeout, trace)
        dec = run_tests(py, name, tests, dest, timeout, trace)
        res["baseline"] = {k: v for k, v in base.items() if k != "detail"}
        res["decompiled"] = {k: v for k, v in dec.items() if k != "detail"}
        problems = []
        if "crash" in base or base.get("import_error"):
            res["status"] = "baseline broken"
            res["why"] = base.get("crash") or base.get("import_error")
            return res
        if "crash" in dec:
            problems.append("decompiled run: " + dec["crash"])
        elif dec.get("import_error"):
            problems.append("import failed: " + dec["import_error"])
        else:
            if dec.get("syntax_errors"):
                problems.append("does not compile: " + "; ".join(dec["syntax_errors"]))
            wrong = [m for m, f in dec["imported_from"].items()
                     if not f.startswith(dest + os.sep)]
            if name not in dec["imported_from"]:
                wrong.append(name + " (not imported)")
            if wrong:
                problems.append("not the decompiled copy: " + ", ".join(sorted(wrong)))
            a, b = outcome(base), outcome(dec)
            for k in OUTCOME_KEYS:
                if a[k] != b[k]:
                    if isinstance(a[k], list):
                        extra = sorted(set(b[k]) - set(a[k]))
                        gone = sorted(set(a[k]) - set(b[k]))
                        problems.append("%s: new %s, gone %s" % (k, extra[:5], gone[:5]))
                    else:
                        problems.append("%s: %s -> %s" % (k, a[k], b[k]))
            if problems and dec.get("detail"):
                res["detail"] = dec["detail"]
        res["status"] = "same" if not problems else "differs"
        if problems:
            res["why"] = "; ".join(problems)
        return res
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--versions", help="comma list (default: all installed)")
    ap.add_argument("--modules", help="comma list (default: all of MODULES)")
    ap.add_argument("--stand-in", action="store_true",
                    help="ast.unparse(ast.parse(source)) instead of depyf (3.9+)")
    ap.add_argument("--mutate", action="store_true",
                    help="with --stand-in: turn every == into != (must be caught)")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per subprocess")
    ap.add_argument("--no-trace", action="store_true",
                    help="do not count the module's functions the tests ran")
    ap.add_argument("--json", help="write the full report here")
    ap.add_argument("-j", type=int, default=1, help="parallel jobs")
    args = ap.parse_args(argv)
    versions = args.versions.split(",") if args.versions else corpus.available_versions()
    wanted = set(args.modules.split(",")) if args.modules else None
    if wanted:
        unknown = wanted - {m[0] for m in MODULES}
        if unknown:
            ap.error("unknown modules: %s" % ", ".join(sorted(unknown)))
    jobs = []
    for v in versions:
        if not corpus.interpreter(v):
            print("%s: no interpreter" % v)
            continue
        for name, tests, first, _note in MODULES:
            if wanted and name not in wanted:
                continue
            if version_tuple(v) < version_tuple(first):
                continue
            jobs.append((v, name, tests))
    t0 = time.time()
    with ThreadPoolExecutor(max(1, args.j)) as pool:
        results = list(pool.map(lambda j: check_module(
            j[0], j[1], j[2], args.stand_in, args.mutate, args.timeout,
            not args.no_trace), jobs))
    bad = 0
    per_version = {}
    for r in results:
        b, d = r.get("baseline", {}), r.get("decompiled", {})
        line = "%-5s %-13s %-16s" % (r["version"], r["module"], r["status"])
        if b:
            line += " run %4s fail %s err %s skip %s | exercised %s/%s -> %s/%s | %.1fs + %.1fs" % (
                b.get("run"), len(b.get("failures") or []), len(b.get("errors") or []),
                b.get("skipped"), b.get("exercised"), b.get("functions"),
                d.get("exercised"), d.get("functions"), b.get("wall", 0), d.get("wall", 0))
        print(line)
        if r.get("why"):
            print("      " + r["why"][:1000])
        pv = per_version.setdefault(r["version"], {})
        pv[r["status"]] = pv.get(r["status"], 0) + 1
        if r["status"] not in ("same", UNAVAILABLE):
            bad += 1
    for v in versions:
        if v in per_version:
            print("%s: %s" % (v, ", ".join("%s %d" % kv for kv in sorted(per_version[v].items()))))
    print("%d checked, %d not the same, %.0fs" % (len(results), bad, time.time() - t0))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"stand_in": args.stand_in, "mutate": args.mutate,
                       "results": results}, f, indent=1)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
