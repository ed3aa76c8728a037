"""Function signatures, defaults, lambdas, decorators, closures nested
several deep, cells that are arguments, global and nonlocal."""
import functools

COUNTER = 0
SETTINGS = {"mode": "a"}

INPUTS = {
    "test_signatures": [(1,), (5,)],
    "test_closure_depth": [(2,), (7,)],
    "test_cell_arguments": [(3, "x"), (0, "")],
}


def positional_only(a, b=2, /, c=3, *, d=4):
    return a, b, c, d


def everything(a, b=1, *args, c, d=2, **kwargs):
    return a, b, args, c, d, sorted(kwargs.items())


def annotated(x: int, y: "str" = "s", *rest: float, z: list = None, **kw: dict) -> tuple:
    return x, y, rest, z, kw


def mutable_default(item, bucket=[]):
    bucket = list(bucket)
    bucket.append(item)
    return bucket


def test_signatures(n):
    out = [positional_only(n), positional_only(n, 0, 1, d=2), everything(n, c=0),
           everything(n, 2, 3, 4, c=5, d=6, e=7), annotated(n), annotated(n, "t", 1.5, z=[1], q=2),
           mutable_default(n), mutable_default(n, [0])]
    try:
        positional_only(a=1)
    except TypeError:
        out.append("posonly")
    try:
        everything(1)
    except TypeError:
        out.append("kwonly missing")
    out.append(sorted(annotated.__annotations__))
    out.append(everything.__defaults__)
    out.append(everything.__kwdefaults__)
    return out


def test_lambdas():
    add = lambda a, b=1: a + b
    kw = lambda *, k: k * 2
    var = lambda *a, **k: (len(a), sorted(k))
    nested = lambda x: lambda y: lambda z: x + y + z
    cond = lambda v: "neg" if v < 0 else "zero" if v == 0 else "pos"
    noarg = lambda: 42
    return [add(1), add(1, 2), kw(k=3), var(1, 2, a=1), nested(1)(2)(3), cond(-1), cond(0),
            cond(2), noarg(), sorted([3, 1, 2], key=lambda v: (v % 2, v)),
            list(map(lambda p: p[0] * p[1], [(1, 2), (3, 4)]))]


def test_lambda_bodies_the_compiler_splits():
    # 3.8 and 3.12+ copy the return into each branch of a conditional
    # expression, and `lambda: None` is the bytecode of an implicit return
    nothing = lambda: None
    fold = lambda p: (p if p < 1 else 1 - p) + 1
    first = lambda p, q: p if p else q if q else None
    maybe = lambda p: p * 2 if p > 1 else None
    half = lambda t: 1/2 if t else -1/2
    return [nothing(), fold(0), fold(3), first(0, 0), first(0, 4), first(5, 4), maybe(1), maybe(3),
            half(1), half(0)]


def test_closure_depth(n):
    def level1(a):
        def level2(b):
            def level3(c):
                def level4(d):
                    return n + a + b + c + d
                return level4
            return level3
        return level2

    def counter():
        count = 0

        def inc(step=1):
            nonlocal count
            count += step
            return count

        def get():
            return count

        return inc, get

    inc, get = counter()
    inc()
    inc(n)
    steps = [inc() for _ in range(2)]
    return level1(1)(2)(3)(4), get(), steps, [level1(i)(i)(i)(i) for i in range(3)]


def test_cell_arguments(value, label):
    def show():
        return "%s=%r" % (label, value)

    before = show()
    value = value * 2
    label = label + "!"
    after = show()

    def shadow(value):
        def inner():
            return value + 1
        return inner()

    return before, after, shadow(10), (lambda: value)()


def bump(step):
    global COUNTER
    COUNTER += step
    return COUNTER


def test_global():
    global COUNTER
    COUNTER = 0
    bump(2)
    bump(3)
    SETTINGS["mode"] = "b"
    result = (COUNTER, dict(SETTINGS))
    SETTINGS["mode"] = "a"

    def set_global_from_nested():
        global COUNTER
        COUNTER = -1

    set_global_from_nested()
    result += (COUNTER,)
    COUNTER = 0
    return result


def test_nonlocal_chain():
    x = 1

    def outer():
        y = 10

        def middle():
            nonlocal y
            y += 1

            def inner():
                nonlocal x, y
                x += 100
                y += 1000
                return x + y
            return inner()
        return middle(), y
    first = outer()
    return first, x


def logged(prefix):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            return "%s:%s" % (prefix, fn(*args, **kwargs))
        return wrapper
    return decorate


def double(fn):
    return lambda *a: fn(*a) * 2


@logged("L")
@double
def decorated(x):
    """Decorated function."""
    return x + 1


def test_decorators():
    @logged("inner")
    def local(y):
        return y * 3

    return decorated(1), decorated.__name__, decorated.__doc__, local(2), local.__name__


def recursive(n):
    return 1 if n <= 1 else n * recursive(n - 1)


def test_recursion_and_late_binding():
    def fib(k):
        return k if k < 2 else fib(k - 1) + fib(k - 2)

    fns = []
    for i in range(3):
        def f(j=i):
            return j * 10
        fns.append(f)
    return recursive(6), fib(10), [f() for f in fns]


def test_function_attributes():
    def f():
        return f.calls

    f.calls = 3
    return f(), f.__name__, f.__code__.co_argcount, callable(f)
