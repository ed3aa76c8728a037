# A try whose except clauses cannot complete: 3.12+ place the handlers at
# the end, so the else block and the code after the statement are the same
# code; only the numbering of names tells them apart, the else block
# compiled before the handlers and the code after the statement after them
# (posixpath.ismount, dbm.open, pickle's save_global).


def else_then_after(path):
    try:
        s1 = os.lstat(path)
    except (OSError, ValueError):
        return False
    else:
        if stat.S_ISLNK(s1.st_mode):
            return False
    path = os.fspath(path)
    return isdir(path)


def all_after(path):
    try:
        s1 = os.lstat(path)
    except OSError:
        raise
    check(s1)
    return s1


def all_else(path):
    try:
        s1 = os.lstat(path)
    except OSError:
        raise
    else:
        check(s1)
        report(s1)


def clause_continues(names):
    global found
    for name in names:
        try:
            mod = __import__(name)
        except ImportError:
            continue
        if not found:
            found = mod
        modules[name] = mod
    if not found:
        raise ImportError(names)


def after_with_own_try(path):
    try:
        s1 = os.lstat(path)
    except ValueError:
        return False
    else:
        if stat.S_ISLNK(s1.st_mode):
            return False
    parent = join(path, '..')
    try:
        s2 = os.lstat(parent)
    except OSError:
        parent = realpath(parent)
    return s1.st_dev != s2.st_dev


def retry_then_return(address):
    # (3.12+ place the code after the loop, a break's, after the try body:
    # it reads as an else block, but came after the handlers)
    delay = 1
    while True:
        try:
            handle = connect(address)
            break
        except OSError as exc:
            if exc.winerror != BUSY:
                raise
        delay = min(delay * 2, MAX_DELAY)
        sleep(delay)
    return PipeHandle(handle)


def else_uses_handler_name(self):
    # (the else block's only name is one the bare except's clause uses too:
    # the clause meets it after hasattr, numbered higher, so it numbered
    # neither: the else block came first; wsgiref's finish_response)
    try:
        if not self.result_is_file():
            self.finish_content()
    except:
        if hasattr(self.result, 'close'):
            self.result.close()
        raise
    else:
        self.close()
