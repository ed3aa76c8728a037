"""Scaling series: generated sources of growing size N (runs in python3.X).

    python3.X bench/scale_worker.py gen DIR --ns 10,100,1000,3000,10000
        compiles every series at every N, writes DIR/<series>-<N>.pyc and
        DIR/manifest.json (route, CPython's refusal, sizes, instruction
        counts); also the largest N whose source plain compile() accepts.
    python3.X bench/scale_worker.py decompile FILE.pyc [--reps 5]
        decompiles in memory (depyf.decompile of the function, or of the
        module for the "module" series) up to --reps times (fewer once 2 s
        are spent) and prints one JSON line: outcome, median and best
        seconds, peak RSS before and after the first decompile.

Series (each a def f, except "module"):
  statements  N straight-line statements (assignments, calls, stores)
  nested      N nested `if a > k:` blocks
  elif        an if with N-1 elif branches and an else
  boolop      return a > 0 and a > 1 and ... (N operands)
  module      a module of N units: defs, calls, classes with a method, ifs
Sources go through compile(source).  The tokenizer allows 100 indentation
levels, so nested past 98 is built as an AST and compiled from that, and a
source that compile() refuses is tried again with the recursion limit raised
on a 1 GiB thread stack, then (nested, elif) as an AST: "as deep as CPython
compiles".  What plain compile() refuses is recorded, with the largest N it
accepts.
"""
import argparse
import ast
import dis
import importlib.util
import json
import marshal
import os
import resource
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

SERIES = ["statements", "nested", "elif", "boolop", "module"]


def gen_statements(n):
    forms = ["    x = a + %d", "    b = x * b - %d", "    a = g(x, b, %d)",
             "    d[%d] = a", "    c.v = b // %d"]
    lines = ["def f(a, b, c, d):"] + [forms[k % 5] % (k + 1) for k in range(n)] + ["    return a"]
    return "\n".join(lines) + "\n"


def gen_nested(n):
    lines = ["def f(a):"]
    for k in range(n):
        lines.append("    " * (k + 1) + "if a > %d:" % k)
    lines.append("    " * (n + 1) + "a = %d" % n)
    lines.append("    return a")
    return "\n".join(lines) + "\n"


def gen_elif(n):
    lines = ["def f(a):", "    if a == 0:", "        r = 0"]
    for k in range(1, n):
        lines += ["    elif a == %d:" % k, "        r = %d" % (k * 7)]
    lines += ["    else:", "        r = -1", "    return r"]
    return "\n".join(lines) + "\n"


def gen_boolop(n):
    return "def f(a):\n    return " + " and ".join("a > %d" % k for k in range(n)) + "\n"


def gen_module(n):
    units = ["def f%d(a, b=%d):\n    return a + b\n",
             "x%d = f%d(1)\n",
             "class C%d:\n    def m(self):\n        return %d\n",
             "if x%d:\n    y = %d\n"]
    out = []
    for k in range(n):
        u = units[k % 4]
        if k % 4 in (0, 2):
            out.append(u % (k, k))
        else:
            j = k - 1  # refer to the def just before
            out.append(u % (k, j) if k % 4 == 1 else u % (j, k))
    return "".join(out)


GEN = {"statements": gen_statements, "nested": gen_nested, "elif": gen_elif,
       "boolop": gen_boolop, "module": gen_module}


def _compare(op, k):
    return ast.Compare(left=ast.Name("a", ast.Load()), ops=[op], comparators=[ast.Constant(k)])


def _assign(name, value):
    return ast.Assign(targets=[ast.Name(name, ast.Store())], value=ast.Constant(value))


def nested_ast(n):
    """gen_nested(n) as an AST, for depths the tokenizer refuses."""
    body = [_assign("a", n)]
    for k in reversed(range(n)):
        body = [ast.If(test=_compare(ast.Gt(), k), body=body, orelse=[])]
    return _function(body, "a")


