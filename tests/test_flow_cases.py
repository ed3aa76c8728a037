"""Wrong code that tests/tools/flow_fuzz.py found, kept as a corpus.

tests/regress/flow_cases/ holds the 121 distinct minimized functions that
compiled back and behaved differently from the original on some version
(112 found by 23,000 generated functions per version, 5 by later seeded
runs, 2026-11-26; f32_* by seed 4949, 2026-11-27: a with whose body
always raises, ending an if's then-part, its code after it read as the
code after the if; f611_* by seed 4242, 2026-11-28, 3.12/3.13: a for loop
ending an if's then-part inside a try, whose except clause's jump past the
try was taken for the if's join; f784_* by seed 5678, 2026-11-28, 3.8/3.9:
`if s and True != True < s: pass else: ...` ending a loop's body, whose
chained comparison's jump over its cleanup was threaded past the
then-part's own jump, read as `if s: if ...: pass` with the else-part on
the outer if; f34_s2468 by seed 2468, 2026-12-07, 3.8/3.9: `while a < b >
c: pass`, the chained comparison's cleanup taken into a then-part's
`continue`, its jump to the loop's exit dropped: a loop that never ended).
Each file
is decompiled by each interpreter's worker (tests/tools/fuzz_worker.py) and
its category printed.  A case that behaves differently, does not compile or
crashes must be listed in tests/known_gaps/flow_cases.json, and a listed
case that no longer does fails too (remove it from the list).  While listed
cases remain the test is xfailed, not passed: those are known wrong code.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from test_bad_input import depyf_binary

ROOT = Path(__file__).resolve().parents[1]
CASES = sorted((ROOT / "tests" / "regress" / "flow_cases").glob("*.py"))
KNOWN = ROOT / "tests" / "known_gaps" / "flow_cases.json"
VERSIONS = ["3.8", "3.9", "3.10", "3.11", "3.12", "3.13"]
BUGS = ("behavior", "nocompile", "crash", "workercrash")


def test_corpus_is_there():
    assert len(CASES) == 121


def test_flow_cases(capsys):
    proc = subprocess.run([sys.executable, str(ROOT / "tests" / "tools" / "flow_fuzz.py"), "--check"]
                          + [str(c) for c in CASES]
                          + ["--versions", ",".join(VERSIONS), "--depyf", str(depyf_binary())],
                          capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stderr[-3000:]
    seen, wrong, counts = set(), {}, {}
    for line in proc.stdout.splitlines():
        version, path, cat = line.split(" ", 3)[:3]
        name = os.path.basename(path.rstrip(":"))
        seen.add((version, name))
        counts[version, cat] = counts.get((version, cat), 0) + 1
        if cat in BUGS:
            wrong["%s %s" % (version, name)] = cat
    # every case was answered on every version (a run that checks nothing fails)
    assert len(seen) == len(CASES) * len(VERSIONS), proc.stdout[-3000:]
    listed = json.loads(KNOWN.read_text())["wrong"]
    with capsys.disabled():
        for v in VERSIONS:
            print("\n  flow cases %s: %s" % (v, " ".join(
                "%s=%d" % (c, counts.get((v, c), 0))
                for c in ("exact", "inexact", "unrecovered") + BUGS)), end="")
        print(flush=True)
    new = sorted(k for k in wrong if k not in listed)
    fixed = sorted(k for k in listed if k not in wrong)
    assert not new, "wrong code not on tests/known_gaps/flow_cases.json (regression?): %s" % new
    assert not fixed, "fixed: remove from tests/known_gaps/flow_cases.json: %s" % fixed
    if listed:
        pytest.xfail("%d known cases of wrong code remain (tests/known_gaps/flow_cases.json)" % len(listed))
