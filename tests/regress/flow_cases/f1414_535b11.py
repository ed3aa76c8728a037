def f1414(a):
    t = []
    if not a >= True == True and a:
        if a:
            pass
        else:
            pass
    else:
        t.append(5772)
    return t
