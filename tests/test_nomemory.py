"""Allocation failures through the Python API (issue #5), on every version.

tests/tools/nomemory_check.py runs in each interpreter and makes the
interpreter's allocations fail one at a time while depyf decompiles and
disassembles (_testcapi.set_nomemory): every call must raise MemoryError or
return exactly its normal result.  The C core's own allocations are failed
one at a time by `make check-oom` (tests/c/oom.c)."""
import json
import os
import subprocess

import pytest

import corpus

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tools", "nomemory_check.py")


@pytest.mark.parametrize("version", corpus.VERSIONS)
def test_allocation_failures(version, tmp_path):
    python = corpus.interpreter(version)
    assert python, "Python %s is not installed" % version
    # From an empty directory, so that the installed package is the one imported.
    r = subprocess.run([python, CHECK], capture_output=True, text=True, cwd=tmp_path, timeout=600,
                       env=corpus.child_env({"PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"}))
    assert r.returncode == 0, "exit status %d\n%s" % (r.returncode, r.stderr[-4000:])
    report = json.loads(r.stdout)
    assert report["problems"] == [], "\n".join(report["problems"][:20])
    # Each check must have met failing allocations, or it proved nothing.
    assert all(n > 0 for n in report["memory_errors"].values()), report["memory_errors"]
    print("  %s: %d calls, %d ended in MemoryError" % (
        version, report["calls"], sum(report["memory_errors"].values())))
