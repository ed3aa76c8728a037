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


def find_spec(meta_path, name):
    for finder in meta_path:
        with lock():
            try:
                find = finder.find_spec
            except AttributeError:
                spec = legacy(finder, name)
                if spec is None:
                    continue
            else:
                spec = find(name)
        g(spec)


def initiate_send(self):
    while self.producer_fifo and self.connected:
        first = self.producer_fifo[0]
        try:
            data = first[:obs]
        except TypeError:
            data = first.more()
            continue
        g(data)
        return
