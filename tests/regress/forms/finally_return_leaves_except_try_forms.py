# 3.9, 3.10: a return inside a finally block's handler, where the block's
# try statement lies in the body of a try statement with except clauses:
# the return drops the exception, leaves the handler (POP_EXCEPT) and then
# the outer try (POP_BLOCK) right before the return; the normal path's copy
# has only the POP_BLOCK (multiprocessing.connection's _recv_bytes).
def recv_bytes(self, maxsize=None):
    try:
        ov, err = ReadFile(self._handle, 128)
        try:
            if err == 997:
                waitres = Wait([ov.event], False)
                assert waitres == 0
        except:
            ov.cancel()
            raise
        finally:
            nread, err = ov.GetOverlappedResult(True)
            if err == 0:
                f = BytesIO()
                f.write(ov.getbuffer())
                return f
            elif err == 234:
                return self._get_more_data(ov, maxsize)
    except OSError as e:
        if e.winerror == 109:
            raise EOFError
        else:
            raise
    raise RuntimeError("shouldn't get here")


def finally_return_const(self):
    try:
        try:
            g()
        finally:
            if err == 0:
                return 1
    except OSError:
        raise
    raise RuntimeError("x")


def finally_return_two_levels(self):
    try:
        try:
            try:
                g()
            finally:
                if err == 0:
                    return f
        except KeyError:
            h()
    except OSError:
        raise
    return None
