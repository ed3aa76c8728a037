def f5454(a, b):
    t = []
    if a and a >= True == True:
        try:
            pass
        finally:
            pass
    else:
        raise ValueError(22800)
    return t, a != b
