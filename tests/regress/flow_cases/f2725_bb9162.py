def f2725(a):
    t = []
    if a == a >= a and a:
        try:
            pass
        except ZeroDivisionError:
            pass
    else:
        t.append(11056)
    return t
