def f709(a):
    t = []
    if a:
        with CM(t, 2988):
            pass
    return t
