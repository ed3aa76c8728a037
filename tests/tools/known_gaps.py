#!/usr/bin/env python3
"""Known gaps: what the decompiler does not recover yet, per suite and version.

The behavior suites (the syntax suite, CPython's tests on decompiled stdlib
modules, the API's decompiled-result checks) are gated against one list per
suite and version, tests/known_gaps/<suite>-<version>.json, mapping each item
that is not recovered (or does not compile back) to its reason.  Each item's
outcome falls in one of five kinds:

  same          recovered, compiled back and behaved the same (or, for the
                API checks, passed);
  gap           not recovered / does not compile back / (API round trips
                only) compiles to different bytecode: may be on the list;
  not compared  recovered and compiled, but no call to replay (syntax suite);
  wrong         decompiled and compiled but behaves differently ("differs",
                "module test differs", a crash or timeout of the decompiled
                copy, any API check failing for another reason): never
                allowed, on the list or not;
  broken        the harness could not judge (runner died, baseline broken):
                never allowed.

`compare` fails on: any wrong or broken item; a gap not on the list (a
regression); an item on the list that now passes ("fixed: remove from the
list", so that the lists only shrink honestly); an entry naming an item the
suite no longer has.  A listed gap whose reason changed is only counted.

    known_gaps.py update [--suites syntax,stdlib,api] [--versions 3.8,3.12]
                         [--stdlib-modules all|default|bisect,json] [-j N]
    known_gaps.py check  [same options]     (what the tests do, no pytest)

`update` reruns the suites against the current decompiler (the command line
from env DEPYF, default build/depyf; the package installed in each
interpreter) and rewrites the lists; it writes nothing when any item is wrong
or broken (--despite-wrong writes the gaps anyway when something differs;
the wrong items are never listed and keep failing the tests).  With
--stdlib-modules naming some modules, only those modules' entries are
replaced.  `make update-known-gaps` runs it for everything.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
LIST_DIR = os.path.join(TESTS, "known_gaps")
if HERE not in sys.path:
    sys.path.insert(0, HERE)
import corpus  # noqa: E402

SUITES = ("syntax", "stdlib", "api")
SAME, GAP, NOT_COMPARED, WRONG, BROKEN = "same", "gap", "not compared", "wrong", "broken"
REASON_MAX = 300

# The stdlib modules the gated test runs by default (8 a version: a C
# accelerator with Python fallbacks, string processing, a tokenizer state
# machine, generators, numeric classes with operators, a package, many small
# classes with properties, a large class hierarchy with try/except).
# DEPYF_STDLIB_MODULES=all runs every module of stdlib_behavior.MODULES, or
# a comma list runs those.
STDLIB_DEFAULT = ["bisect", "textwrap", "shlex", "difflib", "fractions", "json",
                  "ipaddress", "configparser"]


# ---------------------------------------------------------------- lists

def list_path(suite, version):
    return os.path.join(LIST_DIR, "%s-%s.json" % (suite, version))


def load(suite, version):
    """{item: reason} of the list; {} when there is no list."""
    try:
        with open(list_path(suite, version), encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        return {}
    assert data.get("suite") == suite and data.get("version") == version, list_path(suite, version)
    return dict(data["gaps"])


def save(suite, version, gaps):
    os.makedirs(LIST_DIR, exist_ok=True)
    data = {
        "suite": suite,
        "version": version,
        "about": "items not recovered yet, with the reason; written by "
                 "`make update-known-gaps` (tests/tools/known_gaps.py), "
                 "checked by the %s test" % {"syntax": "syntax suite",
                                             "stdlib": "stdlib behavior",
                                             "api": "API decompiled-result"}[suite],
        "gaps": {k: gaps[k] for k in sorted(gaps)},
    }
    tmp = list_path(suite, version) + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, list_path(suite, version))


def clean(text, limit=REASON_MAX):
    """One stable line: first line, temporary paths removed, bounded."""
    text = (text or "").strip().split("\n")[0]
    text = re.sub(r"[^\s:]*/(?:syntax-suite|sb)-[^\s:]*", "<tmp>", text)
    return text[:limit]


# ---------------------------------------------------------------- verdict

class Verdict:
    def __init__(self, suite, version, outcomes, gaps, scope=None):
        """outcomes: {item: (kind, reason)}; gaps: the list; scope: a
        predicate on item names saying which list entries this run covers
        (default: all)."""
        self.suite, self.version = suite, version
        self.outcomes = outcomes
        self.counts = {k: 0 for k in (SAME, GAP, NOT_COMPARED, WRONG, BROKEN)}
        self.problems = []
        self.reason_changed = []
        self.listed_gaps = 0
        for item in sorted(outcomes):
            kind, reason = outcomes[item]
            self.counts[kind] += 1
            listed = item in gaps
            if kind == WRONG:
                self.problems.append("WRONG CODE (never allowed%s) %s: %s" % (
                    ", even listed" if listed else "", item, reason))
            elif kind == BROKEN:
                self.problems.append("broken run %s: %s" % (item, reason))
            elif kind == GAP and not listed:
                self.problems.append("new gap, not on the list (regression?) %s: %s" % (item, reason))
            elif kind == GAP:
                self.listed_gaps += 1
                if gaps[item] != reason:
                    self.reason_changed.append(item)
            elif listed:
                self.problems.append("fixed: remove from the list %s (now %s)" % (item, kind))
        covered = scope or (lambda _item: True)
        for item in sorted(gaps):
            if item not in outcomes and covered(item):
                self.problems.append("stale entry, no such item any more: remove from the list %s"
                                     % item)
        self.total = len(outcomes)

    @property
    def ok(self):
        return not self.problems

    def figures(self):
        c = self.counts
        line = "%s %s: same %d / known gaps %d / total %d" % (
            self.suite, self.version, c[SAME], self.listed_gaps, self.total)
        extra = []
        if c[NOT_COMPARED]:
            extra.append("not compared %d" % c[NOT_COMPARED])
        other = self.total - c[SAME] - self.listed_gaps - c[NOT_COMPARED]
        if other:
            extra.append("failing %d" % other)
        if self.reason_changed:
            extra.append("%d listed with another reason" % len(self.reason_changed))
        return line + ("" if not extra else " (%s)" % ", ".join(extra))

    def report(self):
        out = [self.figures()]
        if self.problems:
            out.append("%s list: %s" % (self.suite, os.path.relpath(
                list_path(self.suite, self.version), os.path.dirname(TESTS))))
        return "\n".join(out + ["  " + p for p in self.problems])

    def new_list(self):
        """The list this run supports: every gap, with its reason."""
        return {item: reason for item, (kind, reason) in self.outcomes.items() if kind == GAP}


def unique_names(pairs):
    """[(name, x)] with repeated names numbered: name, name #2, ..."""
    seen = {}
    out = []
    for name, x in pairs:
        seen[name] = seen.get(name, 0) + 1
        out.append((name if seen[name] == 1 else "%s #%d" % (name, seen[name]), x))
    return out


