def f1085(a):
    t = []
    if a:
        try:
            pass
        except:
            pass
    return t
