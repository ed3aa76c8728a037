# A try whose body returns and whose named except clause raises (logging's
# PercentStyle.format, xdrlib, difflib, asyncio's finish_recv): 3.8 leaves
# the function's final `return None` where only the dead jump after the
# clause's name cleanup reaches it.  Every version compiles these back to
# the same bytecode.


def format(self, record):
    try:
        return self._format(record)
    except KeyError as e:
        raise ValueError('Formatting field not found in record: %s' % e)


def result(self, value):
    try:
        return function(self, value)
    except struct.error as e:
        raise ConversionError(e.args[0]) from None


def decode(s):
    try:
        return s.decode('ascii', 'surrogateescape')
    except AttributeError as err:
        msg = ('all arguments must be bytes, not %s (%r)' % (type(s).__name__, s))
        raise TypeError(msg) from err


def finish_recv(trans, key, ov):
    try:
        return ov.getresult()
    except OSError as exc:
        if exc.winerror in (ERROR_NETNAME_DELETED, ERROR_OPERATION_ABORTED):
            raise ConnectionResetError(*exc.args)
        else:
            raise
