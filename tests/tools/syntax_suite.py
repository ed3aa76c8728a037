#!/usr/bin/env python3
"""The syntax suite: decompile -> compile -> swap __code__ -> compare behaviour.

The corpus is tests/syntax/*.py (a package, so that relative imports work).
A file whose first line is `# min-version: 3.X` is only used from 3.X on.
Files whose name starts with `_` are helpers, not corpus.  In a corpus module
every module-level function named `test_*` is a test: it is called with each
entry of the module's INPUTS.get(name, [()]) (a tuple of positional
arguments, or a dict of keyword arguments); generators are drained,
coroutine functions run under asyncio.run, async generators are drained
under asyncio.run.

Two levels, run inside one interpreter (--inner) or driven for every
installed version from outside (the default):

(a) function level: while the tests run on the imported module, a profile
    hook records, for every function, method, nested function and lambda of
    the module, the function object and up to SAMPLES distinct calls (deep
    copies of the arguments and of the closure's cell contents, taken when the
    call starts).  For every function code object in the module (static walk;
    class bodies and comprehensions excluded, their code is part of their
    parent's), src = depyf.decompile(fn) (the code object where no call was
    seen); compile(src); take the code object of that name; and replay each
    recorded call twice from the same snapshot: once with the original code,
    once with types.FunctionType(code, fn.__globals__, name, fn.__defaults__,
    closure) (kwdefaults too; closure cells matched by name).  Return value,
    exception type and args, generator items, coroutine results must agree.
(b) module level: compile the module to .pyc, run the command line
    (env DEPYF, default build/depyf) on it, exec the output as a fresh module
    of the same name and compare every test's outcome with the original's.

--stand-in replaces depyf by ast.unparse(ast.parse(original source)) (3.9+;
3.8 reports n/a); at function level it prints the function's own def, with
the enclosing class (for name mangling and __class__) and a wrapper def that
defines its free variables, as the package is specified to do.  --mutate
MODULE:FUNCTION flips one operator in that function of the stand-in output,
to show that a wrong decompilation is reported as "differs".

    syntax_suite.py [--versions 3.9,3.13] [--modules expressions,...]
                    [--stand-in [--mutate expressions:test_arith]] [--json FILE]
Exit status 0 when everything decompiled, compiled back and behaved the same.
"""
import argparse
import ast
import asyncio
import copy
import gc
import importlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import types

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
ROOT = os.path.dirname(TESTS)
CORPUS = os.path.join(TESTS, "syntax")
PACKAGE = "syntax"

SAMPLES = 40           # distinct recorded calls replayed per function
MAX_ATTEMPTS = 400     # calls looked at per function while recording
MAX_ITEMS = 500        # items taken from one generator
CALL_TIMEOUT = 10      # seconds per replayed call
UNAVAILABLE = "n/a"

CO_NEWLOCALS = 0x2
CO_VARARGS = 0x4
CO_VARKEYWORDS = 0x8
CO_GENERATOR = 0x20
CO_COROUTINE = 0x80
CO_ITERABLE_COROUTINE = 0x100
CO_ASYNC_GENERATOR = 0x200
COMPREHENSIONS = ("<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>")


def depyf_cli():
    return os.environ.get("DEPYF") or os.path.join(ROOT, "build", "depyf")


def corpus_files():
    """[(stem, path, min_version tuple)] of every corpus module, sorted."""
    out = []
    for name in sorted(os.listdir(CORPUS)):
        if not name.endswith(".py") or name.startswith("_"):
            continue
        path = os.path.join(CORPUS, name)
        with open(path, encoding="utf-8") as f:
            first = f.readline()
        m = re.match(r"#\s*min-version:\s*3\.(\d+)", first)
        out.append((name[:-3], path, (3, int(m.group(1))) if m else (3, 8)))
    return out


# ---------------------------------------------------------------- outcomes

class CallTimeout(BaseException):
    """Raised by the alarm in a call that ran longer than CALL_TIMEOUT."""


def _alarm(signum, frame):
    raise CallTimeout()


