# 3.13: a try body whose last statement, a try/finally, has its normal path's
# jump threaded past the outer try's handlers to the code after it, where the
# except clauses go too (dbm.whichdb).

def f1(filename):
    try:
        f = io.open(filename + b".pag", "rb")
        return "dbm.ndbm"
    except OSError:
        pass
    try:
        f = o(filename)
        try:
            if f.read(1):
                return "dbm.dumb"
        finally:
            f.close()
    except OSError:
        pass
    try:
        f = io.open(filename, "rb")
    except OSError:
        return None
    return 4


def f2(a, b):
    try:
        return g(a)
    except KeyError:
        pass
    try:
        x = h(a)
        try:
            x.run(b)
        finally:
            x.close()
    except (OSError, ValueError) as e:
        log(e)
    except TypeError:
        b = 2
    k(a, b)
    k(b, a)
    return b


def f3(items):
    for a in items:
        try:
            g(a)
            continue
        except KeyError:
            pass
        try:
            try:
                if a:
                    return a
                h(a)
            finally:
                done(a)
        except OSError:
            log(a)
        k(a)
        k(a, a)
