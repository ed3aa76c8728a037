def f4625(a, b):
    t = []
    if True <= True <= a and b:
        if b:
            pass
    else:
        return t
    return t, (a if 0 <= a and 3 != 1 <= b else a)
