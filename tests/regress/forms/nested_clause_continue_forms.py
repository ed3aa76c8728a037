# `continue` out of an except clause nested in a named one, inside a while
# loop: 3.12+ pop both exceptions, clean the name up, then jump back to the
# loop's first test.  It comes back with the `continue` after the inner try
# (its body returns: the same behaviour, not the same layout).


def retry(x, E):
    while x:
        try:
            g()
        except E as e:
            try:
                return h()
            except E:
                continue
