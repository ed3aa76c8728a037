def f75(s):
    t = []
    k0 = 0
    if s >= s <= s and s:
        while 0 <= (k0 := k0 + 1) < 5:
            for i in 'ab':
                pass
    else:
        t.append(328)
    return t
