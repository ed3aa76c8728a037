# Returns out of a try with except clauses inside a try/finally
# (subprocess's Popen._internal_poll, bdb's effective): 3.8 leaves both
# blocks (POP_BLOCK, POP_BLOCK, CALL_FINALLY), 3.9 and 3.10 run a copy of
# the finally block after the second POP_BLOCK; 3.13 copies an except
# clause's end, with the function's return, into each branch of an elif.
# Every version compiles these back to the same bytecode.


def _internal_poll(self, _deadstate=None, _del_safe=_del_safe):
    if self.returncode is None:
        if not self._waitpid_lock.acquire(False):
            return None
        try:
            if self.returncode is not None:
                return self.returncode
            pid, sts = _del_safe.waitpid(self.pid, _del_safe.WNOHANG)
            if pid == self.pid:
                self._handle_exitstatus(sts)
        except OSError as e:
            if _deadstate is not None:
                self.returncode = _deadstate
            elif e.errno == _del_safe.ECHILD:
                self.returncode = 0
        finally:
            self._waitpid_lock.release()
    return self.returncode


def f_p2(self, d=None):
    try:
        g()
    except OSError as e:
        if d is not None:
            self.r = d
        elif e.errno == 1:
            self.r = 0
    finally:
        self.release()
    return self.r


def f_p3(self, d=None):
    try:
        g()
    except OSError as e:
        if d is not None:
            self.r = d
        elif e.errno == 1:
            self.r = 0
    return self.r


def f_p7(self, d=None):
    if self.returncode is None:
        try:
            if self.x:
                return self.y
            g()
        except OSError as e:
            if d is not None:
                self.r = d
        finally:
            self.lock.release()
    return self.returncode


def f_p8(self, d=None):
    try:
        if self.x:
            return self.y
        g()
    except OSError as e:
        if d is not None:
            self.r = d
    finally:
        self.lock.release()


def f_p10(self):
    try:
        if self.x:
            return self.y
        g()
    except OSError:
        pass
    finally:
        self.lock.release()
