# A try/except/else whose except clauses never complete and whose else block
# returns: 3.8 and 3.9 keep each clause's exit, dead, jumping past the else
# block (a named clause's after its name cleanup) (asyncore, shutil).


def accept(self):
    try:
        conn, addr = self.socket.accept()
    except TypeError:
        return None
    except OSError:
        if self.x:
            return None
        else:
            raise
    else:
        return conn, addr

def accept2(self):
    try:
        conn, addr = self.socket.accept()
    except OSError as why:
        if why.args:
            return None
        raise
    else:
        return conn, addr

def accept3(self):
    try:
        conn, addr = self.socket.accept()
    except OSError as why:
        raise ValueError(why)
    else:
        return conn, addr