# ---------------------------------------------------------------- syntax suite

def syntax_outcomes(reports, crash=None):
    """{item: (kind, reason)} of syntax_suite.run_version's reports: one item
    per function ("module:qualname") and one per module-level run
    ("module:<module>")."""
    out = {}
    for rep in reports:
        stem = rep["name"]
        if rep["status"] == "n/a":
            continue
        if rep["status"] != "done":
            out[stem + ":*"] = (BROKEN, clean("%s: %s" % (rep["status"], rep.get("why"))))
            continue
        for name, e in unique_names([(e["name"], e) for e in rep["functions"]]):
            st = e.get("status")
            reason = clean("%s: %s" % (st, e.get("detail", "")),
                           1000 if st == "differs" else REASON_MAX)
            if st == "same":
                kind = SAME
            elif st in ("not exercised", "not replayable"):
                kind = NOT_COMPARED
            elif st in ("decompile failed", "compile failed"):
                kind = GAP
            elif st == "differs":
                kind = WRONG
            else:
                kind = BROKEN
            out["%s:%s" % (stem, name)] = (kind, reason)
        m = rep.get("module", {})
        st = m.get("status")
        if st == "same":
            out[stem + ":<module>"] = (SAME, "same")
        elif st in ("decompile failed", "compile failed"):
            out[stem + ":<module>"] = (GAP, clean("module %s: %s" % (st, m.get("detail", ""))))
        elif st == "differs":
            what = ", ".join(m.get("differs") or []) or m.get("detail", "")
            out[stem + ":<module>"] = (WRONG, clean("module test differs: %s %s" % (
                what, json.dumps(m.get("details", {}))), 1000))
        else:
            out[stem + ":<module>"] = (BROKEN, clean("module: %s %s" % (st, m.get("detail", ""))))
    if crash:
        out["<runner>"] = (BROKEN, clean(crash))
    return out


