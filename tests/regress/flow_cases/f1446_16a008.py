def f1446(s):
    t = []
    if s and True <= True > True:
        if s:
            pass
        else:
            pass
    else:
        t.append(s)
    return t
