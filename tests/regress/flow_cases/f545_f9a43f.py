def f545(a, b):
    t = []
    k0 = 0
    if True > a == a and b:
        while a and k0 < 3:
            k0 += 1
    else:
        return t, True
    return t
