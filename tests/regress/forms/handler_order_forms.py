# try statements whose handlers 3.12+ place after the code that follows
# the body either way: whether that code is the else block or follows the
# statement shows only in how constants and names are numbered.


def accept_loop(self):
    while True:
        try:
            c = self.listener.accept()
        except OSError:
            continue
        t = threading.Thread(target=self.handle_request, args=(c,))
        t.daemon = True
        t.start()


def read_all(files):
    caps = {}
    for name in files:
        try:
            fp = open(name, 'r')
        except OSError:
            pass
        else:
            with fp:
                more = readfile(fp)
            for key, value in more.items():
                caps[key] = value
    return caps


def check(cache, names):
    for name in names:
        try:
            st = os.stat(name)
        except OSError:
            cache.pop(name, None)
            continue
        if st.st_size != cache[name]:
            cache.pop(name, None)


def nested_break(stack, it):
    while stack:
        while True:
            try:
                entry = next(it)
            except StopIteration:
                break
        stack.pop()


def nested_break_last(stack, it):
    while stack:
        while True:
            try:
                entry = next(it)
            except StopIteration:
                break


def parse_items(table, src, pos):
    # (True, numbered by `while True:`, is first loaded after the handler)
    while True:
        key = parse_key(src, pos)
        try:
            nest = table.get(key, access=False)
        except KeyError:
            raise ValueError("overwrite") from None
        if key in nest:
            raise ValueError("duplicate")
        table.set(key, recursive=True)
        pos += 1


def drain(iters):
    # (3.12+: the loop's bottom test, which only the except clause
    # reaches, is placed after the handlers; its exit, the code after the
    # loop, has a loop of its own)
    while iters:
        try:
            while True:
                iters.step()
        except StopIteration:
            pass
    yield from iters


def find(name, modules):
    # (the first try's handlers lie among the second's else block)
    if name not in modules:
        try:
            path = modules.path
        except AttributeError as e:
            raise KeyError(f'no path for {name!r}') from e
        return find_in(name, path)
    else:
        module = modules[name]
        if module is None:
            return None
        try:
            spec = module.__spec__
        except AttributeError:
            raise ValueError(f'{name}.__spec__ is not set') from None
        else:
            if spec is None:
                raise ValueError(f'{name}.__spec__ is None')
            return spec
