def f5604(a):
    t = []
    for j in range(3):
        if a and True <= True < True:
            if j:
                pass
        elif not i:
            pass
    return t
