def f784(s):
    t = []
    for i in range(3):
        if s and True != True < s:
            pass
        else:
            t.append(3127)
    return t
