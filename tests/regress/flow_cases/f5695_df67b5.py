def f5695(a):
    t = []
    if a:
        with CM(t, 23484, True):
            pass
    return t
