# A return from a with block inside a try/finally (concurrent.futures'
# Future.result): 3.11+ call __exit__, then run a copy of the finally block
# outside the try's range, then return; the with's normal exit, with its
# own copy, comes after.


def result(self, timeout=None):
    try:
        with self._condition:
            if self._state in [CANCELLED, CANCELLED_AND_NOTIFIED]:
                raise CancelledError()
            elif self._state == FINISHED:
                return self.__get_result()
            self._condition.wait(timeout)
            if self._state in [CANCELLED, CANCELLED_AND_NOTIFIED]:
                raise CancelledError()
            elif self._state == FINISHED:
                return self.__get_result()
            else:
                raise TimeoutError()
    finally:
        self = None


def constant(c, a):
    try:
        with c:
            if a:
                return 1
    finally:
        c = None
