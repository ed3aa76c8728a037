"""CPython's own tests against decompiled stdlib modules
(tests/tools/stdlib_behavior.py): for every version, each chosen module is
decompiled by the command line (env DEPYF, default build/depyf), put first
on PYTHONPATH, checked to be the copy that is imported, and its test module
must give the same outcome as on the untouched module.

The gated test (test_stdlib_behavior) is held to the per-version list of
known gaps, tests/known_gaps/stdlib-3.X.json (one item per module, see
tests/tools/known_gaps.py): a module that is not recovered or whose copy
does not compile may be listed; one that compiles and still differs
(tests, import, crash, timeout) fails, listed or not; a module off the list
that fails, and a listed one that now passes ("fixed: remove from the
list"), fail too.  While listed gaps remain it is xfailed, not passed; it
prints "same / known gaps / total" for each version.

Runtime: by default `make test` runs a fixed subset of 8 modules a version
(known_gaps.STDLIB_DEFAULT: bisect, textwrap, shlex, difflib, fractions,
json, ipaddress, configparser); DEPYF_STDLIB_MODULES=all runs all of
stdlib_behavior.MODULES (minutes a version), or a comma list those.  `make
update-known-gaps` always runs them all.

The stand-in tests validate the harness with ast.unparse in place of depyf:
clean on a sample, and a deliberate error (every == turned into !=) caught.
"""
import os

import pytest

import corpus
import known_gaps
import stdlib_behavior as sb
from known_gaps import GAP, SAME, WRONG

VERSIONS = corpus.VERSIONS


def vt(v):
    return tuple(int(x) for x in v.split("."))


def modules_for(version):
    return [(name, tests) for name, tests, first, _note in sb.MODULES if vt(version) >= vt(first)]


def check(version, modules, stand_in=False, mutate=False):
    if not corpus.interpreter(version):
        pytest.fail("no interpreter for Python %s" % version)
    return [sb.check_module(version, name, tests, stand_in, mutate, 300, True)
            for name, tests in modules]


def describe(r):
    return "%s %s: %s: %s" % (r["version"], r["module"], r["status"], r.get("why", ""))


@pytest.mark.parametrize("version", VERSIONS)
def test_module_choice(version):
    """At least 20 modules in every version, each with its test module and
    its source in that version's stdlib."""
    mods = modules_for(version)
    assert len(mods) >= 20
    stdlib = corpus.stdlib_dir(version)
    for name, tests in mods:
        assert sb.module_files(stdlib, name), name
        for t in tests:
            rel = t.replace(".", os.sep)
            assert os.path.exists(os.path.join(stdlib, rel + ".py")) or \
                os.path.isdir(os.path.join(stdlib, rel)), t


@pytest.mark.parametrize("version", VERSIONS)
def test_stdlib_behavior(version, capsys):
    if not corpus.interpreter(version):
        pytest.fail("no interpreter for Python %s" % version)
    selection = known_gaps.stdlib_selection()
    mods = known_gaps.stdlib_modules(version, selection)
    if selection not in (None, "all"):
        unknown = set(selection) - {m[0] for m in sb.MODULES}
        assert not unknown, "DEPYF_STDLIB_MODULES: unknown modules %s" % sorted(unknown)
    assert mods
    results, outcomes = known_gaps.run_stdlib(version, mods)
    for r in results:
        if r["status"] == "same":
            assert r["decompiled"]["exercised"] > 0 or r["decompiled"]["functions"] == 0, r
    known_gaps.gate(known_gaps.Verdict("stdlib", version, outcomes,
                                       known_gaps.load("stdlib", version),
                                       known_gaps.stdlib_scope(mods)), capsys)


def test_default_subset():
    """The subset `make test` runs: 8 modules, each in every version."""
    assert len(known_gaps.STDLIB_DEFAULT) == 8
    for v in VERSIONS:
        assert [n for n, _ in known_gaps.stdlib_modules(v)] == [
            n for n in (m[0] for m in sb.MODULES) if n in known_gaps.STDLIB_DEFAULT]
        assert len(known_gaps.stdlib_modules(v)) == 8


def test_outcome_kinds():
    """What may be listed: not recovered, does not compile.  What compiles
    and differs is wrong code."""
    assert known_gaps.stdlib_outcome({"status": "same"})[0] == SAME
    assert known_gaps.stdlib_outcome({"status": "n/a"}) is None
    assert known_gaps.stdlib_outcome({"status": "decompile failed", "why": "x"})[0] == GAP
    assert known_gaps.stdlib_outcome({"status": "differs", "why": "does not compile",
                                      "decompiled": {"syntax_errors": ["f: bad"]}})[0] == GAP
    for dec in [{"import_error": "NameError: x"}, {"crash": "timed out after 300s"},
                {"syntax_errors": [], "failures": ["t"]}]:
        assert known_gaps.stdlib_outcome({"status": "differs", "why": "w",
                                          "decompiled": dec})[0] == WRONG, dec
    assert known_gaps.stdlib_outcome({"status": "baseline broken", "why": "w"})[0] != GAP


SAMPLE = ["textwrap", "json", "html", "fractions", "configparser"]


def sample_modules(version):
    return [(n, t) for n, t in modules_for(version) if n in SAMPLE]


@pytest.mark.parametrize("version", [VERSIONS[1], VERSIONS[-1]])
def test_stand_in_is_clean(version):
    results = check(version, sample_modules(version), stand_in=True)
    assert len(results) == len(SAMPLE)
    bad = [describe(r) for r in results if r["status"] != "same"]
    assert not bad, "\n".join(bad)
    for r in results:
        dec = r["decompiled"]
        assert dec["run"] > 0 and dec["run"] == r["baseline"]["run"]
        assert dec["exercised"] > 0
        assert r["module"] in dec["imported_from"]
        assert all("/lib/" in path and "sb-" in path for path in dec["imported_from"].values())


def test_stand_in_mutation_is_caught():
    version = VERSIONS[-1]
    results = check(version, [(n, t) for n, t in sample_modules(version)
                              if n in ("textwrap", "json", "fractions")],
                    stand_in=True, mutate=True)
    assert [r["status"] for r in results] == ["differs"] * 3, [describe(r) for r in results]
    # the gate calls it wrong code, and a list naming the modules does not excuse it
    outcomes = {r["module"]: known_gaps.stdlib_outcome(r) for r in results}
    assert [k for k, _ in outcomes.values()] == [WRONG] * 3, outcomes
    v = known_gaps.Verdict("stdlib", version, outcomes, {m: "listed" for m in outcomes})
    assert not v.ok and sum(p.startswith("WRONG CODE") for p in v.problems) == 3


def test_stand_in_on_38_is_not_available():
    [r] = check("3.8", [("textwrap", ["test.test_textwrap"])], stand_in=True)
    assert r["status"] == sb.UNAVAILABLE
