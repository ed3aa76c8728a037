def f1578(b):
    t = []
    if b:
        with CM(t, 6427, True):
            pass
    return t
