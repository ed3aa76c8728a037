"""del of names (local, global, in loops, tuple targets), attributes,
subscripts and slices; the NameError/UnboundLocalError that follow."""

GLOBAL_TO_DELETE = 1


class Bag:
    pass


def test_delete_names():
    out = []
    a = 1
    b, c = 2, 3
    del a
    try:
        a
    except UnboundLocalError as e:
        out.append(type(e).__name__)
    del b, c
    x = y = 5
    del (x, y)
    p = [1]
    q = 2
    del [p, q]
    out.append("p" in locals())
    for i in range(3):
        tmp = i * 2
        del tmp
    out.append("tmp" in locals())
    return out


def test_delete_global():
    global GLOBAL_TO_DELETE
    GLOBAL_TO_DELETE = 10
    before = GLOBAL_TO_DELETE
    del GLOBAL_TO_DELETE
    try:
        GLOBAL_TO_DELETE
    except NameError as e:
        after = type(e).__name__
    GLOBAL_TO_DELETE = 1
    return before, after


def test_delete_attributes_and_items():
    bag = Bag()
    bag.x = 1
    bag.y = Bag()
    bag.y.z = 2
    del bag.x
    del bag.y.z
    d = {"a": 1, "b": {"c": 2, "d": 3}, (1, 2): 4}
    del d["a"]
    del d["b"]["c"]
    del d[1, 2]
    lst = list(range(10))
    del lst[0]
    del lst[-1]
    del lst[1:3]
    del lst[::2]
    del lst[:]
    other = list(range(6))
    del other[1], other[2]
    try:
        del d["missing"]
    except KeyError as e:
        missing = e.args
    return sorted(vars(bag)), vars(bag.y), d, lst, other, missing


def test_delete_in_closure_scope():
    v = 1

    def read():
        return v

    first = read()
    del v
    try:
        read()
    except NameError as e:
        second = type(e).__name__
    return first, second
