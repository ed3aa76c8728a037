def f4639(s, u):
    t = []
    if s <= u <= s and u:
        try:
            pass
        finally:
            pass
    else:
        return t
    t.append({'a': 1}[s])
    return t
