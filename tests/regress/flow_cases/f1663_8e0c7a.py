def f1663(a):
    t = []
    k0 = 0
    while (k0 := k0 + 1) < 4 and True:
        pass
    return t
