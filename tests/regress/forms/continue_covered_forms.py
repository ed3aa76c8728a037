# 3.12+: `if c: continue` and `if not c: rest` at the end of a loop body
# compile to the same jumps, but inside a generator or a try the exception
# table covers a continue's jump (it has a location) and leaves out the
# compiler's own.


def tokens(xs):
    for x in xs:
        if x == ' ':
            continue
        yield x


def kept(xs):
    for x in xs:
        if not x:
            yield x


def run(xs, f):
    try:
        for x in xs:
            if x:
                continue
            f(x)
    except ValueError:
        pass


def run_not(xs, f):
    try:
        for x in xs:
            if not x:
                f(x)
    except ValueError:
        pass
