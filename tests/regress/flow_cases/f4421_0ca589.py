def f4421(a):
    t = []
    if a:
        with CM(t, 18557):
            pass
    return t
