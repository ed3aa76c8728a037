# Except clauses that leave by their own copy of the code after the try
# or the loop (3.10): a break out of a for loop (inspect's
# BoundArguments.args), a try statement whose body ends the function
# (tarfile's makelink, logging's isEnabledFor), a return of a value out
# of nested clauses (email's decode_b), a bare clause falling into a
# while loop's bottom test (contextlib's ExitStack.__exit__).  Must
# compile back to the same bytecode.


def args(self, items):
    for name, param in items:
        try:
            arg = self.arguments[name]
        except KeyError:
            break
        self.out.append(arg)
    return self.out

def enabled(self, level):
    try:
        return self.cache[level]
    except KeyError:
        lock()
        try:
            self.cache[level] = 1
        finally:
            unlock()
        return 1

def makelink(self, tarinfo, targetpath):
    try:
        os.symlink(tarinfo.linkname, targetpath)
    except OSError:
        try:
            self.extract(tarinfo)
        except KeyError:
            raise ExtractError('not found') from None

def decode_b(encoded):
    try:
        return decode(encoded), []
    except Error:
        try:
            return decode(encoded + b'=='), [1]
        except Error:
            return encoded, [2]

def exit_(self, cbs):
    while cbs:
        cb = cbs.pop()
        try:
            if cb():
                suppressed = True
        except:
            pending = True
    return suppressed
