# 3.11+: a chained comparison in a condition whose last comparison is
# `is None` (or `is not None`): the compiler folds that test and its jump
# into POP_JUMP_IF_NOT_NONE (POP_JUMP_IF_NONE) on the kept operand
# (turtle's shapesize, uuid's uuid1).


def shapesize(self, stretch_wid=None, stretch_len=None, outline=None):
    if stretch_wid is stretch_len is outline is None:
        return (self._stretchfactor, self._outlinewidth)
    self.pen(resizemode='user')


def not_none(a, b):
    if a is b is not None:
        return 1
    return 2


def in_loop(a, b):
    while a < b is None:
        a = g(a)
    for x in a:
        if x is b is None:
            continue
        g(x)
    return a


def in_and(a, b, c):
    if a is b is None and c:
        return 1
    return 1 if a is b is None else 2
