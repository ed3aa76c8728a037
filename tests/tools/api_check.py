"""Checks of the depyf package's Python API, run inside one interpreter.

    python3.X tests/tools/api_check.py model < list-of-.py-files
    python3.X tests/tools/api_check.py checks [NAME ...]

`model`: for every code object (nested ones included, each on its own) of
the listed stdlib files compiled by this interpreter, of the functions of
the modules this interpreter has loaded from .pyc files, and of hand-made
constants, the code model the extension builds from the live object must
equal the one the core's marshal reader builds from marshal.dumps(code).
Prints one JSON object with the counts and the first differences.

`checks`: runs the named checks (all by default) and prints one JSON object
{name: "ok" or the failure's traceback}.  CHECKS lists the checks that do
not need the decompiler to produce source; DECOMPILER_CHECKS the ones that
do (round trips of simple functions, the accepted kinds giving the same
source, opaque constants bound back, partial output).

Used by tests/test_api.py for each of Python 3.8-3.13; plain Python that
every one of them runs.
"""
import dis
import functools
import json
import marshal
import random
import sys
import threading
import traceback
import types

try:
    import depyf
    import depyf._core as core
    from depyf import _decompile
except ImportError:  # imported by tests/test_api.py for the names of the checks
    depyf = core = _decompile = None

VERSION = sys.version_info[:2]


# ---- model equality -------------------------------------------------------

def all_code(code):
    """code and every code object among its constants, recursively."""
    stack = [code]
    while stack:
        c = stack.pop()
        yield c
        stack.extend(k for k in c.co_consts if isinstance(k, types.CodeType))


def _const_code(value):
    return (lambda: None).__code__.replace(co_consts=(None, value))


def handmade_constants():
    """Constants of every kind the model has, at the boundaries of marshal's
    encodings (TYPE_INT vs TYPE_LONG, short vs long strings, ...)."""
    ints = [0, 1, -1, 2**31 - 1, -2**31, 2**31, -2**31 - 1, 2**60 - 1, 2**60, -2**60,
            2**63, -2**63, 2**75 + 12345, -(10**100), 10**400]
    floats = [0.0, -0.0, 1.5, float("inf"), float("-inf"), float("nan"), 5e-324]
    complexes = [0j, complex(-0.0, -0.0), complex(1.5, float("nan")), 1e300j]
    strs = ["", "a", "a" * 300, "\xe9", "\u20ac" * 300, "\ud800", "x\udfffy", "\U0001f600",
            "".join(["dyn", "amic"])]
    bytes_ = [b"", b"\x00\xff", b"z" * 300]
    nested = ((1, (2, (3, ()))), ("a", b"b", None, True, False, ...))
    sets = [frozenset(), frozenset({1, "a", (1, 2), None, 2.5, b"x", frozenset({1})}),
            frozenset(str(i) * 3 for i in range(40)),
            frozenset([tuple([1000000]), None]),          # items only the set holds
            frozenset([int("100000"), "".join(["r", "c"]), float("nan"), float("nan")])]
    code = [compile("def f(x):\n    return [x for x in x]\n", "<h>", "exec")]
    values = ints + floats + complexes + strs + bytes_ + list(nested) + sets + code
    values += [StopIteration, tuple(values)]
    return [_const_code(v) for v in values]


def runtime_code(limit):
    """Code objects of functions and methods of the loaded modules (these
    came from .pyc files, so their strings are interned differently)."""
    found = []
    for name in sorted(sys.modules):
        module = sys.modules[name]
        for value in list(vars(module).values()) if hasattr(module, "__dict__") else []:
            targets = [value]
            if isinstance(value, type):
                targets = list(vars(value).values())
            for t in targets:
                code = getattr(t, "__code__", None)
                if isinstance(code, types.CodeType):
                    found.append(code)
                    if len(found) >= limit:
                        return found
    return found


