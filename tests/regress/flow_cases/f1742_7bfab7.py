def f1742(a):
    t = []
    try:
        return t, (a if a else a)
    except (ValueError, IndexError) as e:
        pass
    return t
