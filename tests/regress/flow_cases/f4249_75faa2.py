def f4249(a):
    t = []
    k0 = 0
    k2 = 0
    while (k0 := k0 + 1) < 3:
        pass
    k2 += 1
    return t
