def f92(u):
    t = []
    if u:
        with CM(t, 399) as m:
            pass
    return t
