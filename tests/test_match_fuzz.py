"""A seeded run of tests/tools/match_fuzz.py: random functions with match
statements (every pattern kind, guards, nesting, loops, code after the
match) on 3.10-3.13 must never decompile to source that does not compile
or that behaves differently on its fixed subjects.  Regions reported as
not recovered are allowed; the fuzzer exits 1 on any wrong result."""
import json
import subprocess
import sys
from pathlib import Path

from test_bad_input import depyf_binary

ROOT = Path(__file__).resolve().parents[1]


def test_match_fuzz_seeded(tmp_path):
    binary = depyf_binary()
    assert binary is not None, "build/depyf is missing (make build/depyf)"
    proc = subprocess.run([sys.executable, str(ROOT / "tests" / "tools" / "match_fuzz.py"),
                           "--seed", "5", "--count", "30", "--funcs", "4", "--jobs", "2",
                           "--minimize-cap", "2", "--out", str(tmp_path / "fuzz"),
                           "--depyf", str(binary)],
                          capture_output=True, text=True, timeout=1200)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    # (a run that compared nothing, every module failing in the original
    # interpreter, would pass the exit status: each version must have run
    # decompiled functions against their originals)
    report = json.loads((tmp_path / "fuzz" / "summary.json").read_text())
    for version in ("3.10", "3.11", "3.12", "3.13"):
        counts = report[version]["counts"]
        assert counts.get("exact", 0) + counts.get("inexact", 0) >= 30, (version, counts)