def normalize(x, depth=0, path=None):
    """A plain, comparable picture of a value: no addresses, sets sorted,
    objects by class name and attributes."""
    if path is None:
        path = set()
    if depth > 20:
        return ("<deep>",)
    t = type(x)
    if x is None or t in (bool, int, str, bytes):
        return x
    if t in (float, complex):
        return (t.__name__, repr(x))
    if t is bytearray:
        return ("bytearray", bytes(x))
    if id(x) in path:
        return ("<cycle>",)
    path = path | {id(x)}
    n = lambda v: normalize(v, depth + 1, path)  # noqa: E731
    if t in (list, tuple):
        return (t.__name__, [n(i) for i in x])
    if t in (set, frozenset):
        return (t.__name__, sorted((n(i) for i in x), key=repr))
    if t is dict:
        return ("dict", [(n(k), n(v)) for k, v in x.items()])
    if isinstance(x, BaseException):
        return ("exception", t.__name__, n(x.args))
    if isinstance(x, (types.FunctionType, types.BuiltinFunctionType, types.MethodType)):
        return ("function", getattr(x, "__name__", "?"))
    if isinstance(x, (types.GeneratorType, types.CoroutineType, types.AsyncGeneratorType)):
        return (t.__name__,)
    if isinstance(x, type):
        return ("class", x.__name__)
    if isinstance(x, types.ModuleType):
        return ("module", x.__name__)
    if isinstance(x, (range, slice)):
        return ("repr", repr(x))
    try:
        state = vars(x)
    except TypeError:
        state = None
    if state is not None and not isinstance(x, type):
        slots = {}
        for k in type(x).__mro__:
            for s in getattr(k, "__slots__", ()) if isinstance(getattr(k, "__slots__", ()), (tuple, list)) else ():
                if hasattr(x, s):
                    slots[s] = getattr(x, s)
        return ("object", t.__name__, n(dict(state)), n(slots))
    slots = {}
    for k in t.__mro__:
        sl = getattr(k, "__slots__", ())
        if isinstance(sl, str):
            sl = (sl,)
        for s in sl:
            if hasattr(x, s):
                slots[s] = getattr(x, s)
    if slots:
        return ("object", t.__name__, n(slots))
    return ("repr", t.__name__, re.sub(r" at 0x[0-9a-fA-F]+", "", repr(x)))


def _drain_async_gen(agen):
    async def run():
        items = []
        try:
            async for item in agen:
                items.append(normalize(item))
                if len(items) >= MAX_ITEMS:
                    return items, ("stopped",)
        except Exception as e:
            return items, ("raise", normalize(e))
        return items, ("end",)
    return run()


def outcome(fn, args, kwargs):
    """Call fn and describe what happened, generators and coroutines included."""
    flags = fn.__code__.co_flags
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, CALL_TIMEOUT)
    try:
        try:
            if flags & CO_ASYNC_GENERATOR:
                items, end = asyncio.run(_drain_async_gen(fn(*args, **kwargs)))
                return ("async generator", items, end)
            if flags & CO_COROUTINE:
                return ("coroutine", "return", normalize(asyncio.run(fn(*args, **kwargs))))
            if flags & CO_GENERATOR:
                gen = fn(*args, **kwargs)
                items = []
                while True:
                    try:
                        items.append(normalize(next(gen)))
                    except StopIteration as e:
                        return ("generator", items, ("return", normalize(e.value)))
                    except Exception as e:
                        return ("generator", items, ("raise", normalize(e)))
                    if len(items) >= MAX_ITEMS:
                        gen.close()
                        return ("generator", items, ("stopped",))
            return ("return", normalize(fn(*args, **kwargs)))
        except CallTimeout:
            return ("timeout",)
        except RecursionError:
            return ("raise", ("exception", "RecursionError"))
        except Exception as e:
            return ("raise", normalize(e))
    except CallTimeout:
        return ("timeout",)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def short(x, n=300):
    s = repr(x)
    return s if len(s) <= n else s[:n] + "..."


def first_difference(a, b):
    """Where two outcomes part, for the report."""
    if type(a) != type(b) or not isinstance(a, (tuple, list)) or len(a) != len(b):
        return "%s != %s" % (short(a), short(b))
    for x, y in zip(a, b):
        if x != y:
            return first_difference(x, y)
    return "%s != %s" % (short(a), short(b))


# ---------------------------------------------------------------- modules

def test_functions(mod):
    inputs = getattr(mod, "INPUTS", {})
    tests = []
    for name, value in list(vars(mod).items()):
        if name.startswith("test_") and isinstance(value, types.FunctionType):
            for entry in inputs.get(name, [()]):
                if isinstance(entry, dict):
                    tests.append((name, (), entry))
                else:
                    tests.append((name, tuple(entry), {}))
    return tests


