def f7965(b):
    t = []
    if b:
        with CM(t, 32757, True):
            pass
    return t
