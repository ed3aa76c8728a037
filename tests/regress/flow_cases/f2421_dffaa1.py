def f2421(b):
    t = []
    if b:
        with CM(t, 10285) as m:
            pass
    return t
