# A finally block that is a try statement with except clauses (importlib's
# _common._tempfile, runpy.run_path): 3.11+ copy the code after the
# statement into the clause that ends the normal path's copy, and the
# finally block's RERAISE into the clause that ends the handler's; 3.11
# places the code after the statement after the handlers.


def after_code():
    try:
        g()
    finally:
        try:
            h()
        except E:
            pass
    k()


def at_function_end():
    try:
        g()
    finally:
        try:
            h()
        except E:
            pass


def generator(reader, suffix=''):
    fd, raw_path = mkstemp(suffix=suffix)
    try:
        write(fd, reader())
        close(fd)
        del reader
        yield Path(raw_path)
    finally:
        try:
            remove(raw_path)
        except FileNotFoundError:
            pass
