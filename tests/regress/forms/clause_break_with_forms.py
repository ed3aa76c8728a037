# A `while True` loop in a with block whose only way out is a break from an
# except clause (concurrent.futures.thread's _initializer_failed): 3.12+
# place the clause's handler right after the loop's back jump, so the break
# jumps past it, to the with's __exit__ call.


def initializer_failed(self):
    with self._shutdown_lock:
        self._broken = 'broken'
        while True:
            try:
                work_item = self._work_queue.get_nowait()
            except queue.Empty:
                break
            if work_item is not None:
                work_item.future.set_exception(BrokenThreadPool(self._broken))
