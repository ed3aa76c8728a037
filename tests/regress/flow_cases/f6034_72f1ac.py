def f6034(a, s):
    t = []
    if a and True > True == a:
        if s:
            pass
    else:
        t.append(24898)
    return t
