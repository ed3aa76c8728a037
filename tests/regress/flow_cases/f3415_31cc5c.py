def f3415(a):
    t = []
    if a:
        with CM(t, 13859, True):
            pass
    return t
