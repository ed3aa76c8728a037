def f2011(b):
    t = []
    k0 = 0
    while (k0 := k0 + 1) < 4:
        pass
    return t
