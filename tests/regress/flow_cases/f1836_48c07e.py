def f1836(s, a):
    t = []
    if True < a != s and s:
        if a:
            pass
    else:
        return t, True
    return t