def run_tests(mod):
    """{test label: outcome} for every test of a module object."""
    results = {}
    for name, args, kwargs in test_functions(mod):
        label = name if not args and not kwargs else "%s%s" % (name, short(args or kwargs, 60))
        results[label] = outcome(getattr(mod, name), args, kwargs)
    return results


def fresh_module(stem, path, code):
    """Execute code as the module syntax.<stem> (registered while it runs)."""
    name = "%s.%s" % (PACKAGE, stem)
    mod = types.ModuleType(name)
    mod.__file__ = path
    mod.__package__ = PACKAGE
    mod.__builtins__ = __builtins__
    sys.modules[name] = mod
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, CALL_TIMEOUT)
    try:
        exec(code, mod.__dict__)
    except CallTimeout:
        raise RuntimeError("executing the module body took over %ds" % CALL_TIMEOUT)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    return mod


# ---------------------------------------------------------------- recording

def _first_start(frame):
    """True at the start of a call, False when a generator/coroutine resumes."""
    co = frame.f_code
    if not co.co_flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR | CO_ITERABLE_COROUTINE):
        return True
    if sys.version_info < (3, 11):
        return frame.f_lasti == -1
    i = frame.f_lasti
    return co.co_code[i] == _RESUME and co.co_code[i + 1] == 0


_RESUME = __import__("dis").opmap.get("RESUME", -1)


def code_key(co):
    return (co.co_name, co.co_firstlineno, co.co_code)


class Recorder:
    """Profile hook: the function object and sample calls of each code object
    of one file."""

    def __init__(self, filename):
        self.filename = filename
        self.samples = {}     # key -> list of (fn, snapshot)
        self.seen_keys = {}   # key -> set of reprs
        self.attempts = {}
        self.functions = {}   # key -> a function object

    def hook(self, frame, event, arg):
        if event != "call":
            return
        co = frame.f_code
        if co.co_filename != self.filename or not co.co_flags & CO_NEWLOCALS:
            return
        key = code_key(co)
        n = self.attempts.get(key, 0)
        if n >= MAX_ATTEMPTS or len(self.samples.get(key, ())) >= SAMPLES:
            return
        if not _first_start(frame):
            return
        self.attempts[key] = n + 1
        fn = self.functions.get(key)
        cands = [f for f in gc.get_referrers(co)
                 if isinstance(f, types.FunctionType) and f.__code__ is co]
        if not cands:
            return
        if fn is None or fn not in cands:
            fn = cands[0]
            if len(cands) > 1 and co.co_freevars:
                loc = frame.f_locals
                for f in cands:
                    try:
                        if all(loc.get(v, _MISSING) is c.cell_contents
                               for v, c in zip(co.co_freevars, f.__closure__ or ())):
                            fn = f
                            break
                    except ValueError:
                        continue
            self.functions.setdefault(key, fn)
        try:
            snap = snapshot(frame, fn)
            text = repr(normalize(snap))
        except Exception:
            return
        seen = self.seen_keys.setdefault(key, set())
        if text in seen:
            return
        seen.add(text)
        self.samples.setdefault(key, []).append((fn, snap))


_MISSING = object()


def snapshot(frame, fn):
    """(args, kwargs, {freevar: value}) of a call that is starting, deep-copied."""
    co = frame.f_code
    loc = dict(frame.f_locals)
    names = co.co_varnames
    npos, nkw = co.co_argcount, co.co_kwonlyargcount
    args = [loc[v] for v in names[:npos]]
    kwargs = {v: loc[v] for v in names[npos:npos + nkw]}
    i = npos + nkw
    if co.co_flags & CO_VARARGS:
        args += list(loc[names[i]])
        i += 1
    if co.co_flags & CO_VARKEYWORDS:
        kwargs.update(loc[names[i]])
    cells = {}
    for v, c in zip(co.co_freevars, fn.__closure__ or ()):
        try:
            cells[v] = c.cell_contents
        except ValueError:
            pass
    return copy.deepcopy((tuple(args), kwargs, cells, fn.__defaults__, fn.__kwdefaults__))


def snapshot_globals(g):
    return {k: (copy.deepcopy(v) if type(v) in (list, dict, set) else v) for k, v in g.items()}


def restore_globals(g, saved):
    g.clear()
    g.update({k: (copy.deepcopy(v) if type(v) in (list, dict, set) else v)
              for k, v in saved.items()})


