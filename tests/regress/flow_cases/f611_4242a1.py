def f611(a, b):
    t = []
    if True:
        try:
            if a:
                for i in [b, 0, 2]:
                    pass
            t.append([1, 2][b])
        except Exception:
            pass
        finally:
            pass
    else:
        pass
    return t
