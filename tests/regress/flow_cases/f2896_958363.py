def f2896(a, b):
    t = []
    if a:
        try:
            return t
        except (ValueError, IndexError) as e:
            pass
    elif b:
        pass
    else:
        pass
    t.append(11649)
    return t
