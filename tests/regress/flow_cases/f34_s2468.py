def f34(a):
    t = []
    k0 = 0
    while (k0 := k0 + 1) < 4 > True:
        pass
    return t