def model_check(paths):
    import ast  # noqa: F401  (loads more modules for runtime_code)
    import email.parser  # noqa: F401
    import json.decoder  # noqa: F401
    result = {"version": "%d.%d" % VERSION, "modules": 0, "not_compiled": 0,
              "code_objects": 0, "equal": 0, "runtime_code_objects": 0, "runtime_equal": 0,
              "handmade": 0, "handmade_equal": 0, "differences": []}

    def check(code, counted, equal):
        result[counted] += 1
        why = core._model_diff(code)
        if why is None:
            result[equal] += 1
        elif len(result["differences"]) < 10:
            result["differences"].append("%s %s: %s" % (code.co_filename, code.co_name, why))

    for path in paths:
        try:
            with open(path, "rb") as f:
                module = compile(f.read(), path, "exec", dont_inherit=True)
        except (SyntaxError, ValueError, UnicodeDecodeError):
            result["not_compiled"] += 1
            continue
        result["modules"] += 1
        for code in all_code(module):
            check(code, "code_objects", "equal")
    for code in runtime_code(3000):
        check(code, "runtime_code_objects", "runtime_equal")
    for code in handmade_constants():
        check(code, "handmade", "handmade_equal")
    return result


# ---- checks that do not need the decompiler -----------------------------

CHECKS = []
DECOMPILER_CHECKS = []


def check(func):
    CHECKS.append(func.__name__)
    return func


def needs_decompiler(func):
    DECOMPILER_CHECKS.append(func.__name__)
    return func


def sample(a, b=2, *args, k=3, **kw):
    """A function to decompile."""
    total = a
    for x in args:
        total += x * b
    return total + k


def decorator(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)
    return wrapper


class Holder:
    def method(self, x):
        return self, x

    @classmethod
    def cmethod(cls, x):
        return cls, x

    @staticmethod
    def smethod(x):
        return x

    @decorator
    def wrapped_method(self, x):
        return x + 1


def generator(n):
    yield from range(n)


async def coroutine(x):
    return x


async def async_generator(x):
    yield x


def kinds():
    """(description, object, the code object it must resolve to)."""
    frame = sys._getframe()
    gen, coro, agen = generator(1), coroutine(1), async_generator(1)
    lam = lambda q: q  # noqa: E731
    objs = [
        ("code", sample.__code__, sample.__code__),
        ("function", sample, sample.__code__),
        ("lambda", lam, lam.__code__),
        ("bound method", Holder().method, Holder.method.__code__),
        ("unbound method", Holder.method, Holder.method.__code__),
        ("classmethod, bound", Holder.cmethod, Holder.__dict__["cmethod"].__func__.__code__),
        ("classmethod object", Holder.__dict__["cmethod"],
         Holder.__dict__["cmethod"].__func__.__code__),
        ("staticmethod object", Holder.__dict__["smethod"], Holder.smethod.__code__),
        ("partial", functools.partial(sample, 1), sample.__code__),
        ("partial of partial", functools.partial(functools.partial(sample, 1), 2),
         sample.__code__),
        ("partialmethod", functools.partialmethod(Holder.method, 1), Holder.method.__code__),
        ("__wrapped__", decorator(sample), sample.__code__),
        ("wrapped twice", decorator(decorator(sample)), sample.__code__),
        ("method of a wrapped function", Holder().wrapped_method,
         Holder.wrapped_method.__wrapped__.__code__),
        ("generator", gen, generator.__code__),
        ("coroutine", coro, coroutine.__code__),
        ("async generator", agen, async_generator.__code__),
        ("frame", frame, kinds.__code__),
    ]
    coro.close()
    return objs


@check
def accepted_kinds():
    for what, obj, code in kinds():
        got = _decompile.code_of(obj)
        assert got is code, "%s: resolved to %r, not %r" % (what, got, code)


@check
def wrong_kinds_raise_type_error():
    for obj in [5, "def f(): pass", b"", None, len, [].append, object(), int,
                types.SimpleNamespace(__code__="no")]:
        for call in (depyf.decompile, depyf.Decompiler,
                     _decompile.decompile_with_bindings):
            try:
                call(obj)
            except TypeError:
                pass
            else:
                raise AssertionError("%s(%r) did not raise TypeError" % (call.__name__, obj))


@check
def wrapper_loop_raises_value_error():
    def f():
        pass
    f.__wrapped__ = f
    try:
        depyf.decompile(f)
    except ValueError as e:
        assert "loop" in str(e), e
    else:
        raise AssertionError("a __wrapped__ loop was accepted")


