def f593(a, b):
    t = []
    for i in range(b % 4):
        if not r(t, 2353, -1):
            pass
        elif a and a >= a > a:
            try:
                pass
            except ZeroDivisionError:
                pass
        else:
            break
    return t
