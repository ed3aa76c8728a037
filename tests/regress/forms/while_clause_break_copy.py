# 3.10: `break` ending an except clause in a while loop whose code after
# it is a small exit block: the break's jump gets a copy of that block,
# right after the clause's POP_EXCEPT (_collections_abc's Sequence.index).
# Read as that code inside the clause, a raise there would chain the
# handled exception as its __context__: behaviour, not only bytecode.


def index(self, value, start=0, stop=None):
    i = start
    while stop is None or i < stop:
        try:
            v = self[i]
            if v is value or v == value:
                return i
        except IndexError:
            break
        i += 1
    raise ValueError


def first_missing(self, i, stop):
    while i < stop:
        try:
            v = self[i]
        except IndexError:
            break
        i += 1
    return i


def break_with_else(self, i, stop):
    while i < stop:
        try:
            v = self[i]
        except (IndexError, KeyError):
            break
        else:
            g(v)
        i += 1
    raise LookupError(i)
