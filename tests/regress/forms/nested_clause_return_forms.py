"""`return` inside an except clause nested in another (pdb.Pdb.do_break):
it leaves both clauses, POP_EXCEPT for each, before the return, and the
clause's body goes on past it.  3.10 places the outer clause's end and a
copy of the code after the try right after the inner clause where the inner
try ends the outer clause (nested_last), which does not come back yet."""


def nested(self, arg):
    try:
        lineno = int(arg)
    except ValueError:
        try:
            func = eval(arg)
        except:
            if arg:
                return
        print(arg)
    print(lineno)


def nested_value(self, arg):
    try:
        lineno = int(arg)
    except ValueError:
        try:
            func = eval(arg)
        except:
            if arg:
                return 1
    print(lineno)


def single(c):
    try:
        a()
    except E:
        if c:
            return
    c


def single_bare(c):
    try:
        filename = c
    except:
        if c:
            return
    c


def nested_last(self, c):
    try:
        lineno = c
    except ValueError:
        try:
            filename = c
        except:
            if c:
                return
    c
