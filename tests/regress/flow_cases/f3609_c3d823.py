def f3609(a):
    t = []
    k0 = 0
    while (k0 := k0 + 1) < 5:
        pass
    return t