def _expect_value_error(call, code, contains):
    try:
        call(code)
    except ValueError as e:
        assert contains in str(e), "%r does not mention %r" % (str(e), contains)
        return
    raise AssertionError("%s accepted a bad code object" % call.__name__)


def hostile_codes():
    """(what, code object, what the error must mention): code objects that
    CPython's constructor accepts but the model rejects."""
    base = sample.__code__
    cases = [("empty bytecode", base.replace(co_code=b""), "bytecode length")]
    if VERSION <= (3, 10):
        cases.append(("odd bytecode", base.replace(co_code=base.co_code + b"\x00"),
                      "bytecode length"))
        cases.append(("co_nlocals", base.replace(co_nlocals=base.co_nlocals + 1), "co_nlocals"))
    return cases


@check
def hostile_code_objects_raise_value_error():
    for what, code, contains in hostile_codes():
        for call in (depyf.decompile, core.disassemble_code, core._model_diff):
            _expect_value_error(call, code, contains)
        try:
            depyf.decompile(code, partial=True)
        except ValueError:
            pass
        else:
            raise AssertionError("partial=True accepted " + what)


def _nested_tuple(depth):
    t = ()
    for _ in range(depth - 1):
        t = (t,)
    return t


@check
def nesting_limit_is_marshal_limit():
    # The code object is level 1, its co_consts level 2, a constant level 3.
    seen = set()
    for depth in range(1990, 2003):
        code = _const_code(_nested_tuple(depth))
        try:
            marshal.dumps(code)
            marshal_ok = True
        except ValueError:
            marshal_ok = False
        seen.add(marshal_ok)
        if marshal_ok:
            why = core._model_diff(code)
            assert why is None, "depth %d: %s" % (depth, why)
            core.disassemble_code(_const_code(1).replace(co_consts=code.co_consts))
        else:
            for call in (core._model_diff, depyf.decompile, core.disassemble_code):
                _expect_value_error(call, code, "nested deeper")
    assert seen == {True, False}, "the range did not cross marshal's limit"
    # Well beyond the limit: still a clean error.  (Much deeper nesting
    # crashes CPython's own code constructor before we see it.)
    _expect_value_error(depyf.decompile, _const_code(_nested_tuple(8000)), "nested deeper")


class Thing:
    def __repr__(self):
        return "<thing>"


class IntLike(int):
    pass


def _loads_each(values):
    """A function code object whose bytecode loads each of `values` with
    LOAD_CONST (the constants 1000, 1001, ... of a compiled function,
    replaced)."""
    source = "def f():\n" + "".join("    g(%d)\n" % (1000 + i) for i in range(len(values)))
    code = _find_code(compile(source, "<c>", "exec"), "f")
    consts = tuple(values[c - 1000] if type(c) is int and 1000 <= c < 1000 + len(values) else c
                   for c in code.co_consts)
    return code.replace(co_consts=consts)


@check
def opaque_constants():
    thing, lst = Thing(), [1, 2]
    values = [thing, int, lst, IntLike(3), thing, (1, lst), {1: 2}, {3}, sys,
              bytearray(b"x"), sample, 7, "s"]
    code = _loads_each(values)
    text, objects = core.disassemble_code(code)
    expected = [thing, int, lst, values[3], values[6], values[7], sys, values[9], sample]
    assert len(objects) == len(expected), objects
    for n, (got, want) in enumerate(zip(objects, expected)):
        assert got is want, (n, got, want)
        assert "__depyf_const_%d" % n in text, (n, text)
    assert "__depyf_const_%d" % len(expected) not in text
    assert "(1, __depyf_const_2)" in text, text
    # Opaque constants do not make the code object bad data: decompiling
    # gives source or DecompilationError, never ValueError.
    try:
        depyf.decompile(code)
    except depyf.DecompilationError:
        pass


@check
def disassemble_code_matches_dis():
    import io
    import re
    for code in [sample.__code__, Holder.method.__code__, generator.__code__,
                 compile("x = [1, 2]\nclass A:\n    def f(self): return [i for i in self]\n",
                         "<m>", "exec")]:
        want = io.StringIO()
        dis.dis(code, file=want)
        got, objects = core.disassemble_code(code)
        mask = lambda s: re.sub(r"0x[0-9a-f]+", "0x", s)  # noqa: E731
        assert mask(got) == mask(want.getvalue()), (got, want.getvalue())
        assert objects == []


