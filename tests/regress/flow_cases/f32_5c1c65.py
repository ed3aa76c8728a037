def f32(a):
    t = []
    k0 = 0
    while a:
        k0 += 1
        if k0 > 5:
            break
        with CM(t, 114, True):
            raise ValueError(115)
        return a - 2 < True
    return t
