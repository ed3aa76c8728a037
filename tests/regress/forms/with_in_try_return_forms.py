# A return out of a with block inside a try statement, from an if in the
# with's body (3.9, 3.10: __exit__ is called, then the try's POP_BLOCK and,
# for a try/finally, a copy of its finally block come before the return;
# importlib._bootstrap's _ModuleLock.acquire; 3.10: a try/finally whose
# body never completes has no copy of its finally block on a normal path).
# Must compile back to the same bytecode.


def acquire(self):
    tid = get_ident()
    blocking_on[tid] = self
    try:
        while True:
            with self.lock:
                if self.count == 0 or self.owner == tid:
                    self.owner = tid
                    self.count += 1
                    return True
                if self.has_deadlock():
                    raise DeadlockError(self)
                if self.wakeup.acquire(False):
                    self.waiters += 1
            self.wakeup.acquire()
            self.wakeup.release()
    finally:
        del blocking_on[tid]




def two_withs(self, c):
    try:
        with self.lock, self.other:
            if c:
                return 1
            self.work()
    finally:
        self.release()
    return 0


def try_except(self, c):
    try:
        with self.lock:
            if c:
                return 2
            self.work()
    except KeyError:
        return 3
    return 4


def loop_forever(self, c):
    try:
        while True:
            if c():
                return True
            self.wait()
    finally:
        self.release()
