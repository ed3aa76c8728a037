"""A try statement whose body is a try whose body returns (pdb.Pdb.do_help):
the outer body goes on in the inner handler, placed after the return, and
its except clause falls into the outer else block or the code after it
(3.12+ copies that code to each clause; 3.8 leaves both blocks right before
the return)."""


def do_help(self, arg):
    try:
        try:
            return c
        except AttributeError:
            pass
    except AttributeError:
        pass
    else:
        c


def v2(self, arg):
    try:
        try:
            return c
        except AttributeError:
            pass
    except AttributeError:
        pass
    c
