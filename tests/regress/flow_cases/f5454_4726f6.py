def f5454(a, b):
    t = []
    if a and True >= True == b:
        try:
            pass
        finally:
            pass
    else:
        raise ValueError(22800)
    return t