def run_syntax(version):
    import syntax_suite
    args = argparse.Namespace(stand_in=False, mutate=None, modules=None, timeout=600)
    res = syntax_suite.run_version(version, args)
    return res["reports"], syntax_outcomes(res["reports"], res["crash"])


# ---------------------------------------------------------------- stdlib behavior

def stdlib_outcome(res):
    """(kind, reason) of one stdlib_behavior.check_module result, or None (n/a).
    "differs" there also covers a copy that does not compile (a gap); what
    compiles and still differs (tests, import, crash, timeout) is wrong."""
    st = res["status"]
    why = res.get("why", "")
    if st == "same":
        return SAME, "same"
    if st == "n/a":
        return None
    if st == "decompile failed":
        return GAP, clean("decompile failed: " + why)
    if st == "differs":
        dec = res.get("decompiled") or {}
        if dec.get("syntax_errors"):
            return GAP, clean("does not compile: " + "; ".join(dec["syntax_errors"]))
        if re.match(r"(SyntaxError|IndentationError|TabError)\b", dec.get("import_error") or ""):
            return GAP, clean("does not compile: " + dec["import_error"])
        return WRONG, clean("differs: " + why, 1000)
    return BROKEN, clean("%s: %s" % (st, why))


def stdlib_modules(version, names=None):
    """[(module, test modules)] of stdlib_behavior.MODULES for this version;
    names: None (the default subset), "all", or a list."""
    import stdlib_behavior as sb
    vt = lambda v: tuple(int(x) for x in v.split("."))  # noqa: E731
    if names is None:
        names = STDLIB_DEFAULT
    return [(n, t) for n, t, first, _note in sb.MODULES
            if vt(version) >= vt(first) and (names == "all" or n in names)]


def stdlib_scope(modules):
    """Which list entries a run of these modules covers: theirs, and any
    naming a module that stdlib_behavior.MODULES no longer has (stale)."""
    import stdlib_behavior as sb
    run = {m for m, _ in modules}
    known = {m[0] for m in sb.MODULES}
    return lambda item: item in run or item not in known


def stdlib_selection():
    """From env DEPYF_STDLIB_MODULES: None (default subset), "all" or a list."""
    value = os.environ.get("DEPYF_STDLIB_MODULES", "").strip()
    if not value:
        return None
    return "all" if value == "all" else [x for x in value.split(",") if x]


def run_stdlib(version, modules, jobs=1):
    import stdlib_behavior as sb
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        results = list(pool.map(lambda m: sb.check_module(version, m[0], m[1], False, False,
                                                           300, True), modules))
    out = {}
    for r in results:
        o = stdlib_outcome(r)
        if o is not None:
            out[r["module"]] = o
    return results, out


# ---------------------------------------------------------------- API checks

def api_outcome(result):
    """(kind, reason) of one api_check result ("ok" or a traceback)."""
    if result == "ok":
        return SAME, "ok"
    header = exception_line(result)
    name = header.split(":", 1)[0]
    if name.endswith("DecompilationError") or name == "NotImplementedError":
        return GAP, clean("not recovered: " + header)
    if name == "AssertionError" and "does not compile" in header:
        return GAP, clean("does not compile: " + header)
    if name == "AssertionError" and re.search(r": (co_code differs|co_consts)", header):
        return GAP, clean("bytecode differs: " + header)
    return WRONG, clean("check failed: " + header, 1000)


def exception_line(tb):
    """The first line of the exception that ends a formatted traceback."""
    lines = tb.rstrip("\n").split("\n")
    last_file = max((i for i, l in enumerate(lines) if l.startswith("  File ")), default=-1)
    for line in lines[last_file + 1:]:
        if line and not line[0].isspace():
            return line
    return lines[-1] if lines else ""


