# With statements whose body cannot complete, so that there is no normal
# exit (no __exit__ call after the body): a `while True` loop that only
# returns (filecmp's _do_cmp), a try that returns or re-raises
# (subprocess's call).  Every version compiles them back to the same
# bytecode.


def do_cmp(f1, f2):
    bufsize = BUFSIZE
    with open(f1, 'rb') as fp1, open(f2, 'rb') as fp2:
        while True:
            b1 = fp1.read(bufsize)
            b2 = fp2.read(bufsize)
            if b1 != b2:
                return False
            if not b1:
                return True


def call(*popenargs, timeout=None, **kwargs):
    with Popen(*popenargs, **kwargs) as p:
        try:
            return p.wait(timeout=timeout)
        except:
            p.kill()
            raise


def serve(self):
    with self.lock:
        while True:
            item = self.queue.get()
            if item is None:
                return
            self.handle(item)
    self.after()
