# 3.12+: `if c: while a: try: ... except E: ...` then code with a try of its
# own: the compiler places the code after the if among the then-part's loop,
# and its handlers (and loop tests) after the then-part's code placed apart
# (unittest.loader's loadTestsFromName, heapq's merge).

def load(self, name, module=None):
    if module is None:
        while name:
            try:
                module = g(name)
                break
            except ImportError:
                h(name)
    for part in name:
        try:
            module = k(part)
        except AttributeError:
            return 1
    return module


def merge(h, key):
    if key is None:
        while len(h) > 1:
            try:
                while True:
                    s = h[0]
                    yield s
            except StopIteration:
                p(h)
        if h:
            yield h
        return
    while len(h) > 1:
        try:
            while True:
                s = h[0]
                yield s
        except StopIteration:
            p(h)
    if h:
        yield h


def try_after(h, key):
    if key is None:
        while len(h) > 1:
            try:
                return f(h)
            except StopIteration:
                p(h)
        return
    try:
        return f(h)
    except StopIteration:
        p(h)


def while_after(h, key):
    if key:
        while h:
            try:
                h = f(h)
                break
            except E:
                p(h)
    while key:
        try:
            key = g(key)
        except E as e:
            q(e)
    return h, key


def named_clauses(h, key):
    if key:
        while h:
            try:
                h = f(h)
                break
            except E as e:
                p(e)
            except F:
                return 0
    for x in key:
        try:
            g(x)
        except E:
            continue
        h = x
    return h
