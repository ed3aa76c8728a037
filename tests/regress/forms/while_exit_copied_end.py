# 3.10, 3.11: a while loop ending an if's then-part at a function's end,
# whose exit, the implicit `return None`, the compiler copied after the
# loop's bottom test and, for its first test's jump, past the if's own copy
# (concurrent.futures.process _ThreadWakeup.clear): a while loop, not an if
# around a `while True`.


def drain(self):
    if not self._closed:
        while self._reader.poll():
            self._reader.recv_bytes()


def drain_counted(reader, closed):
    n = 0
    if not closed:
        while reader.poll():
            n += 1
            reader.recv(n)
