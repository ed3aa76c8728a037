"""except* (PEP 654): named and unnamed clauses, tuples, else, finally,
loops around the statement, raise inside, return after, nesting."""


def named(a, b):
    try:
        a()
    except* ValueError as e:
        b(e)


def unnamed(a, b):
    try:
        a()
    except* ValueError:
        b()


def two_clauses(a, b, c, d):
    try:
        a()
    except* ValueError as e:
        b(e)
    except* TypeError:
        c()
    d()


def tuple_type(a, log):
    try:
        a()
    except* (ValueError, IndexError) as eg:
        log.append(len(eg.exceptions))


def attr_type(a, mod):
    try:
        a()
    except* mod.Error as eg:
        mod.handle(eg)


def with_else(a, b, c):
    try:
        a()
    except* ValueError:
        b()
    else:
        c()


def with_finally(a, b, c):
    try:
        a()
    except* ValueError as e:
        b(e)
    finally:
        c()


def else_and_finally(a, b, c, d):
    try:
        a()
    except* ValueError as e:
        b(e)
    except* OSError:
        b(None)
    else:
        c()
    finally:
        d()


def reraise(a, log):
    try:
        a()
    except* ValueError:
        log.append("v")
        raise


def raise_from(a, log):
    try:
        a()
    except* OSError as eg:
        log.append("os")
        raise RuntimeError("converted") from eg


def raise_in_branch(a, log, c):
    try:
        a()
    except* OSError as eg:
        if c:
            raise
        log.append(eg)


def return_after(a, b):
    try:
        x = a()
    except* ValueError as e:
        b(e)
        x = None
    return x


def return_in_body(a, b):
    try:
        return a()
    except* ValueError as e:
        b(e)
    return 0


def for_loop(items, log):
    for i in items:
        skip = False
        try:
            log.append(i())
        except* (ValueError, IndexError) as eg:
            log.append(len(eg.exceptions))
            skip = True
        if skip:
            continue
        log.append("after")
    return log


def while_loop(n, f):
    while n:
        try:
            f(n)
        except* KeyError:
            n -= 1
        n -= 1


def loop_body_end(items, f, g):
    for x in items:
        try:
            f(x)
        except* ValueError as e:
            g(e)


def nested_in_body(a, b, c):
    try:
        try:
            a()
        except* ValueError as e:
            b(e)
    except* KeyError as k:
        c(k)


def nested_in_clause(a, b, c):
    try:
        a()
    except* ValueError as e:
        try:
            b(e)
        except* TypeError as t:
            c(t)


def plain_try_in_clause(a, b, c):
    try:
        a()
    except* ValueError:
        try:
            b()
        except TypeError:
            c()


def star_in_plain_clause(a, b, c):
    try:
        a()
    except OSError:
        try:
            b()
        except* TypeError:
            c()


def if_in_clause(a, b, c):
    try:
        a()
    except* ValueError as e:
        if e.exceptions:
            b(e)
        else:
            c()
    return 1


def empty_clause(a):
    try:
        a()
    except* ValueError:
        pass


def three_clauses(a, log):
    try:
        a()
    except* ValueError:
        log.append(1)
    except* TypeError as t:
        log.append(t)
    except* (KeyError, IndexError):
        log.append(3)
    return log


def full(kind, make):
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


def in_with(cm, a, b):
    with cm:
        try:
            a()
        except* ValueError as e:
            b(e)


def in_if(c, a, b):
    if c:
        try:
            a()
        except* ValueError as e:
            b(e)
    else:
        b(None)
