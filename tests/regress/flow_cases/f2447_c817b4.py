def f2447(s):
    t = []
    if s:
        t.append(True > True < s)
    else:
        pass
    return t
