def f1660(a):
    t = []
    if a:
        with CM(t, 6636, True):
            return t
    return t
