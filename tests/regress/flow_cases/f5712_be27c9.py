def f5712(a):
    t = []
    if True == True >= a and a:
        if a:
            pass
    else:
        t.append(23918)
    return t
