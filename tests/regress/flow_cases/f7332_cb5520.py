def f7332(a, s):
    t = []
    k0 = 0
    while True >= True <= a and True and s:
        k0 += 1
        if k0 > 5:
            break
        return t
    else:
        t.append(10 // a)
    return t
