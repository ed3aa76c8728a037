"""Set-up for the torch integration tests (issue #4).

Nothing here skips: if PyTorch 2.13 or transformers is missing, it is
installed into this interpreter (`pip install torch==2.13.0 transformers`,
the CPU wheel); if that fails, every test errors.  The figures the tests
measure (transformed code objects seen, decompiled, verified, replaced) are
collected in REPORT and written to build/torch-report.json at the end.
"""
import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

TORCH_PIN = "torch==2.13.0"


def _ensure(module, pip_args):
    try:
        __import__(module)
        return
    except ImportError:
        pass
    cmd = [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
           "--no-warn-script-location"] + pip_args
    print("tests/torch: installing", " ".join(pip_args), file=sys.stderr)
    r = subprocess.run(cmd)
    if r.returncode != 0:
        raise RuntimeError("tests/torch need %s: `%s` failed" % (module, " ".join(cmd)))
    __import__(module)


_ensure("torch", [TORCH_PIN])
_ensure("transformers", ["transformers"])

import torch  # noqa: E402

if not torch.__version__.startswith("2.13."):
    raise RuntimeError("tests/torch are written for PyTorch 2.13, found %s; run `make torch-deps`"
                       % torch.__version__)

try:
    import depyf.explain  # noqa: F401
except ImportError as e:
    raise RuntimeError("the installed depyf has no depyf.explain (%s): run "
                       "`python3.11 -m pip install .` from the repository root" % e)

REPORT = {"runs": []}


@pytest.fixture
def report():
    return REPORT


def pytest_terminal_summary(terminalreporter):
    runs = REPORT["runs"]
    if not runs:
        return
    t = sum(r["transformed"] for r in runs)
    d = sum(r["decompiled"] for r in runs)
    v = sum(r["verified"] for r in runs)
    m = sum(r.get("mapped", 0) for r in runs)
    e = sum(r.get("equivalent", 0) for r in runs)
    rep = sum(r["replaced"] for r in runs)
    pct = (lambda x: 100.0 * x / t if t else 0.0)
    # verified: the decompiled source compiles back to Dynamo's bytecode and
    # runs in its place; equivalent: it compiles back to bytecode that does the
    # same, its temporaries aside (_equiv.py); mapped: Dynamo's own bytecode
    # runs, its lines moved onto the decompiled source; both run from the dump
    line = ("depyf torch: %d runs, %d transformed code objects: %d decompiled (%.1f%%), "
            "%d verified equal (%.1f%%) and %d equal up to temporaries (%.1f%%): %.1f%% verified; "
            "%d mapped onto the source (%.1f%%), %d run from the dump (%.1f%%)"
            % (len(runs), t, d, pct(d), v, pct(v), e, pct(e), pct(v + e), m, pct(m), rep, pct(rep)))
    terminalreporter.write_line(line)
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    path = os.path.join(ROOT, "build", "torch-report.json")
    with open(path, "w") as f:
        json.dump({"summary": line, "runs": runs}, f, indent=1)
    terminalreporter.write_line("per-run figures: %s" % path)
