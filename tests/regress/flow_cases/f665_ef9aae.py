def f665(s, u, a):
    t = []
    k0 = 0
    if True > a <= True and True and s:
        while (k0 := k0 + 1) < 5 != s:
            t.append(2789)
    else:
        t.append(u != u)
    return t
