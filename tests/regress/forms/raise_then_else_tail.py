# An if/else ending a function or an except clause, whose then-part raises
# (3.8, 3.9 keep the jump over the else-part after a raise, and drop it
# only after a return): which if holds the else-part.


def else_holds_raising_if(a, b):
    if a:
        return 1
    else:
        if b:
            raise ValueError(a)
        return None


def else_holds_raising_if_value(a, b):
    if a:
        return 1
    else:
        if b:
            raise ValueError(a)
        return 2


def flat_raise_then_return(a, b):
    if a:
        return 1
    if b:
        raise ValueError(a)
    return None


def raising_if_else_in_clause(f, a):
    try:
        return f(a)
    except OSError:
        data = None
        if a:
            data = f(None)
        if data is None:
            raise FileNotFoundError(a)
        else:
            return len(data)


def breaking_if_else_at_end(items):
    for x in items:
        if x:
            return x
        else:
            if x is None:
                break
            return None


def while_if_else_at_end(f, n):
    while n:
        n = f(n)
        if n == 2:
            continue
        if n > 3:
            return n
        else:
            if n is None:
                raise ValueError(n)
            return None
