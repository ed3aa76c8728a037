"""`try: return f() / except E: pass / finally: ...` (bdb.Bdb.runeval):
3.11+ nest a try/except in a try/finally; the return runs the finally
block's copy, and the outer body goes on in the inner handler placed after
it.  3.11+ read the clause's `pass` as `return None` (the function's end
after the finally block's copy), which compiles but not to the same
layout."""


def runeval(self, expr):
    try:
        return eval(expr)
    except BdbQuit:
        pass
    finally:
        self.quitting = True
        sys.settrace(None)
