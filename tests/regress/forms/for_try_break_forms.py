# `for ...: try: ...; break except E: ...` (_sitebuiltins' _Printer.__setup,
# linecache's updatecache, asyncio's _connect_sock): 3.10 drops the
# iterator, then jumps out of the loop with no jump over the handlers
# after it, or gives the break a copy of the code after the loop.  Must
# compile back to the same bytecode.


def setup(self, files):
    data = None
    for filename in files:
        try:
            with open(filename) as fp:
                data = fp.read()
            break
        except OSError:
            pass
    self.lines = data


def return_after(files):
    x = None
    for f in files:
        try:
            x = g(f)
            break
        except OSError:
            pass
    return x
