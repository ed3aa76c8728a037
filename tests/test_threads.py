"""The core from many threads at once, without a sanitizer (tests/c/threads.c).

threads.c decompiles and disassembles each file once on the main thread,
then runs N threads over all the files at once and checks that every result
equals the single-threaded one.  Here it is built with the project's warning
flags and -Werror against the core sources, and run on the bundled example
files and on modules compiled by this interpreter, with 8 threads on
512 KiB stacks (the size of a small thread's: the C extension runs on the
caller's thread); its --measure-stack mode must report the deepest stack
below that size.  `make tsan` runs the same driver under ThreadSanitizer on
a sample of every version's stdlib.
"""
import importlib.util
import marshal
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "src" / "core"
WARN = ["-std=c11", "-Wall", "-Wextra", "-Wshadow", "-Wstrict-prototypes",
        "-Wmissing-prototypes", "-Wno-unused-parameter", "-Werror"]
SMALL_STACK = 512 << 10
MODULES = ["argparse", "json.decoder", "collections", "dataclasses", "enum", "typing"]


def compiler():
    for cc in ("cc", "gcc", "clang"):
        if shutil.which(cc):
            return cc
    return None


@pytest.fixture(scope="module")
def threads_binary(tmp_path_factory):
    cc = compiler()
    if cc is None:
        pytest.skip("no C compiler")
    out = tmp_path_factory.mktemp("threads") / "threads"
    cmd = [cc, "-O1", "-g", *WARN, "-I", str(CORE), str(ROOT / "tests" / "c" / "threads.c"),
           *sorted(str(p) for p in CORE.glob("*.c")), "-lm", "-pthread", "-o", str(out)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return out


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    d = tmp_path_factory.mktemp("pyc")
    files = sorted(str(p) for p in (ROOT / "examples" / "pyc").glob("*.pyc"))
    for name in MODULES:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.origin or not spec.origin.endswith(".py"):
            continue
        with open(spec.origin, "rb") as f:
            code = compile(f.read(), spec.origin, "exec", dont_inherit=True)
        path = d / (name + ".pyc")
        path.write_bytes(importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code))
        files.append(str(path))
    assert len(files) >= 4
    return files


def test_threads_same_results(threads_binary, inputs):
    proc = subprocess.run([str(threads_binary), "--threads", "8", "--rounds", "3",
                           "--stack-size", str(SMALL_STACK), *inputs],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stderr == ""
    m = re.search(r"over (\d+) files .*: (\d+) runs, 0 differ", proc.stdout)
    assert m, proc.stdout
    assert int(m.group(1)) == len(inputs) and int(m.group(2)) == 8 * 3 * len(inputs)


def test_threads_list_file(threads_binary, inputs, tmp_path):
    lst = tmp_path / "list.txt"
    lst.write_text("\n".join(inputs) + "\n")
    proc = subprocess.run([str(threads_binary), "--threads", "3", "--rounds", "1", "@" + str(lst)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "over %d files" % len(inputs) in proc.stdout


def test_measure_stack(threads_binary, inputs):
    proc = subprocess.run([str(threads_binary), "--measure-stack", *inputs],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    m = re.search(r"deepest stack (\d+) bytes", proc.stdout)
    assert m, proc.stdout
    assert 0 < int(m.group(1)) < SMALL_STACK


@pytest.mark.parametrize("args", [["--threads", "0"], ["--rounds", "0"], ["--bogus"]])
def test_usage(threads_binary, inputs, args):
    proc = subprocess.run([str(threads_binary), *args, *inputs[:1]], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.startswith("usage:")


def test_no_files(threads_binary):
    proc = subprocess.run([str(threads_binary)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.startswith("usage:")


def test_unreadable_file(threads_binary, tmp_path):
    proc = subprocess.run([str(threads_binary), str(tmp_path / "missing.pyc")],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "cannot read" in proc.stderr
