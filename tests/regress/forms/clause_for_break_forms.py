# 3.12+: a `break` out of a for loop that ends an except clause: the jump
# to the clause's end after the loop gets a copy of that end (POP_EXCEPT,
# then the code after the try, a small exit block) (inspect's _getmembers,
# linecache's updatecache).


def lookup(key):
    try:
        value = cache[key]
    except KeyError:
        for hook in hooks:
            if hook(key):
                break
    return value


def first_dir(name):
    try:
        stat = os.stat(name)
    except OSError:
        for dirname in sys.path:
            if os.path.isdir(dirname):
                found.append(dirname)
                break
    return found
