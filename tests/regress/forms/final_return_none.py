# `return None` written at the end of a function, after a loop or an if:
# 3.10+ copies the implicit final return (which has no line of its own) into
# each way to it, so one that is jumped to and fallen into is the source's
# (xml.dom.minidom, multiprocessing.dummy, timeit).  And a try ending an
# if's then-part at the end of a loop's body (multiprocessing.util,
# email.message).


def containing(c):
    while c is not None:
        if c.x:
            return c
        c = c.parent
    return None


def maybe_call(c):
    if c:
        c.x()
    return None


def each_true(c):
    for x in c:
        if x:
            c.y()
    return None


def run_all(keys, reg):
    for key in keys:
        fin = reg.get(key)
        if fin is not None:
            try:
                fin()
            except Exception:
                import traceback
                traceback.print_exc()
    reg.clear()


def first_mode(lines):
    for line in lines:
        if line.startswith(b"begin "):
            mode = line[6:]
            try:
                int(mode, base=8)
            except ValueError:
                continue
            else:
                break
    else:
        raise ValueError("`begin` line not found")
    return mode
