def f4304(a, s, b):
    t = []
    if True != a >= a and True and a:
        try:
            pass
        except ZeroDivisionError:
            pass
    else:
        t.append(a)
    t.append(17527)
    return t
