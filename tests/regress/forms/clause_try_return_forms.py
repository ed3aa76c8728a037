# A try inside an except clause whose body returns from inside an if
# (dbm's whichdb): 3.11+ drop the clause's exception (POP_EXCEPT) before the
# return, outside every handler, and the try body goes on past it; 3.8-3.10
# pop the try's block, then the clause's (POP_BLOCK, POP_EXCEPT) before it.
# 3.13 reads the inner clause's `pass` as a return of the copied code after
# it (the same code, laid out otherwise).


def whichdb(filename, io, ndbm):
    try:
        f = io.open(filename)
    except OSError:
        try:
            f = io.open(filename)
            if ndbm is not None:
                return "dbm.ndbm"
        except OSError:
            pass
    return 3

