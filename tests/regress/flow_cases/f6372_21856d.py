def f6372(a):
    t = []
    k1 = 0
    while (k1 := k1 + 1) < 4 and True:
        pass
    return t
