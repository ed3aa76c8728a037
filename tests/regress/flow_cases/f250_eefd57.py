def f250(a):
    t = []
    if a != 1 > a and True and a:
        if a:
            pass
    else:
        t.append(998)
    return t
