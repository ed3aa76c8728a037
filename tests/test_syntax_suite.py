"""The syntax suite (tests/tools/syntax_suite.py over tests/syntax/) on every
version: each function decompiled by the package and each module by the
command line (env DEPYF, default build/depyf) must compile back and behave
like the original.

The gated test (test_syntax_suite) is held to the per-version list of known
gaps, tests/known_gaps/syntax-3.X.json (one item per function,
"module:qualname", and one per module-level run, "module:<module>"; see
tests/tools/known_gaps.py): it fails on any item that "differs" or any
"module test differs" (wrong code, never allowed, listed or not), on a gap
not on the list, and on a listed item that now passes ("fixed: remove from
the list"); while listed gaps remain it is reported as xfailed, not passed.
It prints "same / known gaps / total" for each version.  `make
update-known-gaps` rewrites the lists from the current decompiler (and
refuses while anything differs).

The stand-in tests run the same harness with ast.unparse in place of depyf:
they must come out clean (so the harness and corpus are sound), and with one
operator flipped in a function they must report exactly that function (and
the functions around it) and the module's tests that use it as differing.
"""
import argparse

import pytest

import corpus
import known_gaps
import syntax_suite
from known_gaps import GAP, SAME, WRONG

VERSIONS = corpus.VERSIONS
STAND_IN_VERSIONS = [v for v in VERSIONS if v != "3.8"]


def suite(version, stand_in=False, mutate=None, modules=None):
    if not corpus.interpreter(version):
        pytest.fail("no interpreter for Python %s" % version)
    args = argparse.Namespace(stand_in=stand_in, mutate=mutate, modules=modules, timeout=600)
    res = syntax_suite.run_version(version, args)
    assert res["reports"], "the runner reported nothing: %s" % res["crash"]
    assert res["crash"] is None, "\n".join([res["crash"]] + problems(res["reports"]))
    return res["reports"]


def problems(reports):
    out = []
    for rep in reports:
        ok, line, details = syntax_suite.summarize(rep)
        if not ok:
            out.append("\n".join([line] + details))
    return out


def expected_availability(version):
    vt = tuple(int(x) for x in version.split("."))
    return {stem: vt >= minv for stem, _path, minv in syntax_suite.corpus_files()}


@pytest.mark.parametrize("version", VERSIONS)
def test_syntax_suite(version, capsys):
    if not corpus.interpreter(version):
        pytest.fail("no interpreter for Python %s" % version)
    reports, outcomes = known_gaps.run_syntax(version)
    assert reports, outcomes
    avail = expected_availability(version)
    assert {r["name"] for r in reports} == set(avail)
    for r in reports:
        assert r["status"] not in ("done", "n/a") or (r["status"] != "n/a") == avail[r["name"]], r
    known_gaps.gate(known_gaps.Verdict("syntax", version, outcomes,
                                       known_gaps.load("syntax", version)), capsys)


def test_gate_rules():
    """The gate itself: a gap off the list, a listed item that passes, a
    stale entry and wrong code (listed or not) all fail; listed gaps alone
    do not, and are not counted as passes."""
    outcomes = {"m:a": (SAME, "same"), "m:b": (GAP, "decompile failed: x"),
                "m:c": (GAP, "compile failed: y")}
    v = known_gaps.Verdict("syntax", "3.12", outcomes, {"m:b": "old reason", "m:c": "y"})
    assert v.ok and v.listed_gaps == 2 and v.counts[SAME] == 1 and v.total == 3
    assert "same 1 / known gaps 2 / total 3" in v.figures()
    assert v.new_list() == {"m:b": "decompile failed: x", "m:c": "compile failed: y"}
    for gaps, expect in [({"m:b": "x"}, "new gap"),
                         ({"m:a": "x", "m:b": "x", "m:c": "y"}, "fixed: remove from the list m:a"),
                         ({"m:b": "x", "m:c": "y", "m:gone": "z"}, "stale entry")]:
        v = known_gaps.Verdict("syntax", "3.12", outcomes, gaps)
        assert not v.ok and any(expect in p for p in v.problems), (gaps, v.problems)
    wrong = dict(outcomes, **{"m:d": (WRONG, "differs: args")})
    for gaps in [{"m:b": "x", "m:c": "y"}, {"m:b": "x", "m:c": "y", "m:d": "listed"}]:
        v = known_gaps.Verdict("syntax", "3.12", wrong, gaps)
        assert [p for p in v.problems if p.startswith("WRONG CODE")] and not v.ok


