"""Star-unpacking in calls, assignments, literals and subscripts; slices of
every shape, slice assignment and deletion."""

INPUTS = {
    "test_slices": [([0, 1, 2, 3, 4, 5, 6, 7, 8, 9],), ("abcdefgh",), ((1, 2, 3),)],
    "test_assign_targets": [((1, 2, 3, 4, 5),), ((9, 8),)],
    "test_repeated_targets": [([(1, 2, 3, 4), (5, 6, 7, 8)],)],
}


class Recorder:
    def __getitem__(self, key):
        return key

    def __setitem__(self, key, value):
        self.last = (key, value)

    def __delitem__(self, key):
        self.deleted = key


def test_slices(seq):
    i, j, k = 1, -2, 2
    return [
        seq[:], seq[1:], seq[:3], seq[1:3], seq[::2], seq[::-1], seq[1::2], seq[:-1:3],
        seq[i:j], seq[i:j:k], seq[-1:], seq[-3:-1], seq[j:i:-1], seq[i:], seq[:j],
        seq[None:None:None], seq[len(seq) // 2:], seq[:i + 1],
    ]


def test_extended_subscripts():
    r = Recorder()
    out = [r[1:2], r[1:2, 3], r[::], r[:, None], r[..., 1], r[1:2:3, ::4], r[(1, 2)],
           r[1, 2], r["k"], r[-1], r[()]]
    r[1:2] = "a"
    out.append(r.last)
    r[::3, 4] = "b"
    out.append(r.last)
    del r[5:]
    out.append(r.deleted)
    del r[1, 2:3]
    out.append(r.deleted)
    return out


def test_slice_assignment():
    a = list(range(10))
    a[2:4] = ["x", "y", "z"]
    a[::3] = [0] * len(a[::3])
    b = list(range(8))
    del b[1:3]
    del b[::2]
    c = list("abcdef")
    c[1:-1] = []
    d = list(range(5))
    d[len(d):] = [5, 6]
    d[:0] = [-1]
    e = [1, 2, 3]
    e[1:2] += [9]
    return a, b, c, d, e


def test_assign_targets(values):
    first, *middle, last = values
    *head, tail = values
    (a, b), c = values[:2], values[-1]
    [x, [y, *z]] = [1, values]
    p = q = r = values[0]
    obj = Recorder()
    obj.a, obj.b = values[:2]
    store = {}
    store["k"], store["m"] = values[:2]
    lst = [0, 0, 0]
    lst[0], lst[-1] = values[-2:]
    i = 0
    i, lst[i] = 1, 7
    m, n = n, m = 5, 6
    return first, middle, last, head, tail, a, b, c, x, y, z, p, q, r, obj.a, obj.b, store, lst, i, m, n


def test_chained_assignment_evaluates_once():
    calls = []

    def next_value():
        calls.append(len(calls))
        return [len(calls)]

    holder = Recorder()
    p = q = r = next_value()
    a = b = c = d = e = next_value()
    holder.x = holder[0] = f = next_value()
    g = h = (i := next_value())
    return p, q, r, p is r, a, e, a is e, holder.x, holder.last, f, g, h, i, g is i, calls


def test_swap_and_rotate():
    a, b, c = 1, 2, 3
    a, b = b, a
    a, b, c = c, a, b
    x = [1, 2, 3]
    x[0], x[2] = x[2], x[0]
    return a, b, c, x


def fn(*args, **kwargs):
    return args, sorted(kwargs.items())


def test_star_calls():
    a = [1, 2]
    t = (3,)
    d = {"x": 1}
    e = {"y": 2}
    return [fn(*a), fn(*a, *t), fn(0, *a, 4, *t), fn(**d), fn(**d, **e), fn(*a, z=3, **d),
            fn(*a, **d, w=0), fn(*(), **{}), fn(*"ab", *range(2), **dict(k=1)),
            fn(*[i * i for i in range(3)])]


def test_star_literals():
    a = [1, 2]
    s = {3}
    return [[*a], [0, *a, *s, 4], (*a,), (*a, *a), {*a, *s}, {*a, 5},
            {**{"a": 1}}, {"z": 0, **{"a": 1}, "b": 2}, [*"xy", *[], *()],
            [*a] * 2, print.__name__, [*map(str, a)], {**dict.fromkeys("ab", 0), "a": 1}]


def test_for_targets():
    out = []
    for a, (b, *c) in [(1, (2, 3, 4)), (5, (6,))]:
        out.append((a, b, c))
    for i, (k, v) in enumerate({"p": 1, "q": 2}.items()):
        out.append((i, k, v))
    store = {}
    for store["key"] in "ab":
        out.append(dict(store))
    obj = Recorder()
    for obj.attr in range(2):
        out.append(obj.attr)
    lst = [0]
    for lst[0] in (7, 8):
        out.append(list(lst))
    return out


def test_repeated_targets(rows):
    # 3.13 turns a store that the next store to the same local overwrites
    # into POP_TOP: `_, _, x = t` unpacks into POP_TOP, STORE _, STORE x
    out = []
    for first, _, _, last in rows:
        out.append((first, last, _))
    _, _, _, z = rows[0]
    return out, z, _
