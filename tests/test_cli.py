"""The command line's contract: help, version, usage errors, directories,
exit codes and one clear error line per bad file."""
import os
import shutil
import subprocess

from conftest import DEPYF, ROOT

EXAMPLES = os.path.join(ROOT, "examples", "pyc")


def run(*args):
    return subprocess.run([DEPYF, *args], capture_output=True, text=True)


def test_help_and_version():
    assert run("--help").returncode == 0
    assert "usage: depyf" in run("--help").stdout
    version = run("--version")
    assert version.returncode == 0 and version.stdout.startswith("depyf ")


def test_usage_errors_exit_2():
    assert run().returncode == 2
    bad = run("--no-such-option", "x.pyc")
    assert bad.returncode == 2 and "unknown option" in bad.stderr


def test_missing_file():
    r = run("dis", "/nonexistent/file.pyc")
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [
        "depyf: /nonexistent/file.pyc: No such file or directory"]


def test_directory_is_searched_recursively(tmp_path):
    nested = tmp_path / "a" / "b"
    nested.mkdir(parents=True)
    for name in os.listdir(EXAMPLES):
        shutil.copy(os.path.join(EXAMPLES, name), nested / name)
    (nested / "notes.txt").write_text("not a pyc")
    r = run("dis", str(tmp_path))
    assert r.returncode == 0, r.stderr
    headers = [line for line in r.stdout.splitlines() if line.startswith("# ")]
    assert headers == ["# %s/a/b/%s" % (tmp_path, n) for n in sorted(os.listdir(EXAMPLES))]


def test_one_bad_file_among_good_ones(tmp_path):
    good = os.path.join(EXAMPLES, sorted(os.listdir(EXAMPLES))[0])
    bad = tmp_path / "bad.pyc"
    bad.write_bytes(b"\x00\x00\r\n" + bytes(12))
    r = run("dis", good, str(bad))
    assert r.returncode == 2
    assert "# " + good in r.stdout
    assert r.stderr.strip().splitlines() == [
        "depyf: %s: unknown magic number 0 (supported: Python 3.8 to 3.13)" % bad]
