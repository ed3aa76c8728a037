# `continue` or `break` out of an except clause inside a with inside a loop
# (importlib._bootstrap's _find_spec): 3.11+ pop the clause's exception,
# call the with's __exit__, drop a for loop's iterator for a break, then jump.


def find_spec(meta_path, lock):
    for finder in meta_path:
        with lock():
            try:
                find_spec = finder.find_spec
            except AttributeError:
                continue
            else:
                spec = find_spec()
        if spec is not None:
            return spec


def continue_only(meta_path, lock):
    for finder in meta_path:
        with lock():
            try:
                find_spec = finder.find_spec
            except AttributeError:
                continue


def break_out(meta_path, lock):
    for finder in meta_path:
        with lock():
            try:
                find_spec = finder.find_spec
            except AttributeError:
                break
            g()
    return 1


def while_loop(items, lock):
    while items:
        with lock():
            try:
                items.pop()
            except IndexError:
                break
            except KeyError:
                continue
            g()
    return 2


def continue_then_more(meta_path, lock, c):
    for finder in meta_path:
        with lock():
            try:
                find_spec = finder.find_spec
            except AttributeError:
                if c:
                    continue
            g()