def replay(code, fn, snap, cell_names):
    """Outcome of `code` run as fn would, from a fresh copy of the snapshot."""
    args, kwargs, cells, defaults, kwdefaults = copy.deepcopy(snap)
    closure = []
    for v in code.co_freevars:
        if v in cells:
            closure.append(types.CellType(cells[v]) if hasattr(types, "CellType")
                           else _make_cell(cells[v]))
        elif v in cell_names:
            closure.append(_empty_cell())
        else:
            return ("free variable %r not in the original" % v,)
    new = types.FunctionType(code, fn.__globals__, fn.__name__, defaults,
                             tuple(closure) or None)
    new.__kwdefaults__ = kwdefaults
    result = outcome(new, args, kwargs)
    try:
        after = normalize((args, kwargs))
    except Exception as e:
        after = ("unrepresentable", type(e).__name__)
    return result + (("arguments after the call", after),)


def _make_cell(value):
    return (lambda: value).__closure__[0]


def _empty_cell():
    if False:
        value = None
    return (lambda: value).__closure__[0]  # noqa: F821


# ---------------------------------------------------------------- stand-in

FLIP = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add, ast.Div: ast.Mult,
        ast.FloorDiv: ast.Mult, ast.Mod: ast.Add, ast.Pow: ast.Mult,
        ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd, ast.BitXor: ast.BitOr,
        ast.LShift: ast.RShift, ast.RShift: ast.LShift, ast.MatMult: ast.Mult,
        ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE, ast.LtE: ast.Gt,
        ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
        ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.And: ast.Or, ast.Or: ast.And}


def flip_one_operator(node):
    """Flip the first binary operator, else comparison, else and/or under node."""
    for kind, attr in ((ast.BinOp, "op"), (ast.AugAssign, "op"), (ast.Compare, "ops"),
                       (ast.BoolOp, "op")):
        for n in ast.walk(node):
            if isinstance(n, kind):
                if attr == "ops":
                    n.ops[0] = FLIP[type(n.ops[0])]()
                else:
                    n.op = FLIP[type(n.op)]()
                return True
    return False


