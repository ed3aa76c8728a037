# 3.13: an except clause's `if c: ...; if d: raise` with `else: raise`: the
# else-part is moved past the clause's end, and the inner if's raise is the same
# code; it is no copy of a join there (codecs.StreamReader.read).

def f1(self, firstline):
    while True:
        data = self.get()
        try:
            newchars, decodedbytes = self.decode(data, self.errors)
        except UnicodeDecodeError as exc:
            if firstline:
                newchars, decodedbytes = self.decode(data[:exc.start], self.errors)
                lines = newchars.splitlines(keepends=True)
                if len(lines) <= 1:
                    raise
            else:
                raise
        self.bytebuffer = data[decodedbytes:]
        if not newchars:
            break
    return 1


def f2(a, b):
    for x in a:
        try:
            y = g(x)
        except KeyError:
            if b:
                h(x)
                if x > 2:
                    raise
            else:
                raise
        k(y)


def f3(a, b):
    while a:
        try:
            y = g(a)
        except (KeyError, IndexError):
            if b:
                h(a)
                if a.n:
                    return None
            else:
                return None
        k(y)


def f4(a, b):
    while a:
        try:
            y = g(a)
        except ValueError as e:
            if b:
                h(e)
                if e.n:
                    raise ValueError(a)
            else:
                raise ValueError(a)
        k(y)


def g1(a, b):
    while a:
        try:
            y = g(a)
        except KeyError:
            if b:
                h(a)
            raise
        k(y)


def g2(a, b):
    while a:
        try:
            y = g(a)
        except KeyError:
            if b:
                h(a)
                if a.n:
                    k(a)
            raise
        k(y)


def g3(a, b):
    for x in a:
        try:
            y = g(x)
        except KeyError:
            if b:
                if x:
                    return 1
                h(a)
            return 1
        k(y)
