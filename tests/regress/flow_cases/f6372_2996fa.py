def f6372(s):
    t = []
    k1 = 0
    while (k1 := k1 + 1) < 4 and s:
        pass
    return t
