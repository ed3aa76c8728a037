# 3.13: a for loop in an except clause whose `break` falls into the clause's end
# (POP_TOP; POP_EXCEPT; JUMP) placed in the loop's body, the else block ending in a
# return, raise or continue (linecache.updatecache, enum._proto_member.__set_name__).


def f1(filename, path):
    try:
        stat = g(filename)
    except OSError:
        for dirname in path:
            try:
                stat = h(dirname)
                break
            except ValueError:
                pass
        else:
            return []
    try:
        x = 1
    except OSError:
        return []
    return stat

def f2(value, items):
    try:
        try:
            m = items[value]
        except TypeError:
            for name, c in items.items():
                if c == value:
                    m = c
                    break
            else:
                raise KeyError
    except KeyError:
        m = None
    g(m)
    try:
        g(value)
    except TypeError:
        h(value)

def f3(a, b):
    while a:
        try:
            x = g(a)
        except OSError as e:
            for y in b:
                if y(e):
                    break
            else:
                return e
        h(x)

def f4(a, b):
    for z in a:
        try:
            x = g(z)
        except OSError:
            for y in b:
                if y:
                    x = y
                    break
            else:
                raise ValueError(z)
        except KeyError:
            x = 2
        h(x)
    return 1

def f5(a, b):
    try:
        x = g(a)
    except OSError:
        for y in b:
            if y:
                break
            k(y)
        else:
            return 5
    h(x)
    h(a)

def f6(a, b):
    try:
        x = g(a)
    except (OSError, ValueError) as e:
        for y in b:
            try:
                x = y(e)
            except TypeError:
                continue
            break
        else:
            return len(b) + 1
    h(x)
    h(a)
    return x


def f7(b):
    try:
        x = g(b)
    except OSError:
        for y in b:
            if y:
                break
            for z in y:
                if z:
                    break
            else:
                return 3
        else:
            return 1
    h(x)
    h(b)


def f8(b, c):
    while c:
        try:
            x = g(b)
        except OSError:
            for y in b:
                if y:
                    break
            else:
                continue
        h(x)
