"""The syntax suite (tests/tools/syntax_suite.py over tests/syntax/) on every
version: each function decompiled by the package and each module by the
command line (env DEPYF, default build/depyf) must compile back and behave
like the original.

The stand-in tests run the same harness with ast.unparse in place of depyf:
they must come out clean (so the harness and corpus are sound), and with one
operator flipped in a function they must report exactly that function (and
the functions around it) and the module's tests that use it as differing.
"""
import argparse

import pytest

import corpus
import syntax_suite

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
def test_syntax_suite(version):
    reports = suite(version)
    avail = expected_availability(version)
    assert {r["name"] for r in reports} == set(avail)
    for r in reports:
        assert (r["status"] != "n/a") == avail[r["name"]], r
    bad = problems(reports)
    assert not bad, "Python %s:\n%s" % (version, "\n".join(bad))


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


def test_mutation_caught_on_oldest_stand_in_version():
    [rep] = suite(STAND_IN_VERSIONS[0], stand_in=True, mutate="logic:test_chained",
                  modules="logic")
    assert [e["name"] for e in rep["functions"] if e["status"] == "differs"] == ["test_chained"]
    assert rep["module"]["differs"] and all(
        d.startswith("test_chained") for d in rep["module"]["differs"])
