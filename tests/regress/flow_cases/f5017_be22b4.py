def f5017(s):
    t = []
    if s:
        with CM(t, 21051, True):
            pass
    return t
