# `continue` and `break` inside an except clause of a loop, under an if,
# with more of the clause after them (tempfile's _mkstemp_inner shape):
# each version compiles back to the same bytecode, with the source's
# continues and breaks.


def if_continue_last(names):
    for seq in names:
        try:
            fd = g(seq)
        except PermissionError:
            if a:
                continue
        return fd


def if_continue_then_more(names):
    for seq in names:
        try:
            fd = g(seq)
        except PermissionError:
            if a:
                continue
            h()
        return fd


def and_continue_else_raise(names):
    for seq in names:
        try:
            fd = g(seq)
        except FileExistsError:
            h()
        except PermissionError:
            if a and b:
                continue
            raise
        return fd, seq
    raise ValueError


def for_break_then_more(names):
    for seq in names:
        try:
            fd = g(seq)
        except PermissionError:
            if a:
                break
            h()
        fd = 1
    return names


def try_finally_in_if_else(a, s):
    # 3.10, 3.11: the try's jump over its handler, to the loop's bottom
    # test, hid the then-part's jump over the else-part
    t = []
    while a and s:
        if s:
            try:
                t.append(1)
            finally:
                pass
        else:
            t.append(2)
    return t
