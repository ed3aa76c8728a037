def f1796(b):
    t = []
    k2 = 0
    while (k2 := k2 + 1) < 5:
        pass
    return t