def elif_ast(n):
    """gen_elif(n) as an AST, for chains the parser refuses."""
    orelse = [_assign("r", -1)]
    for k in reversed(range(n)):
        orelse = [ast.If(test=_compare(ast.Eq(), k), body=[_assign("r", k * 7)], orelse=orelse)]
    return _function(orelse, "r")


AST_GEN = {"nested": nested_ast, "elif": elif_ast}


def _function(body, result):
    mod = ast.parse("def f(a):\n    return %s\n" % result)
    mod.body[0].body[:0] = body
    # line numbers without ast.fix_missing_locations (it recurses in Python)
    for node in _walk_iter(mod):
        for attr in ("lineno", "end_lineno"):
            if attr in node._attributes and getattr(node, attr, None) is None:
                setattr(node, attr, 2)
        for attr in ("col_offset", "end_col_offset"):
            if attr in node._attributes and getattr(node, attr, None) is None:
                setattr(node, attr, 4)
    return mod


def _walk_iter(node):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(ast.iter_child_nodes(n))


def _in_big_thread(fn):
    """fn() on a thread with a 1 GiB stack and a high recursion limit."""
    box = {}

    def run():
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(10 ** 6)
        try:
            box["v"] = fn()
        except BaseException as e:  # noqa: B902 - what CPython refuses is recorded
            box["e"] = e
        finally:
            sys.setrecursionlimit(old)

    threading.stack_size(1 << 30)
    t = threading.Thread(target=run)
    t.start()
    t.join()
    threading.stack_size(0)
    if "e" in box:
        raise box["e"]
    return box["v"]


def _err(e):
    msg = str(e).splitlines()[0] if str(e) else ""
    return "%s: %s" % (type(e).__name__, msg[:120])


REFUSED = (SyntaxError, RecursionError, MemoryError, ValueError)
MAX_INDENT_DEPTH = 98  # the tokenizer's 100 levels, less the def's


def compile_series(series, n, plain_only=False):
    """(code, route, refusal of the plain source route or None).  Routes, in
    order: the source with compile() as it is; the source on a deep stack
    with a high recursion limit; an AST built directly (nested, elif)."""
    name = "<%s-%d>" % (series, n)
    if series == "nested" and n > MAX_INDENT_DEPTH + 2:
        src = None  # 4n^2/2 bytes of indentation, refused by the tokenizer anyway
        refusal = "IndentationError: too many levels of indentation (past %d nested blocks)" % (
            MAX_INDENT_DEPTH)
    else:
        src = GEN[series](n)
        try:
            return compile(src, name, "exec", dont_inherit=True), "source", None
        except REFUSED as e:
            refusal = _err(e)
    if plain_only:
        raise RuntimeError(refusal)
    errors = [refusal]
    if src is not None:
        try:
            code = _in_big_thread(lambda: compile(src, name, "exec", dont_inherit=True))
            return code, "source, deep stack", refusal
        except REFUSED as e:
            errors.append("with a deep stack: " + _err(e))
    if series in AST_GEN:
        try:
            code = _in_big_thread(lambda: compile(AST_GEN[series](n), name, "exec",
                                                  dont_inherit=True))
            return code, "ast", refusal
        except REFUSED as e:
            errors.append("from an AST: " + _err(e))
    raise RuntimeError("; ".join(errors))


def pyc_bytes(code):
    magic = importlib.util.MAGIC_NUMBER
    return magic + b"\0\0\0\0" + b"\0\0\0\0" + b"\0\0\0\0" + marshal.dumps(code)


def count_instructions(code):
    return sum(1 for c in [code] + list(common.walk(code)) for _ in dis.get_instructions(c))


def _compiles(series, n):
    try:
        compile_series(series, n, plain_only=True)
        return True
    except RuntimeError:
        return False


