"""A return inside a try/finally inside a try with except clauses (dbm.whichdb):
on its way out it runs the finally block's copy, then leaves the outer
block too (3.8: CALL_FINALLY, then POP_BLOCK; 3.9, 3.10: the copy, then
POP_BLOCK), right before the return."""


def whichdb(filename):
    try:
        try:
            if c:
                return 'dbm.dumb'
        finally:
            c
    except OSError:
        pass


def w2(filename):
    try:
        f = io.open(filename)
        try:
            s = f.read(4)
            if s == b'x':
                return 'dbm.dumb'
        finally:
            f.close()
    except OSError:
        pass
    return None
