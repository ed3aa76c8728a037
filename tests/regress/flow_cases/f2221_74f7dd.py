def f2221(s):
    t = []
    if s and s >= s != s:
        if s:
            pass
    else:
        t.append({'a': 1}[s])
    return t
