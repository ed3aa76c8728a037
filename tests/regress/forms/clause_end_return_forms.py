# An except clause whose last statement is `if c: return v`, in a try
# statement at the function's end: the clause's false path goes to the
# clause's end, a copy of the function's return of None, which is no copy
# of the return of v before it (ntpath's _getfinalpathname_nonstrict).


def named(path):
    try:
        return resolve(path)
    except OSError as ex:
        if ex.winerror in allowed:
            return path


def unnamed(path):
    try:
        return resolve(path)
    except OSError:
        if path:
            return path


def body_goes_on(path):
    try:
        check(path)
    except OSError as ex:
        if path:
            return ex
