# min-version: 3.12
"""PEP 695 type parameters and type aliases (3.12+)."""

type Pair[T] = tuple[T, T]
type Json = dict[str, "Json"] | list["Json"] | str | int | None


def first[T](items: list[T]) -> T:
    return items[0]


def bounded[N: (int, float), *Ts, **P](x: N, *rest: *Ts) -> N:
    return x


class Box[T]:
    def __init__(self, item: T):
        self.item = item

    def map[U](self, f) -> "Box[U]":
        return Box(f(self.item))

    def get(self) -> T:
        return self.item


class Bounded[T: int]:
    def twice(self, v: T) -> T:
        return v * 2


def test_aliases():
    return (Pair.__name__, [p.__name__ for p in Pair.__type_params__], str(Pair.__value__),
            Json.__name__, Pair[int].__args__[0].__name__)


def test_generics():
    b = Box(3).map(lambda v: v + 1)
    params = first.__type_params__
    bp = bounded.__type_params__
    return (first([5, 6]), b.get(), [p.__name__ for p in params], [type(p).__name__ for p in bp],
            bp[0].__constraints__, Box.__type_params__[0].__name__,
            Bounded.__type_params__[0].__bound__, Bounded().twice(4), bounded(1, 2, 3))


def test_local_generic_definitions():
    def local[T](x: T) -> list[T]:
        return [x, x]

    class LocalBox[K, V]:
        def pair(self, k: K, v: V) -> tuple[K, V]:
            return (k, v)

    type LocalAlias[X] = list[X]
    return (local(1), LocalBox().pair("a", 1), [p.__name__ for p in LocalBox.__type_params__],
            LocalAlias.__name__, str(LocalAlias.__value__))
