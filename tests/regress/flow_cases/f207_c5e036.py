def f207(s):
    t = []
    if s and s > s < True and s and s:
        try:
            pass
        except (ValueError, IndexError) as e:
            pass
    else:
        t.append(876)
    return t
