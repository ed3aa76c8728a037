def f1389(b):
    t = []
    if b:
        with CM(t, 5800, True):
            pass
    return t
