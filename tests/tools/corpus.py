"""The stdlib corpus: which interpreters, which files, and how to compile them.

Used by the disassembler sweep, the decompiler sweep and the benchmarks, so
that they all agree on what "the stdlib of Python 3.X" means.
"""
import glob
import os
import subprocess

VERSIONS = ["3.8", "3.9", "3.10", "3.11", "3.12", "3.13"]

# Directories of the stdlib that the corpus leaves out (issue #2 / #3).
EXCLUDED_DIRS = {"test", "idlelib", "lib2to3", "tkinter", "turtledemo", "site-packages"}


def pyenv_root():
    root = os.environ.get("PYENV_ROOT")
    if root:
        return root
    try:
        return subprocess.run(["pyenv", "root"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return os.path.expanduser("~/.pyenv")


def interpreter(version):
    """Path of the pyenv interpreter for '3.X', or None."""
    matches = sorted(glob.glob(os.path.join(pyenv_root(), "versions", version + ".*",
                                            "bin", "python" + version)))
    return matches[-1] if matches else None


# What `make sanitize` sets for the processes it starts (the ASan runtime
# preloaded into each interpreter, whose package it built under ASan + UBSan).
SANITIZER_VARS = ("LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS")


def child_env(env):
    """env for a child interpreter, plus the sanitizer settings of this
    process: a child started with a minimal environment must still load the
    ASan runtime under `make sanitize`, or the extension would not import."""
    env = dict(env)
    for k in SANITIZER_VARS:
        if k in os.environ and k not in env:
            env[k] = os.environ[k]
    return env


def available_versions():
    return [v for v in VERSIONS if interpreter(v)]


# Runs inside the target interpreter: prints the stdlib directory.
_STDLIB_DIR = "import sysconfig; print(sysconfig.get_paths()['stdlib'])"


def stdlib_dir(version):
    return subprocess.run([interpreter(version), "-c", _STDLIB_DIR], capture_output=True,
                          text=True, check=True).stdout.strip()


def stdlib_sources(version):
    """Every .py file of that version's stdlib outside the excluded dirs, sorted."""
    root = stdlib_dir(version)
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        parts = [] if rel == "." else rel.split(os.sep)
        if parts and (parts[0] in EXCLUDED_DIRS or parts[0].startswith("config-")):
            dirnames[:] = []
            continue
        dirnames[:] = [d for d in dirnames if d not in EXCLUDED_DIRS and d != "__pycache__"]
        for name in filenames:
            if name.endswith(".py"):
                found.append(os.path.join(dirpath, name))
    found.sort()
    return root, found


def sample(items, n):
    """n items spread evenly over the list (deterministic)."""
    if n is None or n >= len(items):
        return list(items)
    step = len(items) / n
    return [items[int(i * step)] for i in range(n)]
