# An except clause whose if ends in `continue` or `break` and whose rest
# raises: `if c: ...; continue` then `raise`.  The jump back to the loop's
# first test (or to its exit) is the statement, placed where written; only
# the clause's own end, which the compiler places before the raise too
# (3.13: a jump to the loop's bottom test), reads as `if c: ... else:
# raise` (bz2's and lzma's `decompress`, zipfile's `ZipFile.__init__`).


def continue_then_raise(stream, retry):
    while stream:
        try:
            stream.read()
        except OSError:
            if retry:
                retry = 1
                continue
            raise


def continue_then_raise_code_after(stream, retry):
    while stream:
        try:
            stream.read()
        except OSError:
            if retry:
                retry = 1
                continue
            raise
        stream.flush()


def for_continue_then_raise(streams, retry):
    for stream in streams:
        try:
            stream.read()
        except OSError:
            if retry:
                retry = 1
                continue
            raise
        stream.flush()


def forever_continue_then_raise(stream, retry):
    while True:
        try:
            stream.read()
        except OSError:
            if retry:
                retry = 1
                continue
            raise


def break_then_raise(data, results):
    while data:
        try:
            res = data.pop()
        except OSError:
            if results:
                break
            raise
        results.append(res)
    return results


def else_raise_at_end(stream, retry):
    while stream:
        try:
            stream.read()
        except OSError:
            if retry:
                retry = 1
            else:
                raise


def else_raise_then_continue(stream, retry):
    while stream:
        try:
            stream.read()
        except OSError:
            if retry:
                retry = 1
            else:
                raise
            continue
        stream.flush()


def for_else_raise_at_end(streams, retry):
    for stream in streams:
        try:
            stream.read()
        except OSError:
            if retry:
                retry = 1
            else:
                raise


def forever_else_raise_then_break(stream, retry):
    while True:
        try:
            stream.read()
        except OSError:
            if retry:
                retry = 1
            else:
                raise
            break
