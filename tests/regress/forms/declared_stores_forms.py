# A global or free variable stored only by an except clause's `as` (or
# in a class body) lost its declaration: the output bound a local (or a
# class attribute) instead, code that compiles and does something else.
# Found by the except* helper session (2026-12-07).
def global_as():
    global G
    try:
        x()
    except E as G:
        pass


def outer():
    N = 1

    def nonlocal_as():
        nonlocal N
        try:
            x()
        except E as N:
            pass
    return nonlocal_as


class Holder:
    global H
    H = 1

    def method(self):
        return H


def outer_class():
    M = 1

    class Inner:
        nonlocal M
        M = 2
    return Inner, M
