# match statements (3.10+): each pattern kind, or-patterns whose alternatives
# the compiler gives copies of the case's rest, guards, a default case, and
# a last case that fails into a copied exit block.  Must compile back to the
# same bytecode.


def values(s):
    match s:
        case 0:
            return "zero"
        case 1 | 2:
            return "one or two"
        case -1:
            return "minus one"
        case None:
            return "none"
        case True:
            return "true"
        case "go" | "stop" as word:
            return word
        case Color.RED:
            return "red"
        case _:
            return "fallback"


def sequences(s):
    match s:
        case []:
            return 0
        case [x]:
            return x
        case [1, second]:
            return second
        case [first, *middle, last] if len(middle) > 1:
            return first, middle, last
        case [a, *_, z]:
            return a, z
        case [_, _, *_]:
            return "two or more"
        case [[a, b], [c]]:
            return a + b + c
    return None


def mappings(s):
    match s:
        case {"action": "move", "x": x, "y": y}:
            return x, y
        case {"action": "say", "text": str(text), **rest}:
            return text, rest
        case {Color.RED: 1, "k": _}:
            return "keyed"
        case {**everything}:
            return everything
    return None


def classes(p):
    match p:
        case Point(0, 0):
            return "origin"
        case Point3(x, y, z=0):
            return x, y
        case Point(x=0, y=y):
            return y
        case Point(x, y) if x == y:
            return "diagonal"
        case Point3(_, _, z) as whole:
            return z, whole
        case Point():
            return "somewhere"
        case int(n) | float(n):
            return n
        case str() | bytes():
            return "string"
        case _:
            return "other"


def in_a_loop(commands, stack, out):
    for cmd in commands:
        match cmd:
            case ("push", value):
                stack.append(value)
            case ("add",):
                stack.append(stack.pop() + stack.pop())
            case ("skip",):
                continue
            case (a, b) | [b, a, _]:
                out.append((a, b))
        out.append(list(stack))
    return out


def guards_and_captures(v, out):
    match v:
        case (a, b) if a < b:
            out.append(("lt", a, b))
        case (a, b) if a > b and b:
            out.append(("gt", a, b))
        case [*all_items]:
            out.append(all_items)
        case other:
            out.append(other)
    return out


def nested_in_a_case(s, out):
    match s:
        case []:
            match out:
                case bytes():
                    out = s
        case 1:
            pass
    return out
