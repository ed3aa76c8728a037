def f208(s, a):
    t = []
    if True < 5 >= True and s and s:
        if a:
            pass
    else:
        t.append(s)
    return t
