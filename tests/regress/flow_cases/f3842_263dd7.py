def f3842(a, s):
    t = []
    k1 = 0
    if a and True == a < a:
        while a:
            k1 += 1
            if k1 > 3:
                break
    else:
        return t
    t.append('' < s)
    return t