def largest(series, lo, hi):
    """Largest N in [lo, hi) that compiles, given lo compiles and hi does not."""
    while hi - lo > max(1, lo // 50):  # 2% resolution is enough
        mid = (lo + hi) // 2
        if _compiles(series, mid):
            lo = mid
        else:
            hi = mid
    return lo


def _compiles_at_all(series, n):
    try:
        compile_series(series, n)
        return True
    except RuntimeError:
        return False


def gen_row(args, series, n):
    row = {"n": n}
    try:
        t = time.perf_counter()
        code, route, refusal = compile_series(series, n)
        row["compile_s"] = time.perf_counter() - t
        row["route"] = route
        if refusal:
            row["source_refused"] = refusal
        data = pyc_bytes(code)
        path = os.path.join(args.dir, "%s-%d.pyc" % (series, n))
        with open(path, "wb") as f:
            f.write(data)
        row["pyc"] = path
        row["pyc_bytes"] = len(data)
        row["instructions"] = count_instructions(code)
    except RuntimeError as e:
        row["refused"] = str(e)
    return row


def cmd_gen(args):
    os.makedirs(args.dir, exist_ok=True)
    ns = [int(x) for x in args.ns.split(",")]
    manifest = {"version": "%d.%d" % sys.version_info[:2], "series": {}}
    empty = os.path.join(args.dir, "empty.pyc")  # the command line's own baseline
    with open(empty, "wb") as f:
        f.write(pyc_bytes(compile("", "<empty>", "exec", dont_inherit=True)))
    manifest["empty"] = empty
    for series in args.series.split(","):
        rows = [gen_row(args, series, n) for n in ns]
        entry = {"rows": rows}
        # the largest N whose source plain compile() takes
        plain_ok = [r["n"] for r in rows if "pyc" in r and not r.get("source_refused")]
        plain_bad = [r["n"] for r in rows if "refused" in r or r.get("source_refused")]
        if plain_ok and plain_bad and min(plain_bad) > max(plain_ok):
            entry["largest_source"] = largest(series, max(plain_ok), min(plain_bad))
        # as deep as CPython compiles at all: one more row at the largest N
        done = [r["n"] for r in rows if "pyc" in r]
        refused = [r["n"] for r in rows if "refused" in r]
        if done and refused and min(refused) > max(done):
            lo, hi = max(done), min(refused)
            while hi - lo > max(1, lo // 50):
                mid = (lo + hi) // 2
                if _compiles_at_all(series, mid):
                    lo = mid
                else:
                    hi = mid
            if lo > max(done):
                row = gen_row(args, series, lo)
                row["largest"] = True
                rows.append(row)
                rows.sort(key=lambda r: r["n"])
            entry["largest_any"] = lo
        manifest["series"][series] = entry
    with open(os.path.join(args.dir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)


def cmd_decompile(args):
    import depyf
    with open(args.pyc, "rb") as f:
        code = marshal.loads(f.read()[16:])
    if code.co_consts and not os.path.basename(args.pyc).startswith("module-"):
        code = [c for c in code.co_consts if hasattr(c, "co_code")][0]
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    times = []
    outcome = "ok"
    for rep in range(args.reps):
        t = time.perf_counter()
        try:
            depyf.decompile(code)
        except depyf.DecompilationError as e:
            outcome = "unrecovered: " + str(e).splitlines()[0][:200]
        except Exception as e:
            outcome = "error: " + _err(e)
        times.append(time.perf_counter() - t)
        if rep == 0:
            rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        if sum(times) > 2:
            break
    print(json.dumps({"outcome": outcome, "t": common.median(times), "t_min": min(times),
                      "runs": len(times),
                      "rss_before_kb": rss0, "rss_after_kb": rss1}))


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd")
    g = sub.add_parser("gen")
    g.add_argument("dir")
    g.add_argument("--ns", default="10,100,1000,3000,10000")
    g.add_argument("--series", default=",".join(SERIES))
    d = sub.add_parser("decompile")
    d.add_argument("pyc")
    d.add_argument("--reps", type=int, default=5)
    args = ap.parse_args()
    if args.cmd == "gen":
        cmd_gen(args)
    elif args.cmd == "decompile":
        cmd_decompile(args)
    else:
        ap.error("gen or decompile")


if __name__ == "__main__":
    main()
