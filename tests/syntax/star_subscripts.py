# min-version: 3.11
"""Star expressions in subscripts (PEP 646, 3.11+)."""


class Keys:
    def __getitem__(self, key):
        return key

    def __setitem__(self, key, value):
        self.stored = (key, value)


def test_star_subscript():
    k = Keys()
    rest = (2, 3)
    out = [k[*rest], k[1, *rest], k[*rest, 4], k[*rest, *rest], k[*()], k[0:1, *rest]]
    k[*rest] = "v"
    out.append(k.stored)
    return out


def annotated(*args: *tuple[int, ...]):
    return args


def test_star_annotation():
    return annotated(1, 2), "args" in annotated.__annotations__
