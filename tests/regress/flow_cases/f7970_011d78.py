def f7970(s):
    t = []
    try:
        return t, (s if s else s)
    except (ValueError, IndexError) as e:
        pass
    return t
