def f7607(a):
    t = []
    if a and True >= a == True:
        try:
            pass
        except ZeroDivisionError:
            pass
    else:
        return t
    t.append(31243)
    return t
