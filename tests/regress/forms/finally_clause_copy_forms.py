# 3.12+: in a finally block's exception path, the code after a try
# statement (a small block ending in the RERAISE) is copied to the end of
# its except clause, and to the if around it.


def nextfile(self):
    try:
        c
    finally:
        if c:
            try:
                c
            except OSError:
                pass
        self._isstdin = False
