def f3002(a):
    t = []
    if True >= True < a and a <= True:
        if a:
            pass
        else:
            pass
    elif r(t, 12192, a):
        pass
    else:
        pass
    return t
