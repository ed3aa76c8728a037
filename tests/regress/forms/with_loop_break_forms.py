# A while loop ending a with block that ends the function, left by
# breaks (_pyio's BufferedReader._readinto, threading's
# Semaphore.acquire): 3.10 gives each break, and the test's false path, its
# own copy of the with's end and the return, the loop's own exit right
# after its bottom test.  Must compile back to the same bytecode.


def readinto(self, buf):
    written = 0
    with self.read_lock:
        while written < len(buf):
            avail = min(len(self.buffer), len(buf) - written)
            if avail:
                written += avail
                if written == len(buf):
                    break
            if len(buf) - written > self.size:
                n = self.raw.readinto(buf[written:])
                if not n:
                    break
                written += n
    return written


def acquire(self, blocking=True, timeout=None):
    rc = False
    endtime = None
    with self.cond:
        while self.value == 0:
            if not blocking:
                break
            if timeout is not None:
                if endtime is None:
                    endtime = monotonic() + timeout
                else:
                    timeout = endtime - monotonic()
                    if timeout <= 0:
                        break
            self.cond.wait(timeout)
        else:
            self.value -= 1
            rc = True
    return rc


def ends_function(self, buf):
    with self.lock:
        while buf:
            if buf.a:
                break
            if buf.b:
                break
