# Try statements one after another in a loop's body (mailbox
# MH._open_mh_sequences_file): an except clause of the first goes on to the
# second, a try statement of the loop's body, not code after the loop.  And
# a try nested in a try in an if's then-part, whose clauses 3.13 jump past
# the else-part, threaded through the then-part's jump (unittest.main).


def open_either(path):
    while True:
        try:
            return open(path)
        except FileNotFoundError:
            pass
        try:
            return open(path, 'x')
        except FileExistsError:
            pass


def touch_then_open(path):
    while True:
        try:
            open(path)
        except FileNotFoundError:
            pass
        try:
            return open(path, 'x')
        except FileExistsError:
            pass


def nested_in_then(c, make):
    if c:
        try:
            try:
                runner = make(c)
            except TypeError:
                runner = make(None)
        except TypeError:
            runner = None
    else:
        runner = c
    make(runner, c)
