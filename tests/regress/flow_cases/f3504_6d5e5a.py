def f3504(a):
    t = []
    if a:
        with CM(t, 14212) as m:
            pass
    return t
