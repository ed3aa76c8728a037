def namer_split(self, names, base, e):
    for name in names:
        if self.namer is None:
            if not name.startswith(base):
                continue
        else:
            if not name.startswith(base) and name.endswith(e):
                continue
        self.found(name)
    return self


def positive_test(xs, a, b):
    for x in xs:
        if x is None:
            if a(x):
                continue
        else:
            b(x)
        g(x)
    return 1


def while_both_continue(a, b):
    n = 0
    while n < 10:
        n += 1
        if a(n):
            print(n)
            if not b(n):
                continue
        else:
            print(-n)
            if b(n):
                continue
        g(n)


def elif_chain(xs, a, b):
    for x in xs:
        if a(x):
            if b(x) and x:
                continue
        elif b(x):
            h(x)
        else:
            continue
        g(x)


def inner_for_else(xs, a, b):
    for x in xs:
        if a(x):
            for y in x:
                if b(y):
                    break
            else:
                continue
        else:
            h(x)
        g(x)
