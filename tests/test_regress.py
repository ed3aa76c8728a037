"""Replays the inputs kept in tests/regress/ through the command line.

tests/regress/fuzz_decompile/ holds .pyc files that once crashed or
overflowed the stack (a jump to no instruction; 30,000-deep binary
operations, 3,000 nested ifs and conditional expressions, 1,990-deep
tuples and frozensets, code objects 990 deep; made by
tests/tools/make_stack_cases.py and by fuzzing).  Decompiling each must end
the way a hostile input should: exit 2 with one line on stderr naming the
file, or exit 1 with the unrecoverable region marked in the output, and no
signal or sanitizer report.  The plain build runs with a 512 KiB stack, the
size of a small thread's (the C extension runs on the caller's thread);
`make check-bad-input` runs the same against the ASan+UBSan build, whose
frames are larger, with the default stack.
"""
import resource
import subprocess
from pathlib import Path

import pytest

from test_bad_input import depyf_binary

ROOT = Path(__file__).resolve().parents[1]
CASES = sorted((ROOT / "tests" / "regress" / "fuzz_decompile").glob("*.pyc"))
MARKER = "# depyf: could not recover this region"


def test_cases_exist():
    assert len(CASES) >= 30


@pytest.mark.parametrize("path", CASES, ids=[p.name for p in CASES])
def test_replay(path):
    binary = depyf_binary()
    small_stack = "asan" not in binary.parts

    def limit_stack():
        resource.setrlimit(resource.RLIMIT_STACK, (512 << 10, 512 << 10))

    proc = subprocess.run([str(binary), str(path)], capture_output=True, text=True, errors="replace",
                          timeout=120, preexec_fn=limit_stack if small_stack else None)
    assert "Sanitizer" not in proc.stderr and "runtime error" not in proc.stderr, proc.stderr
    lines = proc.stderr.splitlines()
    if proc.returncode == 2:
        assert proc.stdout == ""
        assert len(lines) == 1 and lines[0].startswith("depyf: %s: " % path), proc.stderr
    else:
        assert proc.returncode == 1, (proc.returncode, proc.stderr[-2000:])
        assert MARKER in proc.stdout
        assert lines and "not recovered" in lines[-1]
