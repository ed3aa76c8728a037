def f440(s, a):
    t = []
    k1 = 0
    k1 += 1
    if s and 0 < True >= a:
        if a:
            pass
    else:
        t.append(True)
    return t