class FakeCore:
    """Stands in for depyf._core.decompile with a fixed answer."""

    def __init__(self, answer):
        self.answer = answer
        self.calls = []

    def decompile(self, code, module=False, name=None):
        self.calls.append((code, module, name))
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer

    def source(self, code):
        """_core.source: decompile(code, code.co_name == "<module>"), and the
        text alone when everything was recovered."""
        answer = self.decompile(code, code.co_name == "<module>")
        ok, text, n_unrecovered = answer[:3]
        return text if ok and n_unrecovered == 0 else answer


def _with_fake_core(answer, func):
    fake = FakeCore(answer)
    real = _decompile._core
    _decompile._core = fake
    try:
        return func(), fake
    finally:
        _decompile._core = real


@check
def results_map_to_errors():
    code = sample.__code__
    text = "def sample():\n    # unrecovered\n    raise\n"
    # success
    got, fake = _with_fake_core((True, "src", 0, "", []), lambda: depyf.decompile(code))
    assert got == "src" and fake.calls == [(code, False, None)], (got, fake.calls)
    # unrecovered regions: DecompilationError, unless partial=True
    for partial in (False, True):
        try:
            got, _ = _with_fake_core((True, text, 2, "sample at offset 4: why", []),
                                     lambda: depyf.decompile(code, partial=partial))
        except depyf.DecompilationError as e:
            assert not partial
            assert e.message == "sample at offset 4: why" == str(e), e
            assert e.source == text
        else:
            assert partial and got == text, got
    # a failure without text raises even with partial=True
    for partial in (False, True):
        try:
            _with_fake_core((False, None, 0, "not supported: X", []),
                            lambda: depyf.decompile(code, partial=partial))
        except depyf.DecompilationError as e:
            assert e.message == "not supported: X" and e.source is None
        else:
            raise AssertionError("a failure was not reported")
    # bad data from the core stays a ValueError
    try:
        _with_fake_core(ValueError("bad bytecode"), lambda: depyf.decompile(code))
    except ValueError as e:
        assert not isinstance(e, depyf.DecompilationError) and str(e) == "bad bytecode"
    else:
        raise AssertionError("ValueError swallowed")
    # module code goes to the module entry point, a name override is passed on
    module = compile("x = 1\n", "<m>", "exec")
    _, fake = _with_fake_core((True, "x = 1\n", 0, "", []), lambda: depyf.decompile(module))
    assert fake.calls == [(module, True, None)], fake.calls
    _, fake = _with_fake_core((True, "def g():\n    pass\n", 0, "", []),
                              lambda: depyf.Decompiler(sample).decompile(overwite_fn_name="g"))
    assert fake.calls == [(code, False, "g")], fake.calls
    # bindings: placeholder name -> object, by index
    thing = Thing()
    got, _ = _with_fake_core((True, "src", 0, "", [thing, int]),
                             lambda: _decompile.decompile_with_bindings(code))
    assert got[0] == "src" and got[1] == {"__depyf_const_0": thing, "__depyf_const_1": int}
    _, fake = _with_fake_core((True, "def g():\n    pass\n", 0, "", []),
                              lambda: _decompile.decompile_with_bindings(code, name="g"))
    assert fake.calls == [(code, False, "g")], fake.calls
    try:
        _decompile.decompile_with_bindings(code, name="no good")
    except ValueError:
        pass
    else:
        raise AssertionError("a bad name was accepted")


@check
def decompilation_error_is_exported():
    assert issubclass(depyf.DecompilationError, Exception)
    assert not issubclass(depyf.DecompilationError, ValueError)
    assert depyf.DecompilationError is _decompile.DecompilationError
    for name in depyf.__all__:
        assert hasattr(depyf, name), name


