def f4891(s):
    t = []
    if s:
        with CM(t, 20008) as m:
            pass
    return t
