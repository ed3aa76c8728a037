# 3.12+: `break` inside a with in a loop whose exit is a small block: the
# with's __exit__ call, then a copy of the loop's exit (subprocess's
# Popen._wait).

def wait(self, timeout):
    if timeout is not None:
        x()
    else:
        while self.returncode is None:
            with self._waitpid_lock:
                if self.returncode is not None:
                    break
                pid, sts = self._try_wait(0)
                if pid == self.pid:
                    self._handle_exitstatus(sts)
    return self.returncode


def plain(self):
    while self.returncode is None:
        with self.lock:
            if self.returncode is not None:
                break
    return self.returncode


def two_withs(self):
    while self.returncode is None:
        with self.lock, self.other as o:
            if o:
                break
            f(o)
    return self.returncode


def for_loop(self, items):
    for item in items:
        with self.lock:
            if item:
                break
            f(item)
    return self.returncode


def after_with(self):
    while self.returncode is None:
        with self.lock:
            f()
        if g():
            break
    return self.returncode
