# `continue` and `break` under an if inside a named except clause of a loop
# (importlib._bootstrap's _handle_fromlist): <= 3.10 leave the block of the
# name's cleanup (POP_BLOCK) before the clause.  Must compile back to the
# same bytecode.


def handle_fromlist(module, fromlist, import_):
    for x in fromlist:
        try:
            import_(module, x)
        except ModuleNotFoundError as exc:
            if exc.name == x and sys.modules.get(x, _NEEDS_LOADING) is not None:
                continue
            raise
    return module


def continue_then_more(names):
    for seq in names:
        try:
            fd = g(seq)
        except PermissionError as e:
            if e.errno:
                continue
            h(e)
        return fd


def break_then_more(names):
    while names:
        try:
            fd = g(names.pop())
        except PermissionError as e:
            if e.errno:
                break
            h(e)
    return names
