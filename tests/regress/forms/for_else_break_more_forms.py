def elif_else_break(raw, S, T):
    count = []
    b = n = 0
    for ch in raw:
        if ch == S:
            b = b + 1
        elif ch == T:
            n = n + 1
        else:
            break
    return n


def if_else_break(raw, S, T):
    b = n = 0
    for ch in raw:
        if ch == S:
            b = b + 1
        else:
            break
    return n


def else_break_loop_else(raw, S, T):
    for ch in raw:
        if ch == S:
            b = 1
        elif ch == T:
            n = 1
            if n:
                break
        else:
            break
    else:
        n = 5
    return n


def else_break_nested(raw, S, T):
    for ch in raw:
        for y in ch:
            if y:
                g()
            else:
                break
        if ch == S:
            b = 1
        else:
            break
    return n


def else_break_then_call(raw, S, T):
    for ch in raw:
        if ch == S:
            g()
        else:
            break
    g(2)
