def f102(s):
    t = []
    if s and s > s != True:
        if s:
            pass
    else:
        t.append(True)
    t.append('a')
    return t