def run_api_checks(version, names):
    """{name: "ok" or traceback} from api_check.py in that interpreter, run
    from an empty directory so that the installed package is imported."""
    python = corpus.interpreter(version)
    cwd = tempfile.mkdtemp(prefix="depyf-gaps-")
    try:
        r = subprocess.run([python, os.path.join(HERE, "api_check.py"), "checks"] + list(names),
                           capture_output=True, text=True, cwd=cwd,
                           env=corpus.child_env({"PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"}))
    finally:
        os.rmdir(cwd)
    if r.returncode != 0:
        raise RuntimeError("api_check.py on %s: exit %d\n%s" % (version, r.returncode,
                                                                r.stderr[-3000:]))
    return json.loads(r.stdout)


def api_outcomes(results, names):
    return {n: api_outcome(results[n]) if n in results else (BROKEN, "no result")
            for n in names}


def run_api(version):
    import api_check
    names = api_check.DECOMPILER_CHECKS
    results = run_api_checks(version, names)
    return results, api_outcomes(results, names)


# ---------------------------------------------------------------- pytest

def gate(verdict, capsys=None):
    """In a test: print the figures (past pytest's capture, so that they are
    in the log), fail on any problem, and xfail, never pass, while listed
    gaps remain."""
    import pytest
    if capsys is not None:
        with capsys.disabled():
            print("\n  " + verdict.figures(), flush=True)
    if not verdict.ok:
        pytest.fail(verdict.report(), pytrace=False)
    if verdict.listed_gaps:
        pytest.xfail("known gaps remain: " + verdict.figures())


# ---------------------------------------------------------------- command line

def verdicts(suites, versions, stdlib_names, jobs):
    for version in versions:
        if not corpus.interpreter(version):
            raise SystemExit("no interpreter for Python %s" % version)
        for suite in suites:
            scope = None
            if suite == "syntax":
                _, outcomes = run_syntax(version)
            elif suite == "stdlib":
                mods = stdlib_modules(version, stdlib_names)
                _, outcomes = run_stdlib(version, mods, jobs)
                scope = stdlib_scope(mods)
            else:
                _, outcomes = run_api(version)
            v = Verdict(suite, version, outcomes, load(suite, version), scope)
            print(v.report(), flush=True)
            yield v, scope


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("action", choices=["update", "check"])
    ap.add_argument("--suites", default=",".join(SUITES))
    ap.add_argument("--versions", help="comma list (default: all of 3.8-3.13)")
    ap.add_argument("--stdlib-modules", default="all",
                    help='"all" (default), "default" (the test\'s subset) or a comma list')
    ap.add_argument("-j", type=int, default=1, help="parallel stdlib modules")
    ap.add_argument("--despite-wrong", action="store_true",
                    help="write the lists even when something differs (those items "
                         "are never listed and keep failing the tests); not for routine use")
    args = ap.parse_args(argv)
    suites = args.suites.split(",")
    bad = set(suites) - set(SUITES)
    if bad:
        ap.error("unknown suites: %s" % ", ".join(sorted(bad)))
    versions = args.versions.split(",") if args.versions else corpus.VERSIONS
    names = {"all": "all", "default": None}.get(args.stdlib_modules)
    if args.stdlib_modules not in ("all", "default"):
        names = args.stdlib_modules.split(",")
    results = list(verdicts(suites, versions, names, args.j))
    if args.action == "check":
        failed = [v for v, _ in results if not v.ok]
        print("%d of %d lists hold" % (len(results) - len(failed), len(results)))
        return 1 if failed else 0
    wrong = ["%s %s" % (v.suite, v.version) for v, _ in results if v.counts[WRONG]]
    broken = ["%s %s" % (v.suite, v.version) for v, _ in results if v.counts[BROKEN]]
    if broken:
        print("\nrefusing to write any list: a broken run in %s" % ", ".join(broken))
        return 1
    if wrong and not args.despite_wrong:
        print("\nrefusing to write any list: wrong code (differs) in %s" % ", ".join(wrong))
        return 1
    if wrong:
        print("\nwrong code (differs) in %s: writing the lists anyway (--despite-wrong); those "
              "items are never listed and fail the tests until fixed" % ", ".join(wrong))
    for v, scope in results:
        new = v.new_list()
        if scope is not None:   # keep the entries of modules this run did not cover
            new.update({k: r for k, r in load(v.suite, v.version).items() if not scope(k)})
        old = load(v.suite, v.version)
        save(v.suite, v.version, new)
        print("wrote %s: %d gaps (%+d)" % (os.path.relpath(list_path(v.suite, v.version)),
                                           len(new), len(new) - len(old)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
