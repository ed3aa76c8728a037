# 3.10: a finally block ending in an if whose then-part ends in a try
# statement with except clauses, then more code: in the handler that code
# (a small exit block with the RERAISE) is copied to each path's end, in
# the normal path's copy the paths jump to it (fileinput's nextfile).  Read
# with that code in both branches of the if: the same behaviour.
def nextfile(self):
    output = self._output
    self._output = None
    try:
        if output:
            output.close()
    finally:
        file = self._file
        self._file = None
        try:
            if file and not self._isstdin:
                file.close()
        finally:
            backupfilename = self._backupfilename
            self._backupfilename = None
            if backupfilename and not self._backup:
                try: os.unlink(backupfilename)
                except OSError: pass

            self._isstdin = False


def if_try_then_tail(self):
    try:
        output.close()
    finally:
        if backupfilename:
            try: os.unlink(backupfilename)
            except OSError: pass
        self._isstdin = False
