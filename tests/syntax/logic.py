"""and/or/not and conditional expressions in value and branch context,
chained comparisons (each operand evaluated once) and the walrus operator."""

INPUTS = {
    "test_value_context": [(0, 0, 0), (1, 0, 2), (0, "", None), (5, 6, 7), ([], [0], "")],
    "test_branch_context": [(0, 0), (0, 1), (1, 0), (1, 1), (-1, 2)],
    "test_chained": [(1, 2, 3), (3, 2, 1), (2, 2, 2), (1, 3, 2)],
    "test_chained_test_then_return": [(-1,), (0,), (5,), (64,), (99,)],
    "test_chained_test_then_raise": [(-1,), (5,), (64,)],
    "test_chained_value_return": [(1, 2, 3), (3, 2, 1), (2, 2, 2), (1, 3, 2)],
    "test_chained_while_test": [("", 0, 0), ("", 0, 3), ("ab", 0, 3), ("", 5, 3), ("a", -1, 2)],
}


def pick(a, b, c):
    return a and b or c


def test_value_context(a, b, c):
    x = a or b
    y = a and b
    z = a if b else c
    w = (a or b) and (b or c)
    v = not a or not b and c
    u = a and (b if c else a) or (c and b)
    t = [a or c, b and c, a if a else b if b else c]
    s = a or b or c or "none"
    r = a and b and c and "all"
    q = (lambda p: p or "dflt")(a)
    return [x, y, z, w, v, u, t, s, r, q, pick(a, b, c), bool(a) is bool(b)]


def test_branch_context(a, b):
    out = []
    if a and b:
        out.append("both")
    elif a or b:
        out.append("one")
    else:
        out.append("none")
    if not a:
        out.append("not a")
    if not (a and b):
        out.append("not both")
    if a and not b or b and not a:
        out.append("xor")
    if (a or b) and not (a and b):
        out.append("xor2")
    if a > 0 and (b > 0 or a > b):
        out.append("mixed")
    n = 0
    while n < 10 and (a or n < 3):
        n += 1
    out.append(n)
    out.append("t" if a and b else "f")
    return out


def test_chained(a, b, c):
    calls = []

    def v(x):
        calls.append(x)
        return x

    r1 = v(a) < v(b) < v(c)
    r2 = v(a) <= v(b) == v(c)
    r3 = a < b > c
    r4 = a == b == c != 0
    r5 = 0 < a < b < c < 10
    r6 = a in [1, 2] not in [[1]]
    out = [r1, r2, r3, r4, r5, r6, calls]
    if a < b < c:
        out.append("ascending")
    elif a > b > c:
        out.append("descending")
    else:
        out.append("neither")
    while 0 <= a < c:
        a += 1
    out.append(a)
    return out


def test_walrus():
    out = []
    data = [3, 8, 1, 9, 4]
    if (n := len(data)) > 3:
        out.append(n)
    it = iter(data)
    while (item := next(it, None)) is not None:
        if item > 5:
            out.append(item)
    squares = [y for x in data if (y := x * x) > 10]
    out.append(squares)
    out.append(y)
    total = 0
    running = [total := total + x for x in data]
    out.append((running, total))
    out.append([(k := i, k * 2) for i in range(3)])
    out.append(k)
    f = (lambda z: (w := z + 1) * w)
    out.append(f(3))
    out.append((a := 5, a + 1))
    if any((hit := x) > 8 for x in data):
        out.append(hit)
    return out


def test_short_circuit_side_effects():
    log = []

    def t(x):
        log.append(x)
        return x

    t(0) and t(1)
    t(2) or t(3)
    t(0) or t(0) or t(4)
    t(5) and t(0) and t(6)
    t(7) if t(0) else t(8)
    return log


def test_chained_test_then_return(n):
    # 3.10+ copies the code after the if for each false link of the chain
    if 0 < n < 64:
        return n
    return -1


def test_chained_test_then_raise(n):
    if 0 < n < 64:
        return n
    raise ValueError("out of range", n)


def test_chained_while_test(s, i, n):
    # an inverted loop: the test before the loop and the one at its end each
    # have a copy of the code after it
    res = []
    while 0 <= i < n:
        if s:
            res.append(s)
            break
        res.append(i)
        i = i + 1
    return res


def test_chained_value_return(a, b, c):
    # 3.12+: the false link's cleanup is followed by a copy of the return
    return a < b <= c
