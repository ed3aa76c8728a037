def f3282(s):
    t = []
    with CM(t, 13695, True):
        t.append(int(s))
        return t
    return t
