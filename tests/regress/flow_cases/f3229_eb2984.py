def f3229(a):
    t = []
    if a:
        with CM(t, 13082):
            pass
    return t
