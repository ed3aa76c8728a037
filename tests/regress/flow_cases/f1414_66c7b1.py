def f1414(a):
    t = []
    if not a >= a == True and a:
        if a:
            pass
    else:
        t.append(5772)
    return t
