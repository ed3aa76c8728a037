# A try/finally whose finally block branches, ending a function inside a
# try/except (glob's _iterdir): 3.10 gives each branch of the normal path's
# copy its own copy of the code after it (the outer POP_BLOCK and the
# return).  Must compile back to the same bytecode.


def iterdir(dirname, dironly):
    try:
        it = scandir(dirname)
        try:
            for entry in it:
                yield entry.name
        finally:
            if dirname:
                it.close()
    except OSError:
        return


def close_if(self):
    try:
        try:
            self.flush()
        finally:
            if self.fp:
                self.fp.close()
    except OSError:
        self.log()
