"""List, set, dict comprehensions and generator expressions: nested, with
conditions, closures over the enclosing scope, in class bodies."""

INPUTS = {
    "test_basic": [(5,), (0,), (12,)],
    "test_nested": [(3,), (4,)],
}


def test_basic(n):
    return [
        [i for i in range(n)],
        [i * i for i in range(n) if i % 2],
        [i for i in range(n) if i > 1 if i < 4],
        {i % 3 for i in range(n)},
        {i: i ** 2 for i in range(n) if i != 2},
        {str(k): v for k, v in zip(range(n), "abcdefghijklmnop")},
        list(i + 1 for i in range(n)),
        sum(i for i in range(n)),
        tuple(c.upper() for c in "abc" if c != "b"),
        [x if x % 2 else -x for x in range(n)],
        [(lambda: i)() for i in range(3)],
        [not i for i in range(2)],
        [i for i in range(n) if i and i % 4 or i == 3],
        [i for i in range(n) if not (i > 1 and i < 4)],
    ]


def test_nested(n):
    matrix = [[r * n + c for c in range(n)] for r in range(n)]
    return [
        matrix,
        [v for row in matrix for v in row if v % 2 == 0],
        [[row[i] for row in matrix] for i in range(n)],
        {(a, b) for a in range(n) for b in range(a)},
        {a: {b: a * b for b in range(a)} for a in range(n)},
        [(x, y, z) for x in range(2) for y in range(2) if x != y for z in "ab" if z > "a"],
        list((i, j) for i in range(n) for j in (i, -i)),
        [[y for y in range(x)] for x in range(n) if x],
        sorted({c for word in ["hello", "world"] for c in word}),
    ]


def test_closures_and_scopes():
    base = 10
    fs = [lambda x, i=i: x + i + base for i in range(3)]
    late = [lambda: i for i in range(3)]
    gen = (base + i for i in range(3))
    base = 20
    g = list(gen)
    offset = 1
    nested = [[offset + a + b for b in range(2)] for a in range(2)]
    return [f(1) for f in fs], [f() for f in late], g, nested


class Table:
    size = 3
    cells = [[0] * 3 for _ in range(size)]
    names = {n: len(n) for n in ("ab", "cde")}
    squares = list(map(lambda v: v * v, range(size)))


def test_in_class_body():
    return Table.cells, Table.names, Table.squares


def test_generator_expression_laziness():
    log = []

    def src():
        for i in range(5):
            log.append(i)
            yield i

    g = (x * 10 for x in src() if x != 2)
    first = next(g)
    after_first = list(log)
    rest = list(g)
    return first, after_first, rest, log


def test_comprehension_iteration_errors():
    out = []
    try:
        [1 / x for x in (1, 0)]
    except ZeroDivisionError as e:
        out.append(type(e).__name__)
    try:
        {k: v for k, v in [(1, 2), (3,)]}
    except ValueError as e:
        out.append(str(e))
    return out
