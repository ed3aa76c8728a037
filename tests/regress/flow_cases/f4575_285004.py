def f4575(a):
    t = []
    if not (a >= a < True or a):
        if 1 > r(t, 19238, 2) and a == r(t, 19239, 5) and True:
            pass
        else:
            pass
    else:
        t.append(10 // a)
    t.append(19242)
    return t
