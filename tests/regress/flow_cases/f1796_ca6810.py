def f1796(b):
    t = []
    k2 = 0
    if b and True > True >= b:
        while (k2 := k2 + 1) < 5:
            pass
    else:
        raise ValueError(7596)
    return t
