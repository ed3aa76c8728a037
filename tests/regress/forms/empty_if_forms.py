# An if whose body is only `pass` compiles to a conditional jump to the
# very next instruction (distutils' create_static_lib: `if debug: pass`):
# both ways out of the test lead to the same place.


def create_static_lib(self, objects, debug):
    if self._need_link(objects):
        lib_args = objects + ['/OUT:']
        if debug:
            pass
        try:
            self.spawn([self.lib] + lib_args)
        except OSError as msg:
            raise ValueError(msg)
    else:
        log.debug('skipping')


def both(a, b):
    if a and b:
        pass
    g()


def either(a, b):
    if a or b:
        pass
    g()


def negated(a):
    if not a:
        pass


def then_empty_else(a):
    if a:
        pass
    else:
        g()


def in_loop(a, b):
    for x in a:
        if x:
            pass
        g(x)
    while a:
        if b:
            pass


def empty_elif(a, b):
    if a:
        g()
    elif b:
        pass
    h()


def chained(a, b, c):
    if a < b < c:
        pass
    g()


def is_none(a):
    if a is None:
        pass
    return a


def grouped(a, b, c):
    if (a or b) and c:
        pass


def nested(a, b):
    if a:
        if b:
            pass
    g()
