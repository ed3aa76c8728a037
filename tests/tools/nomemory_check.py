"""Runs inside one interpreter: depyf's extension (depyf._core) while the
interpreter's allocations fail, one at a time (_testcapi.set_nomemory).

For each entry point of the extension and target, and for k = 0, 1, 2, ..., the k-th Python
allocation (object, memory or raw domain) after the call starts fails.  The
call must then raise MemoryError, or return exactly what it returned without
the failure (the failing allocation was one whose failure CPython absorbs);
anything else (another exception, other output, a crash) is a defect: the
extension would have lost an allocation failure or reported it as something
else.  k grows until 40 calls in a row no longer reach the failing
allocation.  The C core's own memory (malloc) is not affected; tests/c/oom.c
fails that.

Prints one JSON object: {"calls": n, "memory_errors": {check: n},
"problems": [...]}; memory_errors counts the calls that raised MemoryError,
so that a check whose failures never reach depyf shows as 0.
"""
import json
import sys

import _testcapi
from functools import partial

import depyf
from depyf import _core


def sample(items, limit=3, *rest, key=None, **options):
    try:
        out = [x * 2.5 for x in items if x > limit]
    except (TypeError, ValueError) as exc:
        raise RuntimeError("bad %r" % (items,)) from exc
    finally:
        options.clear()
    return {k: (b"x", 1j, 10 ** 30, frozenset({1, 2})) for k in out}, rest, key


def closure(n):
    def inner(x):
        nonlocal n
        n += x
        return lambda: n
    return inner


class Opaque:
    pass


MODULE = compile('''
import os
from sys import path as p
class C(Opaque):
    """doc"""
    x: int = 3
    def m(self, *a):
        with open(p[0]) as f:
            return [line for line in f] if a else super().m()
''', "module.py", "exec")


def opaque_code():
    # A constant no .pyc can hold, as Dynamo's code objects have.
    code = sample.__code__
    return code.replace(co_consts=code.co_consts + (Opaque(),))


def pyc_bytes():
    import importlib.util
    import marshal
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(sample.__code__)


def checks():
    """(name, call) pairs.  Each call is the extension's own C function behind
    a functools.partial, so that no Python frame is made while allocations
    fail: 3.11-3.13 have bugs of their own there (3.12.1 and 3.13.0 crash
    when a frame's or a slice's allocation fails, depyf or not), and the
    Python layer above the extension is plain Python."""
    data = pyc_bytes()
    inner = closure(1)
    return [
        ("decompile(sample)", partial(_core.decompile, sample.__code__, False, None)),
        ("decompile(inner, name)", partial(_core.decompile, inner.__code__, False, "renamed")),
        ("decompile(module)", partial(_core.decompile, MODULE, True, None)),
        ("decompile(opaque constant)", partial(_core.decompile, opaque_code(), False, None)),
        ("decompile(sample, lines)", partial(_core.decompile, sample.__code__, False, None, True)),
        ("disassemble_pyc", partial(_core.disassemble_pyc, data)),
        ("disassemble_pyc(truncated)", partial(_core.disassemble_pyc, data[:40])),
    ]


def run_one(name, call, problems):
    try:
        reference = call()
    except ValueError as e:   # bad data: the same error is the expected result
        reference = e
    k = calls = nomem = reached_not = 0
    while reached_not < 40:
        # Only the call runs while allocations fail; what the outcome means
        # is worked out after the hooks are gone.
        result = error = None
        _testcapi.set_nomemory(k, k + 1)
        try:
            result = call()
        except BaseException as e:  # noqa: B902
            error = e
        _testcapi.remove_mem_hooks()
        if error is None:
            outcome = "same" if result == reference else "differs"
        elif isinstance(error, ValueError) and isinstance(reference, ValueError):
            outcome = "same" if str(error) == str(reference) else "differs"
        elif isinstance(error, MemoryError):
            outcome = "nomem"
        else:   # any other kind is the defect
            outcome = "raised %s: %s" % (type(error).__name__, str(error)[:200])
        calls += 1
        nomem += outcome == "nomem"
        reached_not = reached_not + 1 if outcome == "same" else 0
        if outcome not in ("same", "nomem"):
            problems.append("%s, allocation %d failing: %s" % (name, k, outcome))
        k += 1
    return calls, nomem


def main():
    problems = []
    memory_errors = {}
    total = 0
    for name, call in checks():
        calls, memory_errors[name] = run_one(name, call, problems)
        total += calls
    json.dump({"version": "%d.%d" % sys.version_info[:2], "calls": total,
               "memory_errors": memory_errors, "problems": problems}, sys.stdout)


if __name__ == "__main__":
    main()
