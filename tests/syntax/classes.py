"""Class bodies: decorators, properties, class variables, super(), the
__class__ cell, annotations, nested classes, classmethod/staticmethod,
name mangling, __slots__, metaclasses and class keywords, dataclasses."""
import dataclasses
import functools

INPUTS = {
    "test_shapes": [(1,), (3,)],
}


def register(cls):
    cls.registered = True
    return cls


def tag(label):
    def deco(cls):
        cls.tag = label
        return cls
    return deco


class Shape:
    """A shape."""
    sides = 0
    kinds = []
    unit: str = "cm"
    scale: float

    def __init__(self, size):
        self._size = size

    @property
    def size(self):
        return self._size

    @size.setter
    def size(self, value):
        if value < 0:
            raise ValueError("negative size")
        self._size = value

    @size.deleter
    def size(self):
        self._size = 0

    def area(self):
        return 0

    def describe(self):
        return "%s with %d sides, area %s" % (type(self).__name__, self.sides, self.area())

    @classmethod
    def unit_square(cls):
        return cls(1)

    @staticmethod
    def static_info(x):
        return "static %r" % (x,)

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self._size)

    def __eq__(self, other):
        return type(self) is type(other) and self._size == other._size

    __hash__ = None


@register
@tag("poly")
class Square(Shape):
    sides = 4

    def area(self):
        return self.size ** 2

    def describe(self):
        return "square: " + super().describe()


class Cube(Square):
    def area(self):
        return 6 * super().area()

    def describe(self):
        return "cube/" + super(Cube, self).describe()

    def which_class(self):
        return __class__.__name__


def test_shapes(n):
    s = Square(n)
    c = Cube(n)
    out = [s.area(), c.area(), s.describe(), c.describe(), c.which_class(), Square.registered,
           Square.tag, getattr(Shape, "registered", "no"), Square.unit_square(), Cube.static_info(n),
           repr(c), s == Square(n), s == Cube(n), Shape.__doc__, sorted(Shape.__annotations__),
           Shape.__dict__.get("scale", "unset"), Shape(n).area(), Shape(n).describe()]
    s.size = n + 1
    out.append(s.size)
    try:
        s.size = -1
    except ValueError as e:
        out.append(str(e))
    del s.size
    out.append(s.size)
    return out


class Outer:
    level = "outer"

    class Inner:
        level = "inner"

        class Innermost:
            level = "innermost"

            def path(self):
                return type(self).__qualname__

        def make(self):
            return self.Innermost()

    def build(self):
        return self.Inner().make().path()


def test_nested_classes():
    def factory(base_value):
        class Local:
            value = base_value

            def get(self):
                return self.value + base_value

        return Local

    L = factory(5)
    return Outer().build(), Outer.Inner.level, Outer.Inner.Innermost.level, L().get(), L.__qualname__


class Private:
    def __init__(self):
        self.__secret = 42
        self._Private__other = 1

    def reveal(self):
        return self.__secret, self.__other, self.__helper()

    def __helper(self):
        return "helped"


def test_mangling():
    p = Private()
    return p.reveal(), sorted(k for k in vars(p)), hasattr(p, "__secret")


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self, a):
        self.a = a


class Meta(type):
    def __new__(mcs, name, bases, ns, **kwargs):
        ns["meta_kwargs"] = sorted(kwargs.items())
        return super().__new__(mcs, name, bases, ns)

    def __init__(cls, name, bases, ns, **kwargs):
        super().__init__(name, bases, ns)


class WithMeta(metaclass=Meta, flag=True, level=2):
    pass


class Base:
    subclasses = []

    def __init_subclass__(cls, /, key=None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.key = key


class Child(Base, key="child"):
    pass


def test_slots_meta_init_subclass():
    s = Slotted(1)
    try:
        s.c = 3
    except AttributeError:
        blocked = True
    else:
        blocked = False
    return s.a, hasattr(s, "b"), blocked, WithMeta.meta_kwargs, type(WithMeta).__name__, Child.key


@dataclasses.dataclass(order=True)
class Item:
    name: str
    qty: int = 0
    tags: list = dataclasses.field(default_factory=list)

    def total(self, price):
        return self.qty * price


def test_dataclass():
    a = Item("a", 2)
    b = Item("b")
    return a, b, a < b, a.total(3), dataclasses.asdict(a), Item("a", 2) == a


class Counter:
    count = 0
    step = 2

    def current(self):
        return self.count


def test_class_variables():
    Counter.count = 0
    for _ in range(3):
        Counter.count += Counter.step
    c = Counter()
    before = c.current()
    c.count = 100
    return before, c.current(), Counter.count, type(c).count, Counter().current()


class Ordered:
    @functools.total_ordering
    class Version:
        def __init__(self, *parts):
            self.parts = parts

        def __eq__(self, other):
            return self.parts == other.parts

        def __lt__(self, other):
            return self.parts < other.parts


def test_class_body_statements():
    class Body:
        x = 1
        y = x + 1
        if y > 1:
            z = "big"
        else:
            z = "small"
        for i in range(3):
            x += i
        del i
        items = [x, y]
        try:
            w = int("nope")
        except ValueError:
            w = -1

        def method(self):
            return self.x

    V = Ordered.Version
    return (Body.x, Body.y, Body.z, Body.items, Body.w, hasattr(Body, "i"), Body().method(),
            V(1, 2) < V(1, 3), V(2) >= V(1, 9), sorted([V(3), V(1)])[0].parts, V(1) == V(1),
            V(1) != V(2))


class Operators:
    def __init__(self, v):
        self.v = v

    def __add__(self, other):
        return Operators(self.v + getattr(other, "v", other))

    __radd__ = __add__

    def __getitem__(self, i):
        return self.v * i

    def __call__(self, *a):
        return self.v, a

    def __iter__(self):
        return iter(range(self.v))

    def __bool__(self):
        return self.v > 0

    def __len__(self):
        return self.v

    def __contains__(self, x):
        return x == self.v


def test_dunder_methods():
    o = Operators(3)
    return ((o + 1).v, (1 + o).v, o[4], o(1, 2), list(o), bool(Operators(0)), len(o),
            3 in o, 4 in o, sum(Operators(2), 10))
