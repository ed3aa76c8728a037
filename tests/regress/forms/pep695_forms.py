# PEP 695 (3.12+): generic defs, classes and type aliases, whose type
# parameters live in a function of their own (<generic parameters of X>).
import typing


def g[T: int, *Ts, **P](a=1, *, b=2):
    return a


@dec
def h[T, U: (int, str)](x: T) -> U:
    pass


class C[T](Base, metaclass=M):
    pass


type A = int
type B[T] = list[T]


class K:
    def m[T](self, x: T = 3): ...
    type X[S] = S
    Alias = int

    def uses_alias[V](self, a: Alias, b: V) -> Alias:
        return a


async def af[T](): ...


class Box[T]:
    items: list[T]

    def __init__(self, x: T) -> None:
        super().__init__()
        self.x = x

    def get[S](self, f: typing.Callable[[T], S]) -> S:
        return f(self.x)

    @classmethod
    def make[U](cls, v: U) -> "Box[U]":
        return cls(v)

    type Pair[K] = tuple[K, T]


def outer(n):
    def inner[T](x: T = n) -> T:
        return x + n
    type L[Q] = list[Q] | n
    return inner, L


@typing.final
class Dec[T, *Ts](dict[str, T], typing.Sized):
    """doc"""

    def m(self) -> T:
        return T


def withlam[T](f=lambda x: x * 2, *args: T, **kw: T) -> list[T]:
    return [f(a) for a in args]


def nested[A]():
    def inner[B](a: A, b: B):
        return a, b
    return inner


def star_annotation[*Ts](*args: *Ts, last: int) -> tuple[*Ts]:
    return args
