def f4814(a, b):
    t = []
    if b and a <= True < True:
        if a:
            pass
    else:
        raise ValueError(19579)
    return t
