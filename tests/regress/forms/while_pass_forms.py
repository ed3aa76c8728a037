# A while loop whose body is only `pass` (3.10+: its bottom test jumps to
# itself, and is no further test of the condition before it): tarfile's
# TarFile._load, _compression's DecompressReader.seek once reduced.


def until_none(self):
    while self.next() is not None:
        pass
    self._loaded = True


def both(a, b):
    while a and b:
        pass
    return a


def negated(a):
    while not a:
        pass


def nested(a, b):
    while a:
        while b:
            pass


def with_else(a, b):
    while a:
        pass
    else:
        b()


def in_branch(a, b):
    if a:
        while b():
            pass
    else:
        a()


def in_finally(a, b):
    try:
        while a.poll() is None:
            pass
    finally:
        b()


async def awaited(a):
    while await a():
        pass


def walrus(a):
    while (x := a()):
        pass
    return x


while __name__ is None:
    pass
