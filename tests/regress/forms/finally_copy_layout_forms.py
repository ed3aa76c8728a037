# A try statement inside a finally block (3.11+): the normal path's copy
# of the block is laid out apart from the handler's (the code after the
# inner try follows its body, the except clauses that jump back to it are
# placed after; 3.12+ give a clause a copy of a small rest of the block), so
# the two copies are compared as graphs, not instruction by instruction
# (resource_tracker's main, cmd's cmdloop, tempfile's cleanup, poplib's
# close).  On 3.8-3.10 a return inside the block is not read yet.

def except_then_exit(fd):
    try:
        serve(fd)
    finally:
        try:
            cleanup()
        except Exception as e:
            warn(e)
        sys.exit(code)


def if_try_in_finally(self):
    try:
        self.loop()
    finally:
        if self.use_rawinput:
            try:
                import readline
                readline.set_completer(self.old_completer)
            except ImportError:
                pass


def nested_finally_in_if(self):
    try:
        wait()
    finally:
        err = None
        while True:
            try:
                self.acquire()
                break
            except Cancelled as e:
                err = e
        if err is not None:
            try:
                raise err
            finally:
                err = None


def return_from_clause_in_finally(x):
    try:
        a(x)
    finally:
        try:
            b(x)
        except KeyError:
            return 5
        c(x)
    return 1


def close_all(self):
    try:
        self.flush()
    finally:
        for f in self.files:
            try:
                f.close()
            except OSError:
                pass
        self.files = []


def try_else_in_finally(self):
    try:
        resp = self.quit()
    finally:
        try:
            self.sock.close()
        except OSError as exc:
            if exc.errno != 9:
                raise
        else:
            log('closed')
        self.sock = None
    return resp


async def async_clause_in_finally(self):
    try:
        await self.run()
    finally:
        try:
            await self.stop()
        except TimeoutError:
            pass
        self.done = True


def cleanup(self, unlink=_os.unlink):
    if not self.cleanup_called:
        self.cleanup_called = True
        try:
            if not self.close_called:
                self.close_called = True
                self.file.close()
        finally:
            if self.delete and (not self.close_called):
                try:
                    unlink(self.name)
                except FileNotFoundError:
                    pass
