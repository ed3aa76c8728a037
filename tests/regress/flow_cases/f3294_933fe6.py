def f3294(a, b):
    t = []
    if b and (a or a):
        pass
    else:
        raise ValueError(13461)
    return t
