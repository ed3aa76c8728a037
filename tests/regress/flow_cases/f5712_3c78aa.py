def f5712(a):
    t = []
    if True == True >= True and a:
        if a:
            pass
        else:
            pass
    else:
        t.append(23918)
    return t