@check
def decompiler_class_surface():
    d = depyf.Decompiler(sample)
    assert d.code is sample.__code__
    assert depyf.Decompiler(sample.__code__).code is sample.__code__
    for bad in [dict(overwite_fn_name="not a name"), dict(overwite_fn_name="class"),
                dict(overwrite_fn_name="1x"), dict(indentation=0), dict(indentation="4")]:
        try:
            d.decompile(**bad)
        except ValueError:
            pass
        else:
            raise AssertionError("accepted %r" % (bad,))
    names = depyf.Decompiler.supported_opnames()
    assert "LOAD_CONST" in names and len(names) == len(dis.opmap), names


@check
def reindent():
    src = ("def f(x):\n"
           "    if x:\n"
           "        s = '''a\n"
           "    b'''\n"
           "        # note\n"
           "        return (1,\n"
           "                2)\n"
           "    # back\n"
           "    return s\n")
    got = _decompile._reindent(src, 2)
    assert got == ("def f(x):\n"
                   "  if x:\n"
                   "    s = '''a\n"
                   "    b'''\n"
                   "    # note\n"
                   "    return (1,\n"
                   "                2)\n"
                   "  # back\n"
                   "  return s\n"), got
    compile(got, "<r>", "exec")
    assert _decompile._reindent("def f(:\n", 2) == "def f(:\n"


def random_codes(count, seed):
    """Function code objects with random instruction streams of real
    opcodes (caches zeroed), random arguments, random constant counts."""
    rng = random.Random(seed)
    import opcode
    ops = sorted(v for k, v in dis.opmap.items()
                 if v < 256 and k != "CACHE" and not k.startswith(("INSTRUMENTED", "ENTER_")))
    caches = getattr(opcode, "_inline_cache_entries", None)
    base = sample.__code__
    for _ in range(count):
        body = bytearray()
        for _ in range(rng.randrange(1, 24)):
            op = rng.choice(ops)
            body += bytes([op, rng.choice([0, 1, 2, 3, rng.randrange(256)])])
            if caches is not None:
                n = caches[op] if isinstance(caches, list) else caches.get(dis.opname[op], 0)
                body += b"\x00\x00" * n
        consts = tuple(rng.choice([None, 1, "s", (1, 2), b"b", 2.5, base])
                       for _ in range(rng.randrange(0, 4)))
        try:
            yield base.replace(co_code=bytes(body), co_consts=consts)
        except (ValueError, TypeError, SystemError):
            continue


@check
def random_bytecode_never_crashes():
    """Any outcome but a crash or an unexpected exception type."""
    outcomes = {}
    for code in random_codes(400, 1234):
        for call in (lambda c: depyf.decompile(c), lambda c: depyf.decompile(c, partial=True),
                     lambda c: core.disassemble_code(c)):
            try:
                got = call(code)
                assert isinstance(got, (str, tuple))
                kind = "ok"
            except depyf.DecompilationError:
                kind = "DecompilationError"
            except ValueError:
                kind = "ValueError"
            outcomes[kind] = outcomes.get(kind, 0) + 1
    assert outcomes, "no code object was built"


@check
def threads_agree():
    """Decompiling runs with the GIL released: four threads at once get the
    same outcome as one."""
    codes = [c for c in all_code(compile(open(json.decoder.__file__).read(), "d.py", "exec"))]

    def outcome(code):
        try:
            return depyf.decompile(code)
        except (depyf.DecompilationError, ValueError) as e:
            return type(e).__name__ + str(e)

    want = [outcome(c) for c in codes]
    got = [None] * 4

    def work(i):
        got[i] = [outcome(c) for c in codes]
    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(g == want for g in got)


# ---- checks of decompiled results (need the decompiler) -------------------

def _same_code(a, b, where):
    """co_code, co_consts, co_names and co_varnames equal, nested code
    objects compared the same way (the order of the names is the order in
    which the source used them first)."""
    assert a.co_code == b.co_code, "%s: co_code differs:\n%s\n%s" % (
        where, _dis(a), _dis(b))
    assert a.co_names == b.co_names, "%s: co_names %r != %r" % (where, a.co_names, b.co_names)
    assert a.co_varnames == b.co_varnames, "%s: co_varnames %r != %r" % (
        where, a.co_varnames, b.co_varnames)
    assert len(a.co_consts) == len(b.co_consts), "%s: co_consts %r != %r" % (
        where, a.co_consts, b.co_consts)
    for i, (x, y) in enumerate(zip(a.co_consts, b.co_consts)):
        if isinstance(x, types.CodeType):
            assert isinstance(y, types.CodeType), "%s: co_consts[%d]" % (where, i)
            _same_code(x, y, "%s.%s" % (where, x.co_name))
        else:
            assert type(x) is type(y) and repr(x) == repr(y), "%s: co_consts[%d] %r != %r" % (
                where, i, x, y)


