# An if whose then-part is a while loop: `if a: while b: ...` (3.10+: the
# loop's first test falls out of the if's test, and its false path jumps
# where the if's does, so `a` and `b` look like one test `a and b`).
# _compression's DecompressReader.seek, json.decoder's py_scanstring.
# Must compile back to the same bytecode, read as an if around the loop.


def seek(self, offset):
    if self._size < 0:
        while self.read(8192):
            pass
    return self._size + offset


def body(a, b):
    if a < 0:
        while b.read():
            a += 1
    return a


def in_loop(a, b):
    while a:
        if a < 0:
            while b.read():
                pass
        a -= 1
    return a


def both_tests(a, b, c):
    if a and b:
        while c.more():
            c.step()
    return c


def loop_test_and(a, b, c):
    if a:
        while b and c.more():
            c.step()
    return c


def whole_test(a, b):
    while a and b.more():
        b.step()
    return b


def or_before(a, b, c):
    if a or b:
        while c.more():
            c.step()
    else:
        c.reset()
    return c


def with_else(a, c):
    if a:
        while c.more():
            c.step()
    else:
        c.reset()
    return c
