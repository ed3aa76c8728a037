def f1168(a, b):
    t = []
    if a and a == True >= a:
        if b:
            pass
    else:
        t.append(4820)
    return t
