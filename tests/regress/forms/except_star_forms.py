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


def else_return(a, b, c):
    try:
        a()
    except* ValueError:
        b()
    else:
        return c()
    return 2


def else_in_loop(items, a, b, c):
    for x in items:
        try:
            a(x)
        except* ValueError:
            b()
        else:
            c()
    return 1


def else_if(a, b, c, d):
    try:
        a()
    except* ValueError:
        b()
    else:
        if c:
            return None
        d()


def else_then_code(a, b, c, d):
    try:
        a()
    except* ValueError:
        b()
    else:
        c()
    d()
    return 5


def while_true(a, b):
    while True:
        try:
            a()
        except* ValueError:
            b()
        else:
            break


def body_raises(a, b):
    try:
        raise a
    except* ValueError:
        b()
    return 3


def clause_while(a, b):
    try:
        a()
    except* ValueError as e:
        while b(e):
            a()


def clause_for(a, b):
    try:
        a()
    except* ValueError as e:
        for x in e.exceptions:
            b(x)
    return 0


def clause_with(a, cm):
    try:
        a()
    except* ValueError as e:
        with cm:
            a(e)


def finally_only_inner(a, b, c):
    try:
        a()
    except* ValueError as e:
        try:
            b(e)
        finally:
            c()


def star_in_finally(a, b, c):
    try:
        a()
    finally:
        try:
            b()
        except* KeyError:
            c()


def body_if_return(a, b, c):
    try:
        if a():
            return 1
        b()
    except* ValueError:
        c()
    return 2


def comp_in_clause(a, b):
    try:
        a()
    except* ValueError as e:
        b([x for x in e.exceptions])


def star_else_finally_loop(items, a, b, c, d):
    for x in items:
        try:
            a()
        except* ValueError as e:
            b(e)
        else:
            c()
        finally:
            d()


def gen(a, b):
    try:
        yield a()
    except* ValueError as e:
        yield b(e)


def else_in_while(n, a, b, c):
    while n:
        try:
            a(n)
        except* ValueError:
            b()
        else:
            c()
        n -= 1


def else_in_loop_then(items, a, b, c, d):
    for x in items:
        try:
            a(x)
        except* ValueError:
            b()
        else:
            c()
        d()


def else_continue(items, a, b, c):
    for x in items:
        try:
            a(x)
        except* ValueError:
            b()
        else:
            if c:
                continue
            b()
        a(None)


def nested_else(a, b, c, d):
    try:
        try:
            a()
        except* ValueError:
            b()
        else:
            c()
    except* KeyError:
        d()
    else:
        a()


async def async_star(a, b):
    try:
        await a()
    except* ValueError as e:
        await b(e)


def named_pass(a):
    try:
        a()
    except* ValueError as e:
        pass


def ret_finally(a, b, c):
    try:
        return a()
    except* ValueError as e:
        b(e)
    finally:
        c()


def deep(a, b):
    try:
        try:
            try:
                a()
            except* ValueError:
                b(1)
        except* TypeError:
            b(2)
    except* KeyError:
        b(3)


def two_in_a_row(a, b):
    try:
        a()
    except* ValueError:
        b(1)
    try:
        b()
    except* TypeError as e:
        a(e)
    return 7
