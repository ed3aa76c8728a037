# A return out of an except clause of a try statement that has a finally
# block (3.11+): the clause's POP_EXCEPT, then its own copy of the finally
# block, then the return (3.13 places it after the handlers, behind a
# jump); and a clause that completes into the function's end, which reads
# the same (xml.etree's XMLParser.close, tabnanny's check).  On 3.11 and
# 3.12 `return None` there is left to the reading of the clause's end
# (asyncio's `_sock_connect_cb` comes back exact that way).


def return_const_from_clause(self):
    try:
        h = self.target.close
    except AttributeError:
        return 5
    finally:
        del self.target
    return h()


def return_none_from_clause(self, path):
    try:
        f = open(path)
    except OSError as e:
        warn(e)
        return None
    finally:
        self.busy = False
    return f.read()


def clause_passes_into_finally(self):
    if self.sock is not None:
        try:
            self.quit()
        except (OSError, EOFError):
            pass
        finally:
            if self.sock is not None:
                self.close()


def else_returns_clause_passes(self):
    try:
        h = self.target.close
    except AttributeError:
        pass
    else:
        return h()
    finally:
        del self.target


def body_returns_clause_passes(self, expr):
    # (3.11+: the clause jumps to the finally block's normal copy, the end
    # of the try/finally's body, and on to the function's end: it
    # completes, no `return None` of its own, bdb's runeval)
    trace(self.dispatch)
    try:
        return eval(expr)
    except Quit:
        pass
    finally:
        self.quitting = True
        trace(None)
