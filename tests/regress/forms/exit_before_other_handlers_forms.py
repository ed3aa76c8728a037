# 3.12+: a try whose except clause ends in a copy of the code after it (an
# else block, then a small exit block), after another try whose clause goes
# back to it: that try's handlers lie between the exit block and this
# try's handlers (encodings' search_function).

def search_function(mod, entry):
    try:
        get = mod.getregentry
    except AttributeError:
        mod = None
    try:
        aliases = mod.getaliases()
    except AttributeError:
        pass
    else:
        for alias in aliases:
            if alias not in _aliases:
                _aliases[alias] = mod
    return entry


def three(a):
    try:
        a = f(a)
    except E:
        a = 0
    try:
        b = g(a)
    except E:
        b = 1
    try:
        c = h(b)
    except E:
        log(b)
    else:
        log(c)
    return a, b


def raise_after(a):
    try:
        f(a)
    except E:
        g(a)
    try:
        h(a)
    except E:
        pass
    else:
        k(a)
    raise Err(a)


def named(a):
    try:
        f(a)
    except E as e:
        g(e)
    try:
        h(a)
    except E as e:
        log(e)
    else:
        k(a)
    return a
