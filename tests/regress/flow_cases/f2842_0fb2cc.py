def f2842(a):
    t = []
    if a:
        with CM(t, 11496):
            pass
    return t
