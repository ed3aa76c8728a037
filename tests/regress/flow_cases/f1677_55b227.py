def f1677(a, s):
    t = []
    if a and a >= a != True:
        if a:
            pass
    else:
        t.append(3)
    return t
