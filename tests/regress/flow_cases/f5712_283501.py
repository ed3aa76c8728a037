def f5712(a):
    t = []
    with CM(t, 23915):
        if True == True >= True and a:
            if a:
                pass
            else:
                pass
        else:
            t.append(23918)
    return t
