def f1298(a, s):
    t = []
    if a if s else True:
        t.append(a)
    return t
