def f1280(a, s):
    t = []
    k0 = 0
    while a and k0 < 3:
        k0 += 1
        if s:
            try:
                t.append([1, 2][a])
            finally:
                pass
        else:
            t.append(5007)
    return t
