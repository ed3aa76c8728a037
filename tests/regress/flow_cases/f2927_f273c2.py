def f2927(a):
    t = []
    try:
        return t, (True if a else True)
    except IndexError:
        pass
    return t
