def f4304(a, s, b):
    t = []
    if True != a >= a and a and a:
        try:
            pass
        except ZeroDivisionError:
            pass
    else:
        t.append(True)
    return t
