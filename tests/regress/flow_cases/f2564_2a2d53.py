def f2564(a):
    t = []
    if a:
        with CM(t, 10364) as m:
            pass
    return t
