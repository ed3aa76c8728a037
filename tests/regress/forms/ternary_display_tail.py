# `a if c else b` as the last part of a display or f-string ending a
# function, after parts computed before the test: 3.10+ copy the tail
# (LIST_EXTEND, BUILD_STRING, ...) into each branch.  Each branch extended
# the one list node the stack held, so the other branch's `*1` showed in
# the display (`[g(), *1, *(1 if c else 2)]`: wrong code); an f-string's
# FORMAT_VALUE taken into a branch left a part that is no field, and the
# printer refused the whole module.


def star_list(c):
    return [g(), *(1 if c else 2)]


def star_list_after_star(c, y):
    return [g(), *y, *(1 if c else 2)]


def star_tuple(c):
    return (g(), *(1 if c else 2))


def star_set(c):
    return {g(), *(1 if c else 2)}


def star_dict(c):
    return {'a': g(), **(1 if c else 2)}


def fstring_field(c):
    return f"{g()}{1 if c else 2}"


def fstring_spec(c, w):
    return f"{g()}{1 if c else 2:>{w}}"


def fstring_conversion(c):
    return f"{g()}{1 if c else 2!r:>5}"