def _dis(code):
    import io
    out = io.StringIO()
    dis.dis(code, file=out)
    return out.getvalue()


def _find_code(module, name):
    for code in all_code(module):
        if code.co_name == name:
            return code
    raise AssertionError("no code object named %r in the compiled source" % name)


def _round_trip(func, name=None):
    source = depyf.decompile(func)
    try:
        module = compile(source, "<decompiled>", "exec")
    except SyntaxError as e:
        raise AssertionError("decompiled source does not compile (%s):\n%s" % (e, source))
    code = _decompile.code_of(func)
    _same_code(code, _find_code(module, name or code.co_name), code.co_name)
    return source


@needs_decompiler
def round_trip_free_variables():
    """A function with free variables (the closure's inner function)."""
    _round_trip(_round_trip_functions()["closure"](1))


ROUND_TRIP_SOURCE = '''
def arithmetic(a, b):
    return (a + b) * (a - b) // 3 % 7 ** 2

def branches(x):
    if x > 10:
        return "big"
    elif x > 5:
        return "medium"
    return "small"

def loop(items):
    total = 0
    for item in items:
        if item < 0:
            continue
        total += item
    return total

def while_break(n):
    i = 0
    while True:
        i += 1
        if i >= n:
            break
    return i

def calls(obj, *args, key=None, **kwargs):
    return obj.method(1, *args, key=key, **kwargs)

def containers(a):
    return [a, 1], (a,), {a: 2}, {a, 3}

def comprehension(xs):
    return [x * 2 for x in xs if x]

def closure(n):
    def inner(m):
        return n + m
    return inner

def try_except(f):
    try:
        return f()
    except ValueError as e:
        return str(e)

def with_statement(path):
    with open(path) as f:
        return f.read()

def boolean_ops(a, b, c):
    return a and b or not c

def unpacking(pair):
    a, b = pair
    return b, a

def fstring(name, n):
    return f"{name}: {n:>4}"

def returned_conditional(a, b):
    return 0 if a == b else 1 if a > b else -1

def returned_conditional_in_loop(a, items):
    for item in items:
        if item:
            return "big" if item > a else "small"
    return None if a else "none"

lambda_conditional = lambda p: p - 1 if p < 1 else None

lambda_none = lambda: None

def continue_on_identity(items, marker):
    for item in items:
        if item is marker:
            continue
        if item in marker:
            continue
        print(item)

def assert_identity(a, b):
    for x in b:
        assert x is a, "not the same"
    assert a not in b

def negated_membership(code, m, sub):
    if not (code in (301, 302) and m in ("GET", "HEAD") or code == 303 and m == "POST"):
        raise ValueError(code)
    if sub is not None and not (sub and sub[-1] is ...):
        return [x for x in sub if not (x in m and x)]
    assert sub is None or m is sub
    return 1 if not (code in m and sub) else 2

def try_else_returns(module):
    try:
        import locale
    except ImportError:
        return "utf-8"
    else:
        return locale.getencoding()

def except_returns_then_code(self):
    try:
        closed = self.closed
    except AttributeError:
        return
    if closed:
        return
    self.close()

def if_else_joined_return(self):
    if self._isnan():
        if self.is_snan():
            raise ValueError("signaling NaN")
        s = "-nan" if self._sign else "nan"
    else:
        s = str(self)
    return float(s)

def while_one(n, bias):
    result = []
    j = 0
    while 1:
        t = n * bias
        if n < t:
            return result
        result.append((t + 36) % (36 - t))
        n -= 1
        j += 1

def while_true_then_one(n):
    j = 0
    while True:
        t = n * 36
        if t > 5:
            return t
        j += 1
'''

