# 3.10: a with statement in a finally block (its handler, past the block's
# first RERAISE, and its end's copies, ending in that RERAISE made a jump),
# and one in an except clause that ends in `raise` (the handler's copy of
# the raise after it): _pyio's close, threading's start and
# _bootstrap_inner.
def close(self):
    with self._write_lock:
        if self.raw is None or self.closed:
            return
    try:
        self.flush()
    finally:
        with self._write_lock:
            self.raw.close()


def finally_with(self):
    try:
        self.flush()
    finally:
        with self._write_lock:
            self.raw.close()


def start(self):
    with _active_limbo_lock:
        _limbo[self] = self
    try:
        _start_new_thread(self._bootstrap, ())
    except Exception:
        with _active_limbo_lock:
            del _limbo[self]
        raise
    self._started.wait()


def finally_with_try(self):
    try:
        self.run()
    finally:
        with _active_limbo_lock:
            try:
                del _active[get_ident()]
            except:
                pass


def bootstrap_inner(self):
    try:
        self._set_ident()
        with _active_limbo_lock:
            _active[self._ident] = self
        try:
            self.run()
        except:
            self._invoke_excepthook(self)
    finally:
        with _active_limbo_lock:
            try:
                del _active[get_ident()]
            except:
                pass


def clause_falls_into_finally_with(self):
    try:
        try:
            self.run()
        except:
            self.hook(self)
    finally:
        with lock:
            g()
