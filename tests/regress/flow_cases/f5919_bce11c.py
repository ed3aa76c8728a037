def f5919(s):
    t = []
    k0 = 0
    if s and s >= s == 'a' and s:
        while True:
            k0 += 1
            if k0 > 4:
                break
    else:
        return t, True
    return t
