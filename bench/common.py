"""Shared by the benchmark driver and its workers (runs on Python 3.8-3.13).

The corpus is the one of the sweeps and the round trip (tests/tools/corpus.py):
every .py file of the running interpreter's stdlib outside test/, idlelib/,
lib2to3/, tkinter/, turtledemo/ and site-packages/, sorted by path, compiled
by that interpreter.  A "function" is a def or lambda body (CO_OPTIMIZED, not
a module, class body or comprehension), nested ones included, in the order of
a depth-first walk of each module's constants.
"""
import math
import os
import sys
import sysconfig
import tokenize
import types

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "tools"))
import corpus  # noqa: E402  (read-only use: EXCLUDED_DIRS, interpreter())

CO_OPTIMIZED = 0x1


def stdlib_sources_here():
    """(root, [path, ...]) for the running interpreter; same rule as corpus.py."""
    root = sysconfig.get_paths()["stdlib"]
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        parts = [] if rel == "." else rel.split(os.sep)
        if parts and (parts[0] in corpus.EXCLUDED_DIRS or parts[0].startswith("config-")):
            dirnames[:] = []
            continue
        dirnames[:] = [d for d in dirnames if d not in corpus.EXCLUDED_DIRS and d != "__pycache__"]
        for name in filenames:
            if name.endswith(".py"):
                found.append(os.path.join(dirpath, name))
    found.sort()
    return root, found


def compile_file(path):
    """The module code object, or None when this interpreter cannot compile it."""
    try:
        with tokenize.open(path) as f:
            source = f.read()
        return compile(source, path, "exec", dont_inherit=True)
    except (SyntaxError, ValueError, UnicodeDecodeError):
        return None


def is_function(code):
    return bool(code.co_flags & CO_OPTIMIZED) and (
        code.co_name == "<lambda>" or not code.co_name.startswith("<"))


def walk(code):
    """Every code object nested in `code` (not code itself), depth first."""
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            yield c
            for d in walk(c):
                yield d


def functions(module_code):
    return [c for c in walk(module_code) if is_function(c)]


def corpus_functions(first_modules=None):
    """[(module index, relative path, code)] for the stdlib of this interpreter;
    first_modules=N keeps the first N compilable modules (sorted by path)."""
    root, paths = stdlib_sources_here()
    out = []
    n_mod = 0
    for path in paths:
        if first_modules is not None and n_mod >= first_modules:
            break
        code = compile_file(path)
        if code is None:
            continue
        rel = os.path.relpath(path, root)
        for f in functions(code):
            out.append((n_mod, rel, f))
        n_mod += 1
    return n_mod, out


# ---- statistics ---------------------------------------------------------------

def median(xs):
    xs = sorted(xs)
    n = len(xs)
    if n == 0:
        return float("nan")
    return xs[n // 2] if n % 2 else 0.5 * (xs[n // 2 - 1] + xs[n // 2])


def percentile(xs, p):
    """Nearest-rank percentile (p in 0..100)."""
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = max(0, min(len(xs) - 1, int(math.ceil(p / 100.0 * len(xs))) - 1))
    return xs[k]


def loglog_slope(ns, ys):
    """Least-squares slope of log(y) against log(n)."""
    pts = [(math.log(n), math.log(y)) for n, y in zip(ns, ys) if n > 0 and y and y > 0]
    if len(pts) < 2:
        return float("nan")
    mx = sum(p[0] for p in pts) / len(pts)
    my = sum(p[1] for p in pts) / len(pts)
    sxx = sum((p[0] - mx) ** 2 for p in pts)
    sxy = sum((p[0] - mx) * (p[1] - my) for p in pts)
    return sxy / sxx if sxx else float("nan")
