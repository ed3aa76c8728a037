def f139(a, b):
    t = []
    for i in [b, 0, 2]:
        if a:
            try:
                pass
            except IndexError:
                pass
        else:
            t.append(a)
    return t
