"""The decompiler's line map (what `depyf.debug()` runs Dynamo's bytecode
with): tests/tools/linemap_check.py on each interpreter from 3.11."""
import json
import os
import subprocess

import pytest

import corpus

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK = os.path.join(HERE, "tools", "linemap_check.py")


@pytest.mark.parametrize("version", ["3.11", "3.12", "3.13"])
def test_line_map(version):
    python = corpus.interpreter(version)
    assert python, "Python %s is not installed" % version
    r = subprocess.run([python, CHECK], capture_output=True, text=True, timeout=600, cwd="/")
    assert r.stdout.strip(), r.stderr[-3000:]
    report = json.loads(r.stdout.strip().splitlines()[-1])
    assert r.returncode == 0, report["failures"]
    assert report["functions"] > 100, report
