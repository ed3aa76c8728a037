def f2662(a, b):
    t = []
    if True == True > a and b:
        try:
            pass
        except IndexError:
            pass
    else:
        t.append(True)
    return t
