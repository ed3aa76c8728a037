"""A seeded run of tests/tools/flow_fuzz.py: random functions of if/elif,
and/or/not, chained comparisons, conditional expressions, walrus, loops
with break/continue/else, try and with, on 3.8-3.13, must never decompile
to source that does not compile or that behaves differently on its grid of
arguments.  Regions reported as not recovered are allowed; the fuzzer
exits 1 on any wrong result."""
import json
import subprocess
import sys
from pathlib import Path

from test_bad_input import depyf_binary

ROOT = Path(__file__).resolve().parents[1]


def test_flow_fuzz_seeded(tmp_path):
    binary = depyf_binary()
    assert binary is not None, "build/depyf is missing (make build/depyf)"
    proc = subprocess.run([sys.executable, str(ROOT / "tests" / "tools" / "flow_fuzz.py"),
                           "--seed", "4242", "--count", "165", "--funcs", "8", "--jobs", "2",
                           "--minimize-cap", "0", "--bug-minimize-cap", "2", "--out", str(tmp_path / "fuzz"),
                           "--depyf", str(binary)],
                          capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    # (a run that compared nothing would pass the exit status: each version
    # must have run decompiled functions against their originals)
    report = json.loads((tmp_path / "fuzz" / "summary.json").read_text())
    for version in ("3.8", "3.9", "3.10", "3.11", "3.12", "3.13"):
        counts = report[version]["counts"]
        assert counts.get("exact", 0) + counts.get("inexact", 0) >= 400, (version, counts)
