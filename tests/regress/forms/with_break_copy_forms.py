# 3.10: a break out of a with statement inside a while loop: __exit__ runs,
# then the break's jump got a copy of the code after the loop (a return)
# (subprocess's Popen._wait).
def wait_loop(self):
    while self.returncode is None:
        with self._waitpid_lock:
            if self.returncode is not None:
                break
            pid = self._try_wait(0)
            if pid == self.pid:
                self._handle_exitstatus(pid)
    return self.returncode


def wait_loop_else(self, timeout):
    if timeout is not None:
        while True:
            with lock:
                if done():
                    break
                step()
            sleep()
    else:
        while self.returncode is None:
            with self._waitpid_lock:
                if self.returncode is not None:
                    break
                self._try_wait(0)
    return self.returncode


def with_break_value(items):
    i = 0
    while i < 10:
        with items[i] as it:
            if it.ok:
                break
            i += 1
    return items[i]


def while_true_with_break(self):
    while True:
        with lock:
            if done():
                break
            step()
        sleep()
    return self.returncode


def while_true_with_return(self, timeout):
    with selector_cls() as selector:
        selector.register(self, 1)
        while True:
            ready = selector.select(timeout)
            if ready:
                return self._handle_request_noblock()
            else:
                if timeout is not None:
                    timeout = deadline - time()
                    if timeout < 0:
                        return self.handle_timeout()
