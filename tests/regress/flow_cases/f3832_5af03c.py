def f3832(s):
    t = []
    if s:
        with CM(t, 16053):
            pass
    return t
