"""The symbolic comparison behind "verified" for Dynamo's code
(python/depyf/explain/_equiv.py), on 3.11-3.13: it must accept what does
the same, refuse what does not, and accept the decompiler's reading of
Dynamo's code (tests/regress/dynamo, PyTorch 2.13's transformed code, so
that this runs without PyTorch).  The checks run in each interpreter
through tests/tools/equiv_check.py."""
import glob
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
from corpus import interpreter, stdlib_dir  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CHECK = ROOT / "tests" / "tools" / "equiv_check.py"
VERSIONS = ["3.11", "3.12", "3.13"]


def run_check(version, *args):
    python = interpreter(version)
    if python is None:
        pytest.fail("no Python %s interpreter under pyenv" % version)
    proc = subprocess.run([python, str(CHECK)] + [str(a) for a in args],
                          capture_output=True, text=True, cwd=str(ROOT / "tests"))
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def sample_files(version, every):
    files = sorted(glob.glob(os.path.join(stdlib_dir(version), "*.py")))
    return files[::every]


@pytest.mark.parametrize("version", VERSIONS)
def test_every_stdlib_function_equals_itself(version):
    """The model knows every instruction the compiler emits in these modules
    (a gap would show as "not equal", never as a wrong "equal")."""
    r = run_check(version, "reflexive", *sample_files(version, 4))
    assert r["checked"] > 1500, r
    assert r["failures"] == 0, r["failed"]


@pytest.mark.parametrize("version", VERSIONS)
def test_every_mutant_is_found_different(version):
    """One reachable instruction changed (another constant or local, an
    inverted jump, - for +, two loads swapped): never equal."""
    r = run_check(version, "mutants", *sample_files(version, 16))
    assert r["mutants"] > 2500, r
    assert r["errors"] == [], r["errors"]
    assert r["misses"] == 0, r["missed"]


@pytest.mark.parametrize("version", VERSIONS)
def test_hand_written_pairs(version):
    r = run_check(version, "pairs")
    wrong = [p for p in r["pairs"] if p["got"] != p["expected"]]
    assert not wrong, wrong
    assert sum(p["expected"] for p in r["pairs"]) >= 5
    assert sum(not p["expected"] for p in r["pairs"]) >= 5


def test_dynamo_code_is_verified():
    """Every stored transformed code object of PyTorch 2.13 (Python 3.11):
    decompiled as the dump does, compiled back, shown to do what it does."""
    files = sorted((ROOT / "tests" / "regress" / "dynamo" / "3.11").glob("*.pyc"))
    assert len(files) >= 60
    r = run_check("3.11", "dynamo", *files)
    bad = [x for x in r["dynamo"] if not x["equal"]]
    assert not bad, bad[:5]
