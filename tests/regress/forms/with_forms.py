# With blocks left by a return, in the shapes the decompiler recovers on
# every version 3.8-3.13 (tests/test_regress.py::test_with_forms_exact):
# each __exit__ the return runs (3.9/3.10: POP_BLOCK and a call per block;
# 3.11+: a call per block, each under the handler around its own with).


def return_in_if(a, c):
    with a:
        if c:
            return 1
    return 2


def return_from_nested(a, b, c):
    with a:
        with b:
            if c:
                return 1
    return 2


def return_value_from_nested(a, b, c):
    with a:
        with b:
            if c:
                return c + 1
    return 2


def return_from_two_items(log, fail, A):
    with A(log, "e") as e, A(log, "f"):
        if fail:
            return log, e
    with A(log, "g"):
        return 5


def return_target(a, c):
    with a as x:
        if c:
            return x
        g(x)
    return 2


def return_constant_at_end(a):
    with a:
        return 5


def continue_in_loop(a, c):
    for x in a:
        with x:
            if c:
                continue
            g()
