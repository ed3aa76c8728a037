def f199(a):
    t = []
    if a > True != a and True > True:
        try:
            pass
        finally:
            pass
    else:
        t.append(828)
    return t
