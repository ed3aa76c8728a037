def f1495(s, a):
    t = []
    k0 = 0
    if s <= s == s and a:
        while True:
            k0 += 1
            if k0 > 4:
                break
    else:
        return t, True
    return t
