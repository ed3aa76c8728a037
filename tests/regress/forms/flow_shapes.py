# Shapes tests/tools/flow_fuzz.py found coming back as code that compiles
# and does something else (2026-11-26).  Each function must come back
# either behaving like the original on every input of INPUTS, or marked as
# not recovered.


class CM:
    def __init__(self, t, tag, swallow=False):
        self.t, self.tag, self.swallow = t, tag, swallow

    def __enter__(self):
        self.t.append(self.tag)
        return self

    def __exit__(self, *exc):
        self.t.append(-self.tag)
        return self.swallow


def walrus_while_empty_body(a):
    # 3.10+: the walrus's value went to a temporary assigned once, before
    # the loop: the loop never ended
    k0 = 0
    while (k0 := k0 + 1) < 5:
        pass
    return k0


def walrus_while_and(a):
    k1 = 0
    while (k1 := k1 + 1) < 5 and a:
        pass
    return k1


def ternary_constant_branch(a, s):
    # every version: `a if s else True` as a test came back inverted
    t = []
    if a if s else True:
        t.append(a)
    return t


def ternary_in_loop(a, s):
    t = []
    for i in range(3):
        if a if s else True:
            pass
        else:
            t.append(i)
    return t


def with_in_if_then_return(a, s):
    # 3.10: the code after the if was taken for the with handler's copy of
    # it, and the function returned None when the if was not taken
    t = []
    if a:
        with CM(t, 1):
            pass
    return t


def and_chain_else(a, s):
    t = []
    if a and 0 < s < 5:
        if s > 2:
            t.append(2)
        else:
            t.append(3)
    else:
        t.append(1)
    return t


def and_or_else(a, s):
    t = []
    if s and (a or a > 2):
        pass
    else:
        t.append(1)
    return t


def g(t):
    t.append("g")
    return len(t)


class Err(Exception):
    pass


def raiser(a):
    if a == 2:
        raise Err(a)
    return a


def ternary_return_in_try(a, s):
    # 3.12+: both branches end in a copy of the return, which takes g(t)
    # computed before the test: read as an if statement, g(t) ran after it
    # (and in a try body, the value went missing: `return t`)
    t = []
    try:
        return g(t), (raiser(a) if s else a), t
    except Err:
        pass
    return t


def ternary_return(a, s):
    t = []
    return g(t), (t.append(a) if s else a), t


def try_return_then_elif(a, s):
    # 3.12+ (ftplib's FTP.cwd): the except clause jumps back to the code
    # after the if/elif, which was taken for the code after the try, and
    # the function returned None when neither branch was taken
    t = []
    if a:
        try:
            return raiser(a), t
        except Err:
            t.append(1)
    elif s:
        t.append(2)
    t.append(3)
    return t


def with_swallow_return(a, s):
    # 3.9, 3.10: the return after a with whose body returns (reached when
    # the manager swallows an exception) was dropped
    t = []
    with CM(t, 4, True):
        t.append(raiser(a))
        return t
    return a


def if_with_swallow_return(a, s):
    t = []
    if s:
        with CM(t, 6, True):
            raiser(a)
            return t
    return s


def if_with_swallow_return_else(a, s):
    # 3.12, 3.13: the code after the if, which only the with's handler
    # reaches when it swallows, was placed after the else-part's return
    t = []
    if s:
        with CM(t, 7, True):
            raiser(a)
            return t, s
    else:
        return t
    t.append(8)
    return t


def r(t, tag, v):
    t.append(tag)
    return v


def chain_elif_break(a, b):
    # 3.10 (seed 7411): the chained comparison's cleanup, POP_TOP, falls
    # into the else-part's `break`, a jump where the last test's false path
    # goes too: the break was taken as the cleanup's own jump, and lost
    t = []
    k0 = 0
    for i in [a, 0, 2]:
        while k0 < 4 and a:
            k0 += 1
            if r(t, 1219, 0):
                pass
            elif True >= a >= b:
                return t
            else:
                break
    return t


INPUTS = {
    "walrus_while_empty_body": [(0,)],
    "walrus_while_and": [(0,), (1,)],
    "ternary_constant_branch": [(0, 0), (0, 1), (1, 0), (1, 1)],
    "ternary_in_loop": [(0, 0), (0, 1), (1, 0), (1, 1)],
    "with_in_if_then_return": [(0, 0), (1, 0)],
    "and_chain_else": [(0, 0), (1, 0), (1, 1), (1, 3), (1, 7)],
    "and_or_else": [(0, 0), (0, 1), (1, 0), (3, 1)],
    "ternary_return_in_try": [(1, 0), (1, 1), (2, 1), (2, 0)],
    "ternary_return": [(1, 0), (1, 1)],
    "try_return_then_elif": [(0, 0), (0, 1), (1, 0), (2, 0), (2, 1)],
    "with_swallow_return": [(1, 0), (2, 0)],
    "if_with_swallow_return": [(1, 0), (1, 1), (2, 1)],
    "if_with_swallow_return_else": [(1, 0), (1, 1), (2, 1)],
    "chain_elif_break": [(-1, 0), (0, 0), (1, 0), (1, 2), (2, 1)],
}
