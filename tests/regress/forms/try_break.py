# A break inside an if inside a try body: 3.10+ pop the try's block (3.10),
# run the finally block's copy and pop the loop's iterator, then jump,
# outside the exception table, or (3.10, 3.12+) run a copy of the small
# exit block after the loop instead of the jump (subprocess, _pyio,
# ntpath, tomllib).


def last_in_body(c):
    for a in c:
        try:
            a = 2
            if a:
                break
        except E:
            c
    x = c
    y = x + 1
    return y


def then_more(c):
    for a in c:
        try:
            if a:
                break
            a = 3
        except E:
            print(c)
    x = c
    return x


def copied_exit_raises(c):
    for a in c:
        try:
            if a:
                break
            a = 3
        except ZeroDivisionError:
            return "caught"
    return 1 / 0


def finally_break(c):
    while True:
        try:
            if c:
                break
        finally:
            c
    x = c
    y = x + 1
    return y


def wait(self, timeout):
    while True:
        if self.lock.acquire(False):
            try:
                if self.returncode is not None:
                    break
                pid = self.try_wait()
                if pid == self.pid:
                    self.handle(pid)
                    break
            finally:
                self.lock.release()
        remaining = self.remaining(timeout)
        if remaining <= 0:
            raise TimeoutError(timeout)
        self.sleep(remaining)
    return self.returncode


def finally_break_copied(c, log):
    """3.12+: a finally block's copy, the iterator's POP_TOP, then a copy
    of the return after the loop: a break, not a return (whose value would
    come before the finally block)."""
    for a in c:
        try:
            if a == 1:
                continue
            if a == 3:
                break
            log.append(a)
        finally:
            log.append(-a)
        log.append(a * 10)
    return log


def while_test_break(c, log):
    """A while loop with a test, whose exit the break copies after the
    finally block's."""
    while c:
        try:
            if log:
                break
        finally:
            c.pop()
    return len(log)
