# 3.12+: a with whose body cannot complete (returns or raises), ending an
# if's then-part: its handler goes on to the function's `return None`, the
# code after the if (importlib._bootstrap_external's FileLoader.get_data).

def get_data(self, path):
    if isinstance(self, A):
        with op(path) as file:
            return file.read()
    else:
        with op2(path) as file:
            return file.read()


def elif_chain(a, b):
    if a:
        with op(a) as f:
            return f.read()
    elif b:
        with op(b):
            return 2
    else:
        return 3


def raises(a):
    if a:
        with op(a):
            raise E(a)
    else:
        g(a)


def else_returns(a):
    if a:
        with op(a):
            return 1
    else:
        return 2


def nested_if(a, b):
    if a:
        if b:
            with op(a):
                return 1
        else:
            g(b)
    else:
        return 2


def gen(a):
    if a:
        with op(a):
            return (yield 1)
    else:
        yield 2


def explicit(a):
    if a:
        with op(a):
            return 1
        return None
    g(a)
