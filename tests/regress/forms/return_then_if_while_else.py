# 3.10: after `if c: return`, an if/else ending the function whose
# then-part ends in a while loop: each way out of the loop (its test at the
# head, its test at the bottom) has its own copy of the implicit `return
# None`.  Read as the loop then `return None`, both exits share one return
# (turtle's RawTurtle.undo).


def undo(self):
    if self.undobuffer is None:
        return
    item = self.undobuffer.pop()
    action = item[0]
    data = item[1:]
    if action == "seq":
        while data:
            item = data.pop()
            self._undo(item[0], item[1:])
    else:
        self._undo(action, data)


def undo_plain(self, action, data):
    if self is None:
        return
    if action == "seq":
        g()
    else:
        self._undo(action, data)


def undo_elif(self, action, data):
    if self is None:
        return
    if action == "seq":
        while data:
            item = data.pop()
    elif action:
        self._undo(action, data)


def return_in_clause(self):
    """threading's Thread._bootstrap: the same return None at the end, in
    an except clause, which the reading above must leave alone."""
    try:
        self._bootstrap_inner()
    except:
        if self._daemonic and _sys is None:
            return
        raise
