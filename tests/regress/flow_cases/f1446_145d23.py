def f1446(s):
    t = []
    if s and True <= True > True:
        if s:
            pass
    else:
        t.append(True)
    return t
