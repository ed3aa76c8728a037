def f6826(b):
    t = []
    k0 = 0
    while (k0 := k0 + 1) < 3:
        pass
    return t
