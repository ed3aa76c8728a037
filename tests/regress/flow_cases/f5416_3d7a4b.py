def f5416(s):
    t = []
    if s:
        with CM(t, 22263):
            pass
    return t
