# 3.10: a try body that ends in a try statement with except clauses, in an
# if's then-part before an else-part: the inner body falls into a copy of
# the outer body's end and a return, right before the inner handlers, and
# the inner clauses jump to that code itself, after them (tempfile).
def onerror(func, path, exc_info):
    if issubclass(exc_info[0], PermissionError):
        try:
            resetperms(path)
            try:
                unlink(path)
            except (IsADirectoryError, PermissionError):
                rmtree(path)
        except FileNotFoundError:
            pass
    elif issubclass(exc_info[0], FileNotFoundError):
        pass
    else:
        if not ignore_errors:
            raise


def nested_then_else(path):
    if path:
        try:
            try:
                unlink(path)
            except IsADirectoryError:
                rmtree(path)
        except FileNotFoundError:
            pass
    else:
        g()


def nested_then_value(path):
    if path:
        try:
            try:
                unlink(path)
            except IsADirectoryError as e:
                rmtree(e)
        except FileNotFoundError:
            return 1
    else:
        return g()
