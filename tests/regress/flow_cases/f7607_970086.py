def f7607(a, b):
    t = []
    if a:
        try:
            return t, a
        except ZeroDivisionError:
            pass
    elif b:
        return t
    a -= 2
    return t
