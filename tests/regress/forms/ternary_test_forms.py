"""`x if c else y` used as a test: its jumps mix with those of the test
around it (and/or, not, nested), in if, while, assert, comprehension
conditions and as the test of another conditional expression."""

def f(a, b, c):
    if (a if c else b):
        print(1)
    return 2


def f2(a, b, c, d):
    if (a if c else b) and d:
        print(1)
    else:
        print(3)


def f3(a, b, c, d):
    if (a if c else b) or d:
        print(1)


def f4(a, b, c, d):
    if d and (a if c else b):
        print(1)


def f5(a, b, c, d):
    if not (a if c else b):
        print(1)


def f6(a, b, c, d, e):
    if (a if c and d else b or e):
        print(1)


def f8(a, b, c, d, e):
    if ((a if d else e) if c else b):
        print(1)


def f9(xs):
    return [x for x in xs if (x.a if x.b else x.c) and x.d]


def f10(xs):
    return [x for x in xs if x.d or (x.a if x.b else not x.c)]


def f11(xs):
    for x in xs:
        if (x.a if x.b else x.c):
            continue
        print(x)


def f12(a, b, c):
    return 1 if (a if c else b) else 2


def f13(a, b, c):
    assert (a if c else b), 'm'


def f14(a, b, c):
    x = (a if c else b) and a
    return x


def f15(xs):
    return {x: 1 for x in xs if (x.a is None if x.b else x.c is not None)}


def f16(xs):
    while xs:
        if (xs.a if xs.b else xs.c):
            break
        xs = xs.n
