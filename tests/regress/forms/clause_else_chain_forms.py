# 3.13: an except clause's if/else whose else-part, a return or raise, is moved
# past the clause's end: where the test is a chained comparison, whose cleanup's
# jump goes there too (http.cookiejar._str2time), or the return's value is
# loaded where no handler covers it.

def f1(mon):
    try:
        mon = g(mon)
    except ValueError:
        try:
            imon = int(mon)
        except ValueError:
            return None
        if 1 <= imon <= 12:
            mon = imon
        else:
            return None
    h(mon)
    return mon


def f2(a, lo, hi):
    for x in a:
        try:
            y = g(x)
        except KeyError:
            if lo < x < hi:
                y = x
            else:
                raise
        k(y)


def f3(a, lo, hi):
    while a:
        try:
            y = g(a)
        except KeyError as e:
            if lo <= a.n < hi:
                y = e
            else:
                return a
        k(y)
    return 0


def f4(a, lo, hi):
    while a:
        try:
            y = g(a)
        except KeyError as e:
            if a.n:
                y = e
            else:
                return a
        k(y)
    return 0
