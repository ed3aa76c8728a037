# try statements whose bodies never complete (3.10 drops their dead
# POP_BLOCK), bare except clauses that end in a raise (3.10 drops the dead
# POP_EXCEPT after it), an else block that returns while the clause falls
# into the code after the try (3.10 keeps that code only inside the
# clause), and a closure over a variable it never uses.  Must compile back
# to the same bytecode on every version.


def currentframe():
    try:
        raise Exception
    except Exception:
        return sys.exc_info()[2].tb_frame.f_back


def clear(self):
    try:
        while True:
            self.popitem()
    except KeyError:
        pass


def _getval(self, arg):
    try:
        return eval(arg, self.curframe.f_globals, self.curframe_locals)
    except:
        self._error_exc()
        raise


def _release(self):
    try:
        if self._action:
            self._action()
        self._state = 1
        self._cond.notify_all()
    except:
        self._break()
        raise


def master_open():
    try:
        master_fd, slave_fd = os.openpty()
    except (AttributeError, OSError):
        pass
    else:
        slave_name = os.ttyname(slave_fd)
        os.close(slave_fd)
        return master_fd, slave_name
    return _open_terminal()


def _cell_factory():
    a = 1

    def f():
        nonlocal a

    return f.__closure__[0]
