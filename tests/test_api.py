"""The Python API (issue #3) on every supported interpreter: the extension
builds the code model from a live code object exactly as the marshal reader
builds it, and depyf.decompile / depyf.Decompiler accept what they promise
and report failures as they promise.

Each check runs in the target interpreter (tests/tools/api_check.py, with
the package installed there by `make install-all`).  The tests named
test_decompiled_result[...] check decompiled source (round trips through
compile(), the accepted kinds giving the same source, opaque constants
bound back, partial output).  They are held to the per-version list of
known gaps, tests/known_gaps/api-3.X.json (tests/tools/known_gaps.py): a
check that fails because the source is not recovered, does not compile, or
(round trips) compiles to other bytecode may be listed and is then xfailed,
not passed; any other failure fails, listed or not; a failure off the list
fails, and so does a listed check that now passes ("fixed: remove from the
list").  test_decompiled_figures prints "same / known gaps / total" per
version.  `make update-known-gaps` rewrites the lists.

DEPYF_API_SAMPLE sets how many stdlib modules per version the model check
compiles (default 150; "all" for the whole corpus: about 7 s a version).
"""
import functools
import json
import os
import subprocess
import sys

import pytest

import corpus

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK = os.path.join(HERE, "tools", "api_check.py")

sys.path.insert(0, os.path.join(HERE, "tools"))
import api_check  # noqa: E402  (for the names of the checks only)
import known_gaps  # noqa: E402


def _run(version, args, stdin=""):
    python = corpus.interpreter(version)
    assert python, "Python %s is not installed" % version
    # From an empty directory, so that the installed package is the one imported.
    r = subprocess.run([python, CHECK] + args, input=stdin, capture_output=True, text=True,
                       cwd=_empty_dir(),
                       env=corpus.child_env({"PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"}))
    assert r.returncode == 0, "exit status %d\n%s" % (r.returncode, r.stderr[-4000:])
    return json.loads(r.stdout)


@functools.lru_cache(maxsize=None)
def _empty_dir():
    import tempfile
    return tempfile.mkdtemp(prefix="depyf-api-")


@functools.lru_cache(maxsize=None)
def _checks(version):
    return _run(version, ["checks"])


def _sample():
    value = os.environ.get("DEPYF_API_SAMPLE", "150")
    return None if value == "all" else int(value)


@pytest.mark.parametrize("version", corpus.VERSIONS)
def test_model_equals_marshal_model(version):
    _, files = corpus.stdlib_sources(version)
    paths = corpus.sample(files, _sample())
    got = _run(version, ["model"], "\n".join(paths))
    assert got["version"] == version
    assert got["differences"] == [], got["differences"]
    assert got["modules"] >= len(paths) - got["not_compiled"] and got["modules"] > 0
    assert got["code_objects"] > 10 * got["modules"], got
    assert got["equal"] == got["code_objects"], got
    assert got["runtime_code_objects"] > 500 and got["runtime_equal"] == got["runtime_code_objects"]
    assert got["handmade"] > 40 and got["handmade_equal"] == got["handmade"], got


@pytest.mark.parametrize("name", api_check.CHECKS)
@pytest.mark.parametrize("version", corpus.VERSIONS)
def test_api(version, name):
    result = _checks(version)[name]
    assert result == "ok", result


@pytest.mark.parametrize("name", api_check.DECOMPILER_CHECKS)
@pytest.mark.parametrize("version", corpus.VERSIONS)
def test_decompiled_result(version, name):
    result = _checks(version)[name]
    kind, reason = known_gaps.api_outcome(result)
    gaps = known_gaps.load("api", version)
    if kind == known_gaps.SAME:
        assert name not in gaps, "fixed: remove from the list %s: %s (in %s)" % (
            name, gaps.get(name), known_gaps.list_path("api", version))
    elif kind == known_gaps.GAP and name in gaps:
        pytest.xfail("known gap: " + reason)
    elif kind == known_gaps.GAP:
        pytest.fail("new gap, not on the list (regression?): %s\n%s" % (reason, result))
    else:
        pytest.fail("wrong result (never allowed on the list): %s\n%s" % (reason, result))


@pytest.mark.parametrize("version", corpus.VERSIONS)
def test_decompiled_figures(version, capsys):
    """Prints same / known gaps / total of the checks above; fails on list
    entries naming no check (the checks themselves fail on their own)."""
    results = _checks(version)
    verdict = known_gaps.Verdict("api", version, known_gaps.api_outcomes(
        results, api_check.DECOMPILER_CHECKS), known_gaps.load("api", version))
    with capsys.disabled():
        print("\n  " + verdict.figures(), flush=True)
    stale = [p for p in verdict.problems if p.startswith("stale")]
    assert not stale, "\n".join(stale)
