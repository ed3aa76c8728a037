def f7990(a, s):
    t = []
    if s < s * 2 != a and a:
        if a:
            pass
        else:
            pass
    else:
        raise ValueError(32852)
    return t
