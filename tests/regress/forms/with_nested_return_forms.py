# A return of a value as the last statement of a with nested in another
# (`with a, b:` too): the value goes below each __exit__ in turn
# (concurrent.futures.thread's submit).  3.11+ put the inner with's handler
# after that return, inside the outer with's body.


def submit(self, fn):
    with self._shutdown_lock, _global_shutdown_lock:
        f = _base.Future()
        self._work_queue.put(f)
        return f


def three(x):
    with a:
        with b:
            with c:
                return f(x)


def in_try(x):
    try:
        with a, b:
            return x
    except E:
        pass
    return 2


def named(x):
    with a:
        with b as y:
            return y()
        k()


def const_after(x):
    with a:
        with b:
            if x:
                return 1
            g()
        h()
