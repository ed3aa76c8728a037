# min-version: 3.11
"""except* with exception groups: matching, splitting, re-raise, else/finally."""

INPUTS = {
    "test_except_star": [(0,), (1,), (2,), (3,)],
}


def make(kind):
    if kind == 0:
        return ExceptionGroup("eg", [ValueError(1), TypeError(2), ValueError(3)])
    if kind == 1:
        return ExceptionGroup("eg", [KeyError("k")])
    if kind == 2:
        return ValueError("naked")
    return None


def test_except_star(kind):
    log = []
    try:
        try:
            exc = make(kind)
            if exc is not None:
                raise exc
            log.append("no exception")
        except* ValueError as eg:
            log.append(("value", [e.args for e in eg.exceptions]))
        except* TypeError as eg:
            log.append(("type", len(eg.exceptions)))
        else:
            log.append("else")
        finally:
            log.append("finally")
    except* KeyError as eg:
        log.append(("outer key", [e.args for e in eg.exceptions]))
    return log


def test_reraise_and_raise_in_handler():
    log = []
    try:
        try:
            raise ExceptionGroup("g", [ValueError("a"), OSError("b")])
        except* ValueError:
            log.append("handled value")
            raise
        except* OSError as eg:
            log.append("os")
            raise RuntimeError("converted") from eg
    except ExceptionGroup as eg:
        log.append(sorted(type(e).__name__ for e in eg.exceptions))
    return log


def test_except_star_tuple_and_loop():
    log = []
    for i in range(3):
        skip = False
        try:
            raise ExceptionGroup("g%d" % i, [ValueError(i), IndexError(i)][:i + 1])
        except* (ValueError, IndexError) as eg:
            log.append((i, len(eg.exceptions)))
            skip = i == 1
        if skip:
            continue
        log.append("after %d" % i)
    return log
