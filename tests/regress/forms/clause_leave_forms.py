# An except clause that leaves more than its own try statement (os.walk):
# a break out of an inner try's clause also leaves the outer try, and a
# return from the outer try's named clause also leaves the with around it
# (3.8-3.10 pop those blocks, 3.9 and 3.10 calling __exit__, before the
# jump or the return).


def walk(scandir_it, onerror):
    with scandir_it:
        while True:
            try:
                try:
                    entry = next(scandir_it)
                except StopIteration:
                    break
            except OSError as error:
                if onerror is not None:
                    onerror(error)
                return
            g(entry)


def inner_break(scandir_it):
    while True:
        try:
            try:
                entry = next(scandir_it)
            except StopIteration:
                break
        except OSError:
            return
        g(entry)
