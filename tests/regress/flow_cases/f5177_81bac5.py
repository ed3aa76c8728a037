def f5177(a):
    t = []
    k0 = 0
    k1 = 0
    k0 += 1
    while (k1 := k1 + 1) < 5 and a:
        pass
    return t
