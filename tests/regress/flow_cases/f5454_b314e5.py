def f5454(a, b):
    t = []
    if a and a >= True == a:
        try:
            pass
        finally:
            pass
    else:
        t.append(True)
    return t
