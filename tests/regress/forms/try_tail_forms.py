# Try statements whose exits the compiler copied (3.10+ copies a small exit
# block over each jump to it):
# - the branches of an if inside a try body that each end in a copy of the
#   code after the try (zipfile's is_zipfile; 3.10 also copies the try's
#   POP_BLOCK there, 3.12+ leaves the copies out of the handler's range);
# - an except clause that falls into a copy of the code after an enclosing
#   if (nntplib's getcapabilities, 3.12+);
# - `return` out of nested except clauses (xmlrpc's Unmarshaller.end);
# - a `while True` loop whose only exit is a `break` in an except clause, the
#   code after the loop copied there (distutils' read_keys, 3.10 and 3.12+);
#   or placed after the handlers (concurrent.futures'
#   flag_executor_shutting_down, 3.12+);
# - a loop's back jump right before the handlers of a try that precedes it;
# - `return` out of a with inside a try (ctypes' _findSoname_ldconfig): the
#   return itself lies outside the try's range;
# - a try/except inside a try/finally whose exits 3.10 each give the
#   finally block's copy and the return after it (bdb's runcall), and a
#   `return` inside a with followed by more code (concurrent.futures'
#   add_done_callback).
# Every version compiles them back to the same bytecode.


def is_zipfile(filename):
    result = False
    try:
        if hasattr(filename, "read"):
            result = check(fp=filename)
        else:
            with open(filename, "rb") as fp:
                result = check(fp)
    except OSError:
        pass
    return result


def branches(filename):
    result = False
    try:
        if hasattr(filename, "read"):
            result = check(filename)
        else:
            result = other(filename)
    except OSError:
        pass
    return result


def getcapabilities(self):
    if self._caps is None:
        try:
            resp, caps = self.capabilities()
        except (PermanentError, TemporaryError):
            self._caps = {}
        else:
            self._caps = caps
    return self._caps


def end(self, tag):
    try:
        f = self.dispatch[tag]
    except KeyError:
        if ':' not in tag:
            return
        try:
            f = self.dispatch[tag.split(':')[-1]]
        except KeyError:
            return
    return f(self, "".join(self._data))


def read_keys(base, key):
    try:
        handle = open_key(base, key)
    except RegError:
        return None
    L = []
    i = 0
    while True:
        try:
            k = enum_key(handle, i)
        except RegError:
            break
        L.append(k)
        i += 1
    return L


def read_all(handle):
    L = []
    while True:
        try:
            k = enum_key(handle)
        except RegError:
            break
        L.append(k)
    return L


def find_soname(regex):
    try:
        with Popen() as p:
            res = search(regex, p.read())
            if res:
                return decode(res)
    except OSError:
        pass


def find_then_call(regex):
    try:
        with Popen() as p:
            if p.res:
                return decode(p.res)
            f()
    except OSError:
        pass
    return 5


def drain(self, executor):
    if executor is not None:
        while True:
            try:
                self.work_ids_queue.get_nowait()
            except Empty:
                break
        executor._cancel_pending_futures = False


def runcall(self, func, /, *args, **kwds):
    res = None
    try:
        res = func(*args, **kwds)
    except BdbQuit:
        pass
    finally:
        self.quitting = True
        sys.settrace(None)
    return res


def add_done_callback(self, fn):
    with self._condition:
        if self._state not in [CANCELLED, FINISHED]:
            self._done_callbacks.append(fn)
            return
    try:
        fn(self)
    except Exception:
        LOGGER.exception('exception calling callback for %r', self)
