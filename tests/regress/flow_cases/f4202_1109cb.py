def f4202(s):
    t = []
    if s >= s >= s and s and True:
        if s:
            pass
        else:
            pass
    else:
        t.append(True)
    return t