class StandIn:
    """ast.unparse of the original source, shaped like depyf's output."""

    def __init__(self, path, mutate=None):
        with open(path, encoding="utf-8") as f:
            self.source = f.read()
        self.tree = ast.parse(self.source, path)
        self.parents = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
        self.mutated = False
        if mutate:
            node = self.tree
            for part in mutate.split("."):
                node = next((n for n in ast.walk(node) if n is not node and isinstance(
                    n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.name == part),
                    None)
                if node is None:
                    raise SystemExit("--mutate: no def or class %s" % mutate)
            self.mutated = flip_one_operator(node)
            if not self.mutated:
                raise SystemExit("--mutate: no operator to flip in %s" % mutate)

    def module(self):
        return ast.unparse(self.tree) + "\n"

    def find(self, co):
        want = co.co_name
        for node in ast.walk(self.tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == want:
                lines = {node.lineno} | {d.lineno for d in node.decorator_list}
                if co.co_firstlineno in lines:
                    return node
            elif isinstance(node, ast.Lambda) and want == "<lambda>" \
                    and node.lineno == co.co_firstlineno:
                a = node.args
                names = [x.arg for x in getattr(a, "posonlyargs", []) + a.args + a.kwonlyargs]
                nargs = co.co_argcount + co.co_kwonlyargcount
                if names == list(co.co_varnames[:nargs]):
                    return node
        return None

    def function(self, co):
        node = self.find(co)
        if node is None:
            raise LookupError("stand-in: no def for %s at line %d" % (co.co_name, co.co_firstlineno))
        node = copy.deepcopy(node)
        if isinstance(node, ast.Lambda):
            body = "__lambda__ = " + ast.unparse(node)
        else:
            node.decorator_list = []
            body = ast.unparse(node)
        orig = self.find(co)
        cls = None
        p = self.parents.get(orig)
        while p is not None:
            if isinstance(p, ast.ClassDef):
                cls = p.name
                break
            p = self.parents.get(p)
        if cls is not None:
            body = "class %s:\n%s" % (cls, _indent(body))
        free = [v for v in co.co_freevars if v != "__class__"]
        if free:
            body = "def __depyf_closure__():\n%s\n%s" % (
                _indent("\n".join("%s = None" % v for v in free)), _indent(body))
        return body + "\n"


def _indent(text):
    return "\n".join("    " + line if line else line for line in text.split("\n"))


# ---------------------------------------------------------------- one module

def source_functions(tree):
    """(name, line) of every def and lambda of a module's syntax tree; a
    decorated def is listed under each decorator's line too (co_firstlineno
    is the first decorator's line)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.add((node.name, node.lineno))
            for d in node.decorator_list:
                found.add((node.name, d.lineno))
        elif isinstance(node, ast.Lambda):
            found.add(("<lambda>", node.lineno))
    return found


def walk_functions(code, defs, qual="", parent_is_function=False, out=None):
    """Every function code object under a module code object that the source
    writes as a def or lambda, with qualnames.  Left out: class bodies,
    comprehensions and the scopes the compiler makes on its own (PEP 695
    annotation scopes, type alias values, TypeVar bounds); their code is
    checked as part of their parent's."""
    if out is None:
        out = []
    for c in code.co_consts:
        if not isinstance(c, types.CodeType):
            continue
        name = c.co_name
        q = (qual + (".<locals>." if parent_is_function else ".") + name) if qual else name
        is_function = bool(c.co_flags & CO_NEWLOCALS)
        if is_function and (name, c.co_firstlineno) in defs:
            out.append((getattr(c, "co_qualname", q), c))
        walk_functions(c, defs, q, is_function, out)
    return out


def find_code(code, name, like):
    """The code object called name in code's tree, shallowest first; among
    those of equal depth the one with like's signature."""
    level = [code]
    while level:
        found = [c for c in level if c.co_name == name and c is not code]
        if found:
            sig = lambda c: (c.co_argcount, c.co_kwonlyargcount,  # noqa: E731
                             c.co_flags & (CO_VARARGS | CO_VARKEYWORDS))
            for c in found:
                if sig(c) == sig(like):
                    return c
            return found[0]
        level = [c for x in level for c in x.co_consts if isinstance(c, types.CodeType)]
    return None


def function_level(stem, path, stand_in, report):
    """Import the module and run its tests under the recorder (import time
    included: decorators, metaclasses), then check every function."""
    rec = Recorder(path)
    sys.setprofile(rec.hook)
    try:
        mod = importlib.import_module("%s.%s" % (PACKAGE, stem))
        saved = snapshot_globals(mod.__dict__)
        run_tests(mod)
    finally:
        sys.setprofile(None)
    restore_globals(mod.__dict__, saved)
    with open(path, encoding="utf-8") as f:
        source = f.read()
    module_code = compile(source, mod.__file__, "exec")
    funcs = walk_functions(module_code, source_functions(ast.parse(source)))
    entries = []
    for qual, co in funcs:
        key = code_key(co)
        samples = rec.samples.get(key, [])
        fn = rec.functions.get(key)
        e = {"name": qual, "line": co.co_firstlineno, "calls": len(samples)}
        entries.append(e)
        try:
            if stand_in is not None:
                src = stand_in.function(co)
            else:
                import depyf
                src = depyf.decompile(fn if fn is not None else co)
        except Exception as ex:
            e["status"] = "decompile failed"
            e["detail"] = "%s: %s" % (type(ex).__name__, ex)
            continue
        e["decompiled"] = True
        try:
            new_module = compile(src, "<decompiled %s>" % qual, "exec")
        except SyntaxError as ex:
            e["status"] = "compile failed"
            e["detail"] = "%s (line %s of the output)\n%s" % (ex.msg, ex.lineno, src[:2000])
            continue
        new = find_code(new_module, co.co_name, co)
        if new is None:
            e["status"] = "compile failed"
            e["detail"] = "no code object named %r in the output\n%s" % (co.co_name, src[:2000])
            continue
        e["compiled"] = True
        if not samples:
            e["status"] = "not exercised" if not rec.attempts.get(key) else "not replayable"
            continue
        cell_names = set(co.co_freevars)
        for fn0, snap in samples:
            saved = snapshot_globals(fn0.__globals__)
            a = replay(fn0.__code__, fn0, snap, cell_names)
            restore_globals(fn0.__globals__, saved)
            b = replay(new, fn0, snap, cell_names)
            restore_globals(fn0.__globals__, saved)
            if a != b:
                e["status"] = "differs"
                e["detail"] = "args %s: %s" % (short(snap[:2], 200), first_difference(a, b))
                break
        else:
            e["status"] = "same"
    report["functions"] = entries


def module_level(stem, path, stand_in, report):
    m = report["module"] = {}
    with open(path, encoding="utf-8") as f:
        source = f.read()
    orig = fresh_module(stem, path, compile(source, path, "exec"))
    expected = run_tests(orig)
    if stand_in is not None:
        src = stand_in.module()
    else:
        import py_compile
        tmp = tempfile.mkdtemp(prefix="syntax-suite-")
        pyc = os.path.join(tmp, stem + ".pyc")
        try:
            py_compile.compile(path, cfile=pyc, dfile=path, doraise=True)
            try:
                r = subprocess.run([depyf_cli(), pyc], capture_output=True, timeout=120)
            except (OSError, subprocess.TimeoutExpired) as ex:
                m["status"] = "decompile failed"
                m["detail"] = "%s: %s" % (type(ex).__name__, ex)
                return
        finally:
            for x in os.listdir(tmp):
                os.unlink(os.path.join(tmp, x))
            os.rmdir(tmp)
        if r.returncode != 0:
            m["status"] = "decompile failed"
            m["detail"] = "exit %d: %s" % (r.returncode, r.stderr.decode("utf-8", "replace").strip()[:500])
            return
        src = r.stdout.decode("utf-8", "replace")
    m["decompiled"] = True
    try:
        code = compile(src, path + " (decompiled)", "exec")
    except SyntaxError as ex:
        m["status"] = "compile failed"
        m["detail"] = "%s (line %s of the output)" % (ex.msg, ex.lineno)
        return
    m["compiled"] = True
    try:
        new = fresh_module(stem, path, code)
    except Exception as ex:
        m["status"] = "differs"
        m["detail"] = "executing the module raised %s: %s" % (type(ex).__name__, ex)
        m["tests"] = len(expected)
        m["differs"] = sorted(expected)
        return
    got = run_tests(new)
    differs = []
    details = {}
    for label, out in expected.items():
        if got.get(label) != out:
            differs.append(label)
            details[label] = first_difference(out, got.get(label))
    m["tests"] = len(expected)
    m["differs"] = differs
    m["details"] = details
    m["status"] = "same" if not differs else "differs"


def inner(args):
    sys.path.insert(0, TESTS)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 3000))
    vi = sys.version_info[:2]
    wanted = set(args.modules.split(",")) if args.modules else None
    mutate_mod, mutate_fn = (args.mutate.split(":", 1) + [None])[:2] if args.mutate else (None, None)
    reports = []
    for stem, path, minv in corpus_files():
        if wanted and stem not in wanted:
            continue
        rep = {"name": stem, "version": "%d.%d" % vi}
        reports.append(rep)
        if args.out:   # what is done so far, in case this module kills the process
            rep["status"] = "crashed"
            rep["why"] = "the runner process died while checking this module"
            with open(args.out, "w") as f:
                json.dump(reports, f)
        if vi < minv:
            rep["status"] = UNAVAILABLE
            rep["why"] = "needs %d.%d" % minv
            continue
        if args.stand_in and not hasattr(ast, "unparse"):
            rep["status"] = UNAVAILABLE
            rep["why"] = "the stand-in needs ast.unparse (3.9+)"
            continue
        t0 = time.time()
        stand_in = None
        if args.stand_in:
            stand_in = StandIn(path, mutate_fn if stem == mutate_mod else None)
        try:
            function_level(stem, path, stand_in, rep)
        except Exception as ex:
            rep["status"] = "corpus broken"
            rep["why"] = "running the original raised %s: %s" % (type(ex).__name__, ex)
            continue
        module_level(stem, path, stand_in, rep)
        rep["status"] = "done"
        rep["seconds"] = round(time.time() - t0, 2)
    return reports


