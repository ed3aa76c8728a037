def f5137(a):
    t = []
    for i in range(3):
        if a if a else True:
            pass
        else:
            t.append(a)
    return t
