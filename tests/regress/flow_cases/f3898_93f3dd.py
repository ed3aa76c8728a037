def f3898(b):
    t = []
    k0 = 0
    while (k0 := k0 + 1) < 5 and b:
        pass
    return t