# ---------------------------------------------------------------- driver

def summarize(rep):
    """(ok, one line, detail lines) for one module report."""
    if rep["status"] != "done":
        ok = rep["status"] == UNAVAILABLE
        return ok, "%-22s %s (%s)" % (rep["name"], rep["status"], rep.get("why", "")), []
    fs = rep["functions"]
    nd = sum(1 for e in fs if e.get("decompiled"))
    nc = sum(1 for e in fs if e.get("compiled"))
    same = sum(1 for e in fs if e.get("status") == "same")
    unexercised = [e["name"] for e in fs if e.get("status") == "not exercised"]
    unreplayable = [e["name"] for e in fs if e.get("status") == "not replayable"]
    bad = [e for e in fs if e.get("status") not in ("same", "not exercised", "not replayable")]
    m = rep["module"]
    mline = "module: %s" % m.get("status")
    if m.get("status") in ("same", "differs"):
        mline = "module: %d/%d tests same" % (m["tests"] - len(m["differs"]), m["tests"])
    differs = sum(1 for e in bad if e.get("status") == "differs")
    line = ("%-22s functions %3d: decompiled %3d, compiled back %3d, same %3d, differs %d, "
            "not compared %d; %s; %.1fs") % (
        rep["name"], len(fs), nd, nc, same, differs, len(unexercised) + len(unreplayable),
        mline, rep.get("seconds", 0))
    details = []
    for e in bad:
        details.append("  %s %s: %s" % (e["status"], e["name"], (e.get("detail") or "").split("\n")[0][:300]))
    if unexercised:
        details.append("  not exercised: " + ", ".join(unexercised))
    if unreplayable:
        details.append("  not replayable (arguments cannot be deep-copied): " + ", ".join(unreplayable))
    if m.get("status") != "same":
        if m.get("differs"):
            for label in m["differs"]:
                details.append("  module test differs %s: %s" % (label, m.get("details", {}).get(label, "")[:300]))
        else:
            details.append("  module %s: %s" % (m.get("status"), (m.get("detail") or "")[:300]))
    ok = not bad and m.get("status") == "same"
    return ok, line, details


