def f102(s):
    t = []
    if s and s > s != s:
        if s:
            pass
    else:
        t.append(True)
    return t
