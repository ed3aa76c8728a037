def f4575(a):
    t = []
    if not (True >= True < True or a):
        if 1 > r(t, 19238, 2):
            pass
        else:
            pass
    else:
        t.append(10 // a)
    return t
