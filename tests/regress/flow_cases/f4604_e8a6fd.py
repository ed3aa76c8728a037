def f4604(b):
    t = []
    if b:
        with CM(t, 18687) as m:
            pass
    return t
