def f5620(a):
    t = []
    if a:
        with CM(t, 22894) as m:
            pass
    return t
