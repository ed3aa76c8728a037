def f5245(s):
    t = []
    if s:
        with CM(t, 21357) as m:
            pass
    return t
