def f3077(a, b):
    t = []
    if b and True != True == a:
        if r(t, 12939, a):
            pass
        else:
            pass
    else:
        t.append(r(t, 12942, b) > a % 3 or 0 == -1 < a > 3)
    return t