ROUND_TRIP_CASES = ["arithmetic", "branches", "loop", "while_break", "calls", "containers",
                    "comprehension", "closure", "try_except", "with_statement", "boolean_ops",
                    "unpacking", "fstring", "returned_conditional", "returned_conditional_in_loop",
                    "lambda_conditional", "lambda_none", "continue_on_identity", "assert_identity",
                    "negated_membership", "try_else_returns", "except_returns_then_code",
                    "if_else_joined_return", "while_one", "while_true_then_one"]


def _round_trip_functions():
    namespace = {}
    exec(compile(ROUND_TRIP_SOURCE, "<round-trip>", "exec"), namespace)
    return namespace


def _make_round_trip_check(name):
    def run():
        _round_trip(_round_trip_functions()[name])
    run.__name__ = "round_trip_" + name
    return run


for _name in ROUND_TRIP_CASES:
    globals()["round_trip_" + _name] = needs_decompiler(_make_round_trip_check(_name))


@needs_decompiler
def round_trip_module():
    module = compile(ROUND_TRIP_SOURCE, "<round-trip>", "exec")
    source = depyf.decompile(module)
    _same_code(module, compile(source, "<decompiled>", "exec"), "<module>")


@needs_decompiler
def kinds_give_the_same_source():
    for what, obj, code in kinds():
        if what == "frame":
            continue
        assert depyf.decompile(obj) == depyf.decompile(code), what
        assert depyf.Decompiler(obj).decompile() == depyf.decompile(code), what


@needs_decompiler
def decompiler_options():
    d = depyf.Decompiler(sample)
    source = d.decompile(overwite_fn_name="renamed")
    assert source.startswith("def renamed("), source
    _same_code(sample.__code__, _find_code(compile(source, "<r>", "exec"), "renamed"), "renamed")
    assert d.decompile(overwrite_fn_name="renamed") == source
    two = d.decompile(indentation=2)
    assert two == _decompile._reindent(d.decompile(), 2) and "\n  total = a\n" in two, two
    _same_code(sample.__code__, _find_code(compile(two, "<r>", "exec"), "sample"), "sample")
    assert d.decompile(temp_prefix="__tmp_") == d.decompile()


@needs_decompiler
def opaque_constants_bind_back():
    """A code object holding constants with no literal form (as Dynamo's do)
    decompiles to source whose placeholders, bound, give the same behavior."""
    def template(x):
        return x + 1000, x * 2000

    thing, three = [10], IntLike(3)
    code = template.__code__
    consts = tuple(thing if c == 1000 else (three if c == 2000 else c) for c in code.co_consts)
    changed = types.FunctionType(code.replace(co_consts=consts), {})
    assert changed([1]) == ([1, 10], [1, 1, 1])
    source, bindings = _decompile.decompile_with_bindings(changed)
    assert sorted(bindings) == ["__depyf_const_0", "__depyf_const_1"], bindings
    assert bindings["__depyf_const_0"] is thing and bindings["__depyf_const_1"] is three
    namespace = dict(bindings)
    exec(compile(source, "<bound>", "exec"), namespace)
    assert namespace["template"]([1]) == ([1, 10], [1, 1, 1]), source


@needs_decompiler
def partial_output():
    """Where the decompiler leaves a region unrecovered, decompile raises
    DecompilationError carrying the marked text, and partial=True returns
    that text.  Random bytecode must produce at least one such case."""
    found = 0
    for code in random_codes(400, 99):
        try:
            depyf.decompile(code)
            continue
        except ValueError:
            continue
        except depyf.DecompilationError as e:
            error = e
        if error.source is None:
            continue
        assert depyf.decompile(code, partial=True) == error.source
        assert error.message, "no first problem"
        found += 1
    assert found, "no random code object left a region unrecovered"


def run_checks(names):
    results = {}
    for name in names or CHECKS + DECOMPILER_CHECKS:
        try:
            globals()[name]()
            results[name] = "ok"
        except Exception:
            results[name] = traceback.format_exc()
    return results


def main(argv):
    if depyf is None:
        print("the depyf package is not installed in %s" % sys.executable, file=sys.stderr)
        return 2
    if argv[1:2] == ["model"]:
        paths = [line.strip() for line in sys.stdin if line.strip()]
        print(json.dumps(model_check(paths)))
    elif argv[1:2] == ["checks"]:
        print(json.dumps(run_checks(argv[2:])))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
