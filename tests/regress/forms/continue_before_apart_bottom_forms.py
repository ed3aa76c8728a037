def skip_then_scan(stack, it):
    while stack:
        top = stack.pop()
        if top:
            continue
        with it:
            while True:
                try:
                    entry = next(it)
                except StopIteration:
                    break
                g(entry)
        h()


def walk_like(stack, onerror):
    while stack:
        top = stack.pop()
        if isinstance(top, tuple):
            yield top
            continue
        try:
            it = scandir(top)
        except OSError as error:
            if onerror is not None:
                onerror(error)
            continue
        cont = False
        with it:
            while True:
                try:
                    try:
                        entry = next(it)
                    except StopIteration:
                        break
                except OSError as error:
                    cont = True
                    break
                g(entry)
        if cont:
            continue
        yield top


def two_continues(stack, it):
    while stack:
        top = stack.pop()
        if top is None:
            continue
        if top == 1:
            continue
        with it:
            while True:
                try:
                    entry = next(it)
                except StopIteration:
                    break
        h(top)
