# Except clauses whose if/elif branches each fall off the clause's end
# (mailbox's _singlefileMailbox.__init__): 3.13 gives every branch its own
# copy of the clause's end (POP_EXCEPT, the name's cleanup, the jump to the
# code after the try), so an elif's test sits between two copies and its
# else-part after the last.  Every version compiles these back to the same
# bytecode.


def open_box(self, path, factory=None, create=True):
    try:
        f = open(self._path, 'rb+')
    except OSError as e:
        if e.errno == errno.ENOENT:
            if create:
                f = open(self._path, 'wb+')
            else:
                raise NoSuchMailboxError(self._path)
        elif e.errno in (errno.EACCES, errno.EROFS):
            f = open(self._path, 'rb')
        else:
            raise
    self._file = f


def unnamed(self):
    try:
        f = g()
    except OSError:
        if c:
            f = h()
        elif d:
            f = k()
        else:
            raise
    self._file = f


def in_loop(self, items):
    for x in items:
        try:
            f = g(x)
        except OSError as e:
            if e.errno == 1:
                f = h()
            elif e.errno == 2:
                f = k()
            elif e.errno == 3:
                f = m()
            else:
                raise
        self.seen.append(f)
