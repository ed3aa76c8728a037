# A try statement that ends a loop's body, with a clause whose exit goes
# back to the loop's head (3.8, 3.9: an explicit `continue` leaves the
# clause's own exit after it, dead; a clause without one, whose exit the
# compiler threaded to the head, has the code the body goes on to as its
# else block).  configparser's ConverterMapping.__delitem__, functools'
# update_wrapper, pty's _open_terminal.  Must compile back to the same
# bytecode.


def explicit_continue(xs, k):
    for inst in xs:
        try:
            delattr(inst, k)
        except AttributeError:
            continue


def plain_pass(xs, k):
    for inst in xs:
        try:
            delattr(inst, k)
        except AttributeError:
            pass


def else_block(w, xs):
    for attr in xs:
        try:
            value = getattr(w, attr)
        except AttributeError:
            pass
        else:
            setattr(w, attr, value)
    return w


def continue_then_code(w, xs):
    for attr in xs:
        try:
            value = getattr(w, attr)
        except AttributeError:
            continue
        setattr(w, attr, value)
    return w


def continue_then_return(names):
    for x in names:
        for y in '0123456789abcdef':
            try:
                fd = open_it(x + y)
            except OSError:
                continue
            return fd, x + y
    raise OSError('out of names')


def while_else_block(q):
    while q.more():
        try:
            item = q.get()
        except KeyError:
            pass
        else:
            q.done(item)
