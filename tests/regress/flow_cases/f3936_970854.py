def f3936(b):
    t = []
    if b:
        with CM(t, 16134) as m:
            pass
    return t
