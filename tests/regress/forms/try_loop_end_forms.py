# A try statement at the function's end whose body ends in a while loop
# with a `continue`: 3.12+ copy the function's return for the loop's first
# test and place that copy after the handlers (http.cookiejar's
# _really_load).


def really_load(f):
    try:
        while line := f.readline():
            if line.startswith('#'):
                continue
            load(line)
    except OSError:
        raise LoadError()


def skip_only(f):
    try:
        while f.more:
            if f.skip():
                continue
    except Exception:
        pass
