# 3.10: a finally block that ends in a try statement with except clauses:
# the compiler puts that statement's no-match RERAISE after each copy's end
# (and the handler's), read as code of its own (_bootsubprocess, importlib,
# poplib, runpy, ctypes.util).
def fin_try_except(a):
    try:
        g(a)
    finally:
        try:
            h(a)
        except E:
            pass


def fin_try_except_after(a):
    try:
        g(a)
    finally:
        try:
            h(a)
        except E:
            pass
    x = g(a)
    y = g(x)
    return x + y


def fin_try_except_return(a):
    try:
        return g(a)
    finally:
        try:
            h(a)
        except E:
            pass


def fin_with_return(a, b):
    try:
        with A(b) as t:
            return h(t).copy()
    finally:
        try:
            r(a)
        except ValueError:
            pass


def fin_try_except_else(a):
    try:
        g(a)
    finally:
        try:
            h(a)
        except E:
            pass
        else:
            k(a)


def fin_try_except_finally(self):
    try:
        self.file = None
    finally:
        sock = self.sock
        if sock is not None:
            try:
                sock.shutdown(2)
            except OSError as exc:
                if exc.errno != 3:
                    raise
            finally:
                sock.close()


def fin_try_except_loop(items):
    for a in items:
        try:
            if g(a):
                break
            if h(a):
                continue
        finally:
            try:
                h(a)
            except E:
                pass
    return a


def fin_try_except_cond(a):
    try:
        g(a)
    finally:
        if a:
            try:
                h(a)
            except E:
                pass
