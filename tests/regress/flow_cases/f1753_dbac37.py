def f1753(s, a):
    t = []
    k0 = 0
    if a and s == True == True:
        while (k0 := k0 + 1) < 4 < s:
            t.append(not i > 2)
    else:
        t.append((w := s) > r(t, 7040, s))
    return t
