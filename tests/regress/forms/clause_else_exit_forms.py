# An if/else inside an except clause whose then-part goes on after the try
# and whose else-part leaves: 3.12+ place the else-part after the clause's
# end (with its copy of the code after the try), where only the test jumps
# to it: a return out of the clause (`POP_EXCEPT` first, outside the
# clause's handler), or a raise reached by each operand of an `and`
# (http.cookiejar's `_str2time`, shutil's `copy2`); 3.10 places an else-part
# that raises after the then-part's copy of the clause's end (shutil's
# `move`); 3.10+ place an elif whose then-part raises there too, its false
# path falling into its own copy of the clause's end.


def str2time(day, mon, tz):
    try:
        mon = MONTHS.index(mon.lower()) + 1
    except ValueError:
        if mon.isdigit():
            mon = int(mon)
        else:
            return None
    return day, mon, tz


def copy_meta(src, dst, follow):
    try:
        copy_xattr(src, dst)
    except OSError as exc:
        if exc.winerror == 1314 and not follow:
            pass
        else:
            raise
    return dst


def parse_or_default(text, default):
    try:
        value = int(text)
    except ValueError:
        if default is not None:
            value = default
        else:
            return -1
    return value * 2


def either_fails(a, b):
    try:
        r = a / b
    except ZeroDivisionError:
        if a or b:
            r = 0
        else:
            raise ValueError('both zero')
    return r


def move(src, real_dst):
    try:
        os.rename(src, real_dst)
    except OSError:
        if os.path.islink(src):
            os.unlink(src)
        elif os.path.isdir(src):
            rmtree(src)
        else:
            raise PermissionError("Cannot move '%s'" % src)
    return real_dst


def move_elif_raises(src, real_dst):
    try:
        rename(src, real_dst)
    except OSError:
        if islink(src):
            unlink(src)
        elif isdir(src):
            raise PermissionError('no')
    return real_dst
