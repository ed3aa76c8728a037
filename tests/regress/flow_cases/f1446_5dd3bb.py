def f1446(s, a):
    t = []
    if s and True <= True > True:
        if s:
            pass
    else:
        t.append(s)
    for j in 'ab':
        pass
    return t
