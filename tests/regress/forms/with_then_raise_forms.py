# 3.12+: a with followed by a raise (a bare `raise` ending the except clause
# that holds it): the handler goes on to a copy of that raise
# (threading's Thread.start).

def start(self):
    with lock:
        g(self)
    try:
        s(self)
    except Exception:
        with lock:
            del l[self]
        raise
    self.w()


def raise_new(self):
    try:
        s(self)
    except Exception as e:
        with lock:
            del l[self]
        raise E(self) from e


def plain(self):
    with lock:
        g(self)
    raise E(self)


def in_if(self, a):
    if a:
        with lock:
            g(self)
        raise E(a)
    return a


def cond_after(self, a):
    with lock:
        g(self)
    if a:
        raise E(a)
    return a


def in_loop(self, xs):
    for x in xs:
        with lock:
            g(x)
        raise E(x)
