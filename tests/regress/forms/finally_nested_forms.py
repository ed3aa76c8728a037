# A finally block that holds a try statement (mailbox's close, logging's
# MemoryHandler.close, asyncio's Task.__eager_start, shelve's Shelf.close):
# the normal path's copy of the block holds a copy of that statement, whose
# handlers lie between the copy and the outer handler.  3.10 copies the
# inner statement's exits into each of its branches too.  Every version
# compiles them back to the same bytecode.


def close(self):
    try:
        self.flush()
    finally:
        try:
            a()
        finally:
            b()


def close1(self):
    try:
        self.flush()
    finally:
        try:
            if self._locked:
                self.unlock()
        finally:
            self._file.close()


def close3(self):
    try:
        if self.flushOnClose:
            self.flush()
    finally:
        self.acquire()
        try:
            self.target = None
            BufferingHandler.close(self)
        finally:
            self.release()


def close4(self):
    try:
        self.sync()
    finally:
        try:
            self.dict = _ClosedDict()
        except:
            self.dict = None


def eager_start(self):
    prev_task = _swap_current_task(self._loop, self)
    try:
        _register_eager_task(self)
        try:
            self._context.run(self.__step_run_and_handle_result, None)
        finally:
            _unregister_eager_task(self)
    finally:
        try:
            curtask = _swap_current_task(self._loop, prev_task)
            assert curtask is self
        finally:
            if self.done():
                self._coro = None
                self = None
            else:
                _register_task(self)


def shelf_close(self):
    if self.dict is None:
        return
    try:
        self.sync()
        try:
            self.dict.close()
        except AttributeError:
            pass
    finally:
        try:
            self.dict = _ClosedDict()
        except:
            self.dict = None