@pytest.mark.parametrize("version", STAND_IN_VERSIONS)
def test_stand_in_is_clean(version):
    """ast.unparse of the source must pass everywhere, and every function of
    the corpus must be called by its tests (else it is never compared)."""
    reports = suite(version, stand_in=True)
    avail = expected_availability(version)
    bad = problems(reports)
    assert not bad, "\n".join(bad)
    for r in reports:
        assert (r["status"] == "done") == avail[r["name"]], r
        if r["status"] == "done":
            unexercised = [e["name"] for e in r["functions"] if e["status"] == "not exercised"]
            assert not unexercised, (r["name"], unexercised)
            compared = sum(1 for e in r["functions"] if e["status"] == "same")
            assert compared >= len(r["functions"]) - 1, r["name"]
            assert r["module"]["tests"] > 0


def test_stand_in_on_38_reports_not_available():
    reports = suite("3.8", stand_in=True)
    assert reports and all(r["status"] == "n/a" for r in reports)


# (module, function to mutate, qualname the function has in the report)
MUTATIONS = [
    ("expressions", "test_binary", "test_binary"),
    ("functions", "level4", "test_closure_depth.<locals>.level1.<locals>.level2"
                            ".<locals>.level3.<locals>.level4"),
    ("classes", "Cube.area", "Cube.area"),
    ("async_code", "double", "double"),
    ("generators", "yield_in_try_except", "yield_in_try_except"),
    ("exceptions", "risky", "risky"),
    ("match_stmt", "describe", "describe"),
]


@pytest.mark.parametrize("module,function,qualname", MUTATIONS)
def test_mutation_is_reported(module, function, qualname):
    """One flipped operator in the stand-in output must come out as
    'differs': the function itself and the module tests that call it."""
    version = STAND_IN_VERSIONS[-1]
    [rep] = suite(version, stand_in=True, mutate="%s:%s" % (module, function), modules=module)
    assert rep["status"] == "done", rep
    differs = [e["name"] for e in rep["functions"] if e["status"] == "differs"]
    assert qualname in differs, differs
    # only the mutated function and the defs around it changed
    for name in differs:
        assert qualname == name or qualname.startswith(name + "."), (name, differs)
    others = [e for e in rep["functions"] if e["status"] not in ("same", "differs",
                                                                 "not replayable")]
    assert not others, others
    assert rep["module"]["status"] == "differs"
    assert rep["module"]["differs"], rep["module"]
    ok, _line, _details = syntax_suite.summarize(rep)
    assert not ok
    # the gate calls it wrong code, and a list naming it does not excuse it
    outcomes = known_gaps.syntax_outcomes([rep])
    wrong = sorted(i for i, (kind, _) in outcomes.items() if kind == WRONG)
    assert "%s:%s" % (module, qualname) in wrong and "%s:<module>" % module in wrong, wrong
    v = known_gaps.Verdict("syntax", version, outcomes, {i: "listed" for i in wrong})
    assert not v.ok and sum(p.startswith("WRONG CODE") for p in v.problems) == len(wrong)


def test_mutation_caught_on_oldest_stand_in_version():
    [rep] = suite(STAND_IN_VERSIONS[0], stand_in=True, mutate="logic:test_chained",
                  modules="logic")
    assert [e["name"] for e in rep["functions"] if e["status"] == "differs"] == ["test_chained"]
    assert rep["module"]["differs"] and all(
        d.startswith("test_chained") for d in rep["module"]["differs"])
