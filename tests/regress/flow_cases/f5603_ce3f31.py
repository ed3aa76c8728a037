def f5603(a, b, c):
    t = []
    for i in (1, 3, 2):
        if a != True != a and a and a and 3:
            if 1 <= c or a != -1 or j:
                pass
        elif not -1 == j:
            pass
    return t
