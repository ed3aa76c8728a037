def f1734(a):
    t = []
    if a and True == a == True:
        if a:
            pass
    else:
        t.append(7285)
    return t
