def f320(a):
    t = []
    if a:
        with CM(t, 1296) as m:
            pass
    else:
        pass
    return t
