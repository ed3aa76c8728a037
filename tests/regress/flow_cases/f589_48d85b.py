def f589(s):
    t = []
    if s:
        with CM(t, 2506) as m:
            pass
    return t
