"""Expressions of every kind and precedence, constants and augmented assignment."""
import operator

INPUTS = {
    "test_binary": [(7, 3), (-7, 3), (0, 5), (2, 10)],
    "test_precedence": [(2, 3, 4), (-1, 5, 2), (0, 0, 1)],
    "test_augmented": [(5, 3), (-9, 4)],
}


def test_binary(a, b):
    return [a + b, a - b, a * b, a / b, a // b, a % b, a ** 2, a << 2, a >> 1,
            a & b, a | b, a ^ b, -a, +a, ~a, not a, divmod(a, b), pow(a, b, 7)]


def test_precedence(a, b, c):
    return [
        a + b * c, (a + b) * c, a - b - c, a - (b - c), a ** b ** 2, (a ** b) ** 2,
        -a ** 2, (-a) ** 2, a * b % c, a * (b % c), a << b + c, (a << b) + c,
        a | b & c, (a | b) & c, a ^ b | c, a ^ (b | c), a & b ^ c, a & (b ^ c),
        not a == b, (not a) == b, a < b == c, a + b if c else a - b,
        (a if b else c) + 1, a if b else c if a else b, ~a + b, ~(a + b),
        a // b * c if b else 0, -(-a), - -a, +-a, not not a, a - -b, a ** -b if a else 0,
        a * b + c * a - b // (c or 1), (a, b) < (b, a), [a, b] + [c],
    ]


def test_comparisons():
    out = []
    for a, b in [(1, 2), (2, 2), (3, 2), ("a", "b")]:
        out.append((a < b, a <= b, a == b, a != b, a > b, a >= b))
    x = [1, 2, 3]
    y = x
    out.append((2 in x, 5 not in x, x is y, x is not [1, 2, 3], x == [1, 2, 3]))
    out.append((None is None, 1 if x else 0, not x, not []))
    return out


def test_constants():
    return [
        0, 1, -1, 2 ** 63, -2 ** 63, 12345678901234567890123456789, 0x7F, 0o17, 0b1011,
        1.5, -0.0, 1e300, 1e-300, float("inf"), -float("inf"), 2j, 1 + 2j, -3.5j,
        "", "text", "quote ' and \" both", "tab\tnewline\nnul\x00", "\u00e9\u4e2d\U0001f600",
        b"", b"bytes\x00\xff", r"raw\n", rb"raw\x00", True, False, None, ..., Ellipsis,
        (1,), (), [], {}, (1, (2, (3,))), frozenset({1, 2}), {1: {2: {3: 4}}},
        "implicit" "concatenation", 100_000, 0xFF_FF, 1_0.5e1_0,
    ]


def test_literals():
    a, b = 1, "two"
    return [
        [a, b, [a, [b]]], (a, b), (a,), {a, 2, 3}, {a: b, b: a, (a, b): [a]},
        {**{"x": 1}, "y": 2, **{"x": 3}}, [*range(3), a, *"ab"], (*[1, 2], *(3,)),
        {*"abc", *[1]}, [[]] * 2, [i for i in ()], set(), dict(a=1, b=2),
    ]


def test_attributes_subscripts():
    class Node:
        pass

    n = Node()
    n.child = Node()
    n.child.value = [10, {"k": (1, 2, 3)}]
    d = {"a": {"b": {"c": 5}}}
    n.child.value[1]["k2"] = n.child.value[1]["k"][::-1]
    return [n.child.value[0], n.child.value[1]["k"][2], d["a"]["b"]["c"],
            n.child.value[1]["k2"], getattr(n.child, "value")[-2], "abc"[1], "abc"[-1]]


def test_calls():
    def f(a, b=2, *args, c=3, d, **kw):
        return (a, b, args, c, d, sorted(kw.items()))

    args = (10, 20, 30)
    kw = {"d": 4, "e": 5}
    return [
        f(1, d=0), f(1, 2, 3, 4, d=5, z=6), f(*args, **kw), f(0, *args, c=9, **kw),
        f(*[1], *[2, 3], d=1, **{"x": 1}, **{"y": 2}), f(a=1, d=2),
        operator.add(*(1, 2)), max([3, 1, 2], key=lambda v: -v), sorted("cab", reverse=True),
        (lambda *a, **k: (a, sorted(k)))(1, 2, x=3), "{0}-{1}".format(*"ab"),
        int("ff", base=16), "x".join(map(str, range(3))),
    ]


def test_augmented(a, b):
    out = []
    for op in range(12):
        x = a
        if op == 0:
            x += b
        elif op == 1:
            x -= b
        elif op == 2:
            x *= b
        elif op == 3:
            x /= b
        elif op == 4:
            x //= b
        elif op == 5:
            x %= b
        elif op == 6:
            x **= 2
        elif op == 7:
            x <<= 2
        elif op == 8:
            x >>= 1
        elif op == 9:
            x &= b
        elif op == 10:
            x |= b
        else:
            x ^= b
        out.append(x)
    lst = [a, b]
    lst[0] += 100
    lst[-1] *= 3
    d = {"k": a}
    d["k"] -= b

    class Box:
        v = 0

    box = Box()
    box.v += a
    box.v *= 2
    s = "ab"
    s += "cd"
    s *= 2
    t = (1,)
    t += (2,)
    return out, lst, d, box.v, s, t


def test_matmul():
    class M:
        def __init__(self, v):
            self.v = v

        def __matmul__(self, other):
            return M(self.v * other.v + 1)

        def __imatmul__(self, other):
            self.v = self.v - other.v
            return self

    a = M(3)
    b = M(4)
    c = a @ b
    a @= b
    return c.v, a.v, (M(2) @ M(5) @ M(1)).v


def test_conditional_and_boolean_values():
    out = []
    for a, b in [(0, 0), (0, 5), (3, 0), (3, 5), ("", "x"), (None, [])]:
        out.append([a and b, a or b, not a and b, a or b and a, (a or b) and a,
                    a and b or "d", a if b else "e", a or b or "z", a and b and "all",
                    not (a or b), b if not a else a])
    return out


def test_starred_and_misc():
    first, *rest = "hello"
    *init, last = [1, 2, 3]
    a, (b, *c), d = 1, (2, 3, 4), 5
    return first, rest, init, last, a, b, c, d, [*rest, *init], len(rest) == 4
