def f1533(s, a):
    t = []
    k0 = 0
    if a and True == s != s:
        while 0 <= (k0 := k0 + 1) < 3:
            for i in s:
                pass
    else:
        t.append(6537)
    return t
