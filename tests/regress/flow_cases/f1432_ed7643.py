def f1432(a, b, s):
    t = []
    k0 = 0
    if b and True < True != True:
        while k0 < 3 and '':
            k0 += 1
    else:
        return t, b != a and b < a and 1 > 0 >= b and 'ab' == s == s[:1]
    return t
