def f3250(a):
    t = []
    if a:
        with CM(t, 13188):
            pass
    return t
