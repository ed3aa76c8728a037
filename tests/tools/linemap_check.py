"""The decompiler's line map, checked on one interpreter (3.11+).

For every function of a few stdlib modules that decompiles: Dynamo's way of
running it (the original bytecode with the decompiled lines, explain's
_linemap) must give a code object equal to the original in normalized
bytecode, whose every instruction is on a statement line of the decompiled
source; and consecutive instructions must change line where the original
changes line in at least MIN_AGREE of the cases.  A traced run of a sample
function must step through the decompiled lines that hold the same text as
the original's.  The text has no `if False:` blocks that only keep dead
code's locals numbered (depyf.decompile's text has).  Prints one JSON line of figures; exits 1 on a failure.
"""
import dis
import importlib
import inspect
import json
import sys
import types

from depyf._decompile import DecompilationError, decompile_with_lines
from depyf.explain import _linemap, _normalize

MODULES = ["textwrap", "shlex", "fnmatch", "posixpath", "argparse", "difflib"]
MIN_AGREE = 0.90


def functions(code):
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            if c.co_flags & 2 and not c.co_name.startswith("<") and not c.co_freevars:
                yield c
            yield from functions(c)


def sample(a, b):
    total = 0
    for i in range(a):
        if i % 2:
            total += i * b
        else:
            total -= 1
    return total


def dead_numbering(a):
    if False:
        import typing
        unused = typing
    return a + 1


def traced_lines(fn, *args):
    seen = []

    def tracer(frame, event, arg):
        if frame.f_code is fn.__code__ and event == "line":
            seen.append(frame.f_lineno)
        return tracer
    sys.settrace(tracer)
    try:
        fn(*args)
    finally:
        sys.settrace(None)
    return seen


def main():
    failures, pairs, agree, checked = [], 0, 0, 0
    for name in MODULES:
        mod = importlib.import_module(name)
        for co in functions(compile(inspect.getsource(mod), mod.__file__, "exec")):
            try:
                text, _, lines = decompile_with_lines(co)
            except DecompilationError:
                continue
            checked += 1
            src = text.splitlines()
            mapped = _linemap.with_lines(co, lines, 0, "<decompiled>", 1)
            if mapped is None or not _normalize.equal(mapped, co)[0]:
                failures.append("%s.%s: no mapped code equal to the original" % (name, co.co_qualname))
                continue
            for start, end, line in mapped.co_lines():
                if line is None or not (1 <= line <= len(src)) or src[line - 1].strip().startswith("#") \
                        or not src[line - 1].strip():
                    failures.append("%s.%s: offset %d on line %r" % (name, co.co_qualname, start, line))
                    break
            ins = [i for i in dis.get_instructions(co)
                   if i.positions.lineno and i.opname not in ("RESUME", "NOP", "EXTENDED_ARG")]
            for a, b in zip(ins, ins[1:]):
                pairs += 1
                agree += (a.positions.lineno == b.positions.lineno) == (lines[a.offset // 2] == lines[b.offset // 2])

    # the traced run: same results, same line texts
    text, _, lines = decompile_with_lines(sample)
    src = text.splitlines()
    orig_src, first = inspect.getsourcelines(sample)
    want = [orig_src[n - first].strip() for n in traced_lines(sample, 5, 3)]
    mapped_fn = types.FunctionType(_linemap.with_lines(sample.__code__, lines, 0, "<decompiled>", 1),
                                   sample.__globals__)
    got = [src[n - 1].strip() for n in traced_lines(mapped_fn, 5, 3)]
    if mapped_fn(5, 3) != sample(5, 3):
        failures.append("sample: the mapped code returns something else")
    if got != want:
        failures.append("sample: stepped through %r, the original through %r" % (got, want))
    # text for reading beside running code has no dead blocks that only keep
    # locals numbered (a breakpoint there would stop at the frame's entry only)
    import depyf
    if "if False:" not in depyf.decompile(dead_numbering):
        failures.append("dead_numbering: the plain decompilation lost its dead locals")
    if "if False:" in decompile_with_lines(dead_numbering)[0]:
        failures.append("dead_numbering: the text for the line map has a dead block")
    ratio = agree / pairs if pairs else 0.0
    if ratio < MIN_AGREE:
        failures.append("line boundaries agree in %.1f%% of %d pairs (< %d%%)" % (100 * ratio, pairs, 100 * MIN_AGREE))
    print(json.dumps({"python": "%d.%d" % sys.version_info[:2], "functions": checked, "pairs": pairs,
                      "agree_pct": round(100 * ratio, 1), "failures": failures[:20]}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
