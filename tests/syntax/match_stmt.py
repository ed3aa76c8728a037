# min-version: 3.10
"""match/case with every pattern kind: value, singleton, capture, wildcard,
sequence (with star), mapping (with **rest), class (positional and keyword),
as, or, guards, nested patterns; match in loops and functions that return."""
import enum

SUBJECTS = [
    0, 1, 2, 3.5, "go", "stop", None, True, False, [], [1], [1, 2], [1, 2, 3, 4], (5, "x"),
    {"action": "move", "x": 1, "y": 2}, {"action": "quit"}, {"action": "say", "text": "hi", "extra": 9},
    {}, "other", [[1, 2], [3]], b"bytes", -1, 1 + 2j,
]


class Color(enum.Enum):
    RED = 1
    GREEN = 2


class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


class Point3(Point):
    __match_args__ = ("x", "y", "z")

    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


def describe(subject):
    match subject:
        case 0:
            return "zero"
        case 1 | 2:
            return "one or two"
        case -1:
            return "minus one"
        case 1 + 2j:
            return "complex"
        case None:
            return "none"
        case True:
            return "true"
        case False:
            return "false"
        case "go" | "stop" as word:
            return "command " + word
        case float(f) if f > 3:
            return "big float %s" % f
        case []:
            return "empty list"
        case [x]:
            return "single %r" % (x,)
        case [1, second]:
            return "starts with one, then %r" % (second,)
        case [first, *middle, last] if len(middle) > 1:
            return "long %r..%r (%d)" % (first, last, len(middle))
        case (5, str() as s):
            return "five and " + s
        case [[a, b], [c]]:
            return "nested %r" % (a + b + c)
        case {"action": "move", "x": x, "y": y}:
            return "move to %d,%d" % (x, y)
        case {"action": "say", "text": str(text), **rest}:
            return "say %s, rest %r" % (text, sorted(rest))
        case {"action": action}:
            return "other action " + action
        case {}:
            return "any mapping"
        case bytes():
            return "bytes"
        case str() | bytes():
            return "string %s" % subject
        case _:
            return "fallback"


def test_describe():
    return [describe(s) for s in SUBJECTS]


def classify_point(p):
    match p:
        case Point(0, 0):
            return "origin"
        case Point3(x, y, z=0):
            return "flat3d %d %d" % (x, y)
        case Point(x=0, y=y):
            return "on y axis %d" % y
        case Point(x, 0):
            return "on x axis %d" % x
        case Point(x, y) if x == y:
            return "diagonal"
        case Point3(_, _, z) as whole:
            return "3d z=%d (%s)" % (z, type(whole).__name__)
        case Point():
            return "somewhere"
        case Color.RED:
            return "red"
        case Color():
            return "another color"
        case int(n) | float(n):
            return "number %r" % n
        case _:
            return "not a point"


def test_classes():
    pts = [Point(0, 0), Point(0, 5), Point(3, 0), Point(2, 2), Point(1, 2),
           Point3(1, 2, 0), Point3(1, 2, 3), Color.RED, Color.GREEN, 4, 2.5, "p"]
    return [classify_point(p) for p in pts]


def test_match_in_loop():
    out = []
    commands = [("push", 1), ("push", 2), ("add",), ("pop",), ("nop",), ("push", 9), ("stop",), ("push", 0)]
    stack = []
    for cmd in commands:
        match cmd:
            case ("push", value):
                stack.append(value)
            case ("add",):
                b, a = stack.pop(), stack.pop()
                stack.append(a + b)
            case ("pop",):
                out.append(stack.pop())
            case ("stop",):
                break
            case _:
                continue
        out.append(list(stack))
    return out, stack


def test_capture_binding_and_guard_fallthrough():
    out = []
    for v in [(1, 2), (2, 1), (3, 3), [4], "s"]:
        match v:
            case (a, b) if a < b:
                out.append(("lt", a, b))
            case (a, b) if a > b:
                out.append(("gt", a, b))
            case (a, _):
                out.append(("eq", a))
            case [*all_items]:
                out.append(("seq", all_items))
            case other:
                out.append(("other", other))
    return out


def test_mapping_and_star_variants():
    out = []
    for v in [{"a": 1}, {"a": 1, "b": 2}, {"b": {"c": [1, 2]}}, [1, 2, 3], [1], (1, 2)]:
        match v:
            case {"b": {"c": [_, *tail]}}:
                out.append(("deep", tail))
            case {"a": 1, **others} if others:
                out.append(("with others", others))
            case {"a": _}:
                out.append("just a")
            case [*_, 3]:
                out.append("ends with 3")
            case [1, *rest]:
                out.append(("starts 1", rest))
    return out
