# Returns that the compiler (3.10+) copies into the branches that reach
# them: the copy reads as `if c: ...; return R`, but where an explicit
# return there would number a constant or name of R before one of the code
# after it, the return is the one after an elif chain (optparse, mailbox,
# pstats, _pyrepl, cgitb).  Then `**{...}` and `*(...)` displays in calls
# and displays that the compiler keeps apart (email.mime.text,
# unittest.async_case).


def take_action(action, values, dest, value):
    if action == "store":
        setattr(values, dest, value)
    elif action == "store_const":
        setattr(values, dest, None)
    elif action == "count":
        setattr(values, dest, values.get(dest, 0) + 1)
    elif action == "help":
        print("help")
    else:
        raise ValueError("unknown action %r" % action)
    return 1


def dump(message, target, mangle):
    """Implicit return at the end: the last branch uses None itself."""
    if isinstance(message, str):
        target.write(message)
        if mangle and not message.endswith("\n"):
            target.write("\n")
    elif isinstance(message, bytes):
        target.write(message.decode("ascii"))
        if mangle:
            target.write("\n")
    elif hasattr(message, "read"):
        lastline = None
        while True:
            line = message.readline()
            if not line:
                break
            target.write(line)
            lastline = line
        if mangle and lastline and not lastline.endswith("\n"):
            target.write("\n")
    else:
        raise TypeError("Invalid message type: %s" % type(message))


def search(history, index, forwards, match):
    """A docstring: None is numbered where the code first uses it."""
    while 1:
        if forwards:
            out = index >= len(history) - 1
        else:
            out = index == 0
        if out:
            if forwards and not match:
                history.clear()
            else:
                print("not found")
            return
        index += 1 if forwards else -1
        if history[index].startswith(match):
            return index


def sort(stats, line, stream):
    if not stats:
        print("No statistics object is loaded.", file=stream)
        return
    if line and all(x in stats for x in line.split()):
        stats.sort(*line.split())
    else:
        print("Valid sort keys:", file=stream)
        for key in stats:
            print("%s" % key, file=stream)
    return 0


def add(name, total, methods, crypt):
    result = None
    try:
        result = crypt("", name)
    except OSError as e:
        if e.errno in {1, 2}:
            return False
        raise
    if result and len(result) == total:
        methods.append(name)
        return True
    return False


def keywords(g, p, c, a, x):
    g(policy=p, **{"charset": c})
    g(**{"charset": c})
    g(*a, **{"charset": c})
    g(**x, charset=c)
    g(p, **x, **{"charset": c}, k=1)
    y = {"a": 1, **{"b": 2}}
    z = {**x, "b": 2}
    w = {**{"b": 2}}
    return (y, z, w)


def dead_names(text, margin):
    for line in text.split():
        if line.startswith(margin):
            margin = line
    if 0 and margin:
        for line in text.split("-"):
            assert not line
    return margin


def empty_kwargs(fn, a, d):
    return [fn(**{}), fn(*a, **{}), fn(1, **{}), fn(**{}, **d), fn(**d, **{}), {**{}}, {**d, **{}}, {1: 2, **{}}]


def star_displays(g, a, b, x):
    """3.8: a display with a star that the source wrote itself is no run
    of arguments (BUILD_TUPLE_UNPACK, not ..._WITH_CALL); a list never is."""
    g(*(x, *a), **b)
    g(*a, *(x, *b))
    g(*[*a, *b])
    g(*[x, a])
    g(x, *a, *b)
    return (*a, *b), [*a, x]


def lookup(name, frame, locals):
    """A return of a value, copied: the else-part's names come first
    (cgitb)."""
    if name in locals:
        return "local", locals[name]
    if "__builtins__" in frame.f_globals:
        builtins = frame.f_globals["__builtins__"]
        if isinstance(builtins, dict):
            if name in builtins:
                return "builtin", builtins[name]
        else:
            if hasattr(builtins, name):
                return "builtin", getattr(builtins, name)
    return None, __UNDEF__


def add_stats(stats, line, stream):
    """An except clause ends in a copy of the return after the if
    (pstats)."""
    if stats:
        try:
            stats.add(line)
        except OSError as e:
            print("Failed to load statistics for %s: %s" % (line, e), file=stream)
    else:
        print("No statistics object is loaded.", file=stream)
    return 0


def user_site(userbase, known):
    """A docstring keeps None off co_consts[0] (site)."""
    global USER_SITE, ENABLE_USER_SITE
    if USER_SITE is None:
        if userbase is None:
            ENABLE_USER_SITE = False
        else:
            USER_SITE = known(userbase)
    return USER_SITE


def read_line(self, size, nreadahead):
    """A break's copy of the return after the loop, whose names the
    compiler numbered after the rest of the body's (_pyio, 3.10+)."""
    res = bytearray()
    while size < 0 or len(res) < size:
        b = self.read(nreadahead())
        if not b:
            break
        res += b
        if res.endswith(b"\n"):
            break
    return bytes(res)


def parse(self, fp, headersonly=False):
    """The code after a `while True` loop that only breaks leave, copied to
    each break: its names come after the body's (email.parser, 3.10)."""
    feedparser = FeedParser(self._class, policy=self.policy)
    if headersonly:
        feedparser._set_headersonly()
    while True:
        data = fp.read(8192)
        if not data:
            break
        feedparser.feed(data)
    return feedparser.close()
