"""Generators: yield, yield as an expression, yield from (with return values,
send and throw forwarded), send(), throw(), close(), generator returns."""

INPUTS = {
    "test_countdown": [(0,), (3,)],
}


def countdown(n):
    while n > 0:
        yield n
        n -= 1
    return "done"


def test_countdown(n):
    return list(countdown(n))


def accumulator():
    total = 0
    while True:
        value = yield total
        if value is None:
            return total
        total += value


def test_send():
    g = accumulator()
    out = [next(g), g.send(5), g.send(10)]
    try:
        g.send(None)
    except StopIteration as e:
        out.append(("returned", e.value))
    return out


def delegator():
    first = yield from countdown(2)
    second = yield from accumulator()
    yield (first, second)
    result = yield from [7, 8]
    return result


def test_yield_from():
    g = delegator()
    out = [next(g), next(g), next(g), g.send(3), g.send(4), g.send(None), next(g), next(g)]
    try:
        next(g)
    except StopIteration as e:
        out.append(("stop", e.value))
    return out


def catcher():
    log = []
    while True:
        try:
            x = yield log
        except ValueError as e:
            log.append("caught %s" % e)
        except GeneratorExit:
            log.append("exit")
            raise
        else:
            log.append("got %r" % (x,))
            if x == "stop":
                break
    yield "end"


def test_throw_close():
    g = catcher()
    out = [list(next(g))]
    out.append(list(g.throw(ValueError("one"))))
    out.append(list(g.send(1)))
    g.close()
    out.append(g.gi_frame is None)
    h = catcher()
    next(h)
    out.append(h.send("stop"))
    try:
        h.throw(KeyError("k"))
    except KeyError as e:
        out.append(("propagated", e.args))
    return out


def wrapper():
    try:
        result = yield from catcher()
    finally:
        pass
    return result


def test_throw_through_yield_from():
    g = wrapper()
    next(g)
    a = list(g.throw(ValueError("via")))
    b = g.send("stop")
    return a, b


def yield_expressions():
    a = yield
    b = (yield a) + 1
    c = [(yield b), (yield "x")]
    d = yield (yield c)
    yield a, b, c, d


def test_yield_expressions():
    g = yield_expressions()
    return [next(g), g.send(1), g.send(2), g.send(3), g.send(4), g.send(5), g.send(6)]


def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


def take(n, it):
    for i, v in enumerate(it):
        if i >= n:
            return
        yield v


def test_infinite_and_take():
    return list(take(10, fib())), list(take(0, fib())), sum(take(5, fib()))


def gen_with_finally(log):
    try:
        yield 1
        yield 2
    finally:
        log.append("cleanup")


def test_generator_finally():
    log = []
    g = gen_with_finally(log)
    first = next(g)
    g.close()
    log2 = []
    all_items = list(gen_with_finally(log2))
    return first, log, all_items, log2


def test_generator_in_loop_with_break():
    out = []
    for v in countdown(5):
        if v == 2:
            break
        out.append(v)
    gen = (x for x in range(3))
    out.append(next(gen))
    out.extend(gen)
    return out


def yield_in_try_except(items):
    for item in items:
        try:
            yield 10 // item
        except ZeroDivisionError:
            yield "div0"
            continue
        finally:
            yield "f"


def test_yield_in_try():
    return list(yield_in_try_except([1, 0, 5]))


def test_generator_return_value():
    def g():
        yield 1
        return [1, 2]

    def h():
        if False:
            yield
        return "nothing yielded"

    out = []
    for gen in (g(), h()):
        try:
            while True:
                out.append(next(gen))
        except StopIteration as e:
            out.append(e.value)
    return out


def test_is_itself_a_generator():
    """A test that yields: the runner drains it and compares the items."""
    total = 0
    for v in countdown(3):
        total += v
        yield total
    received = yield "pause"
    yield received
    try:
        yield 1 / 0
    except ZeroDivisionError:
        yield "handled"
    return "finished"