def run_version(version, args):
    py = __import__("corpus").interpreter(version)
    fd, out = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    cmd = [py, os.path.abspath(__file__), "--inner", "--out", out]
    if args.stand_in:
        cmd.append("--stand-in")
    if args.mutate:
        cmd += ["--mutate", args.mutate]
    if args.modules:
        cmd += ["--modules", args.modules]
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTHONPATH", None)
    t0 = time.time()
    crash = None
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout, env=env)
        if r.returncode != 0:
            crash = "exit %d: %s" % (r.returncode, (r.stderr or r.stdout)[-2000:])
    except subprocess.TimeoutExpired:
        crash = "timed out after %ds" % args.timeout
    try:
        with open(out) as f:
            reports = json.load(f)
    except (OSError, ValueError):
        reports = []
    os.unlink(out)
    if crash and reports and reports[-1].get("status") == "crashed":
        reports[-1]["why"] = "the runner died here: " + crash[-500:]
    if crash:
        wanted = set(args.modules.split(",")) if args.modules else None
        done = {r["name"] for r in reports}
        for stem, _path, _minv in corpus_files():
            if stem not in done and (not wanted or stem in wanted):
                reports.append({"name": stem, "version": version, "status": "not reached",
                                "why": "the runner stopped before this module"})
    return {"version": version, "reports": reports, "crash": crash,
            "seconds": round(time.time() - t0, 1)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--versions", help="comma list (default: all installed)")
    ap.add_argument("--modules", help="comma list of corpus modules (default: all)")
    ap.add_argument("--stand-in", action="store_true",
                    help="ast.unparse(ast.parse(source)) instead of depyf (3.9+)")
    ap.add_argument("--mutate", metavar="MODULE:FUNCTION",
                    help="with --stand-in: flip one operator in that function")
    ap.add_argument("--json", help="write the full report here")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per version")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--out", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.mutate and not args.stand_in:
        ap.error("--mutate needs --stand-in")
    if args.inner:
        reports = inner(args)
        with open(args.out, "w") as f:
            json.dump(reports, f)
        return 0
    sys.path.insert(0, HERE)
    import corpus
    versions = args.versions.split(",") if args.versions else corpus.available_versions()
    results = []
    failed = 0
    for v in versions:
        if not corpus.interpreter(v):
            print("%s: no interpreter" % v)
            failed += 1
            continue
        res = run_version(v, args)
        results.append(res)
        print("== Python %s (%.1fs)%s" % (v, res["seconds"], " [stand-in]" if args.stand_in else ""))
        if res["crash"]:
            print("  runner failed: " + res["crash"])
            failed += 1
        for rep in res["reports"]:
            ok, line, details = summarize(rep)
            print(("   " if ok else " ! ") + line)
            for d in details:
                print("   " + d)
            failed += not ok
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    print("%d module runs not the same or not recovered" % failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
