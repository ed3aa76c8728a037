"""CPython's own tests against decompiled stdlib modules
(tests/tools/stdlib_behavior.py): for every version, each chosen module is
decompiled by the command line (env DEPYF, default build/depyf), put first
on PYTHONPATH, checked to be the copy that is imported, and its test module
must give the same outcome as on the untouched module.

The stand-in tests validate the harness with ast.unparse in place of depyf:
clean on a sample, and a deliberate error (every == turned into !=) caught.
"""
import os

import pytest

import corpus
import stdlib_behavior as sb

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
def test_stdlib_behavior(version):
    results = check(version, modules_for(version))
    bad = [describe(r) for r in results if r["status"] != "same"]
    assert not bad, "\n".join(bad)
    for r in results:
        assert r["decompiled"]["exercised"] > 0 or r["decompiled"]["functions"] == 0, r


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


def test_stand_in_on_38_is_not_available():
    [r] = check("3.8", [("textwrap", ["test.test_textwrap"])], stand_in=True)
    assert r["status"] == sb.UNAVAILABLE
