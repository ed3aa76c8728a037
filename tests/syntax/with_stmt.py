"""with and async with: multiple items, as-targets of every shape, nesting,
inside loops with break/continue/return, suppressed and propagated errors."""
import asyncio

INPUTS = {
    "test_suppression": [(None,), ("value",), ("key",)],
    "test_with_ends_loop_body": [(["a", "b"], False), (["a"], True)],
    "test_with_returns_after_try": [(True, False), (False, False), (False, True)],
    "test_with_returns_constant": [(False,), (True,)],
}


class CM:
    def __init__(self, log, name, suppress=False, value=None):
        self.log = log
        self.name = name
        self.suppress = suppress
        self.value = value

    def __enter__(self):
        self.log.append("enter " + self.name)
        return self.value if self.value is not None else self

    def __exit__(self, typ, exc, tb):
        self.log.append("exit %s %s" % (self.name, typ.__name__ if typ else None))
        return self.suppress


class ACM(CM):
    async def __aenter__(self):
        await asyncio.sleep(0)
        self.log.append("aenter " + self.name)
        return self.value if self.value is not None else self.name

    async def __aexit__(self, typ, exc, tb):
        self.log.append("aexit %s %s" % (self.name, typ.__name__ if typ else None))
        return self.suppress


def test_basic_forms():
    log = []
    with CM(log, "a"):
        log.append("body a")
    with CM(log, "b") as b:
        log.append("body %s" % b.name)
    with CM(log, "c") as c, CM(log, "d", value=(1, 2)) as (x, y):
        log.append("body %s %d %d" % (c.name, x, y))
    with CM(log, "e"), CM(log, "f"):
        with CM(log, "g"):
            log.append("nested")
    holder = {}
    with CM(log, "h", value=[5]) as holder["v"]:
        pass

    class Obj:
        pass

    o = Obj()
    with CM(log, "i", value=7) as o.attr:
        pass
    with CM(log, "j", value=[1, [2, 3]]) as [p, [q, *r]]:
        log.append((p, q, r))
    return log, holder, o.attr


def test_suppression(kind):
    log = []
    with CM(log, "outer", suppress=True):
        with CM(log, "inner", suppress=(kind == "key")):
            if kind == "value":
                raise ValueError("v")
            if kind == "key":
                raise KeyError("k")
            log.append("no error")
        log.append("after inner")
    log.append("after outer")
    try:
        with CM(log, "plain"):
            raise IndexError("i")
    except IndexError as e:
        log.append("propagated %s" % e)
    return log


def test_in_loops():
    log = []
    for i in range(4):
        with CM(log, "loop%d" % i):
            if i == 1:
                continue
            if i == 3:
                break
            log.append("body %d" % i)
    n = 0
    while n < 3:
        n += 1
        with CM(log, "w%d" % n) as cm, CM(log, "w%d'" % n):
            if n == 2:
                continue
            log.append(cm.name)

    def early(flag):
        with CM(log, "ret"):
            if flag:
                return "early"
            log.append("not early")
        return "late"

    log.append(early(True))
    log.append(early(False))
    return log


def test_with_and_try():
    log = []
    try:
        with CM(log, "t"):
            try:
                raise ValueError("inner")
            except ValueError:
                log.append("caught inside with")
                raise KeyError("again")
            finally:
                log.append("finally inside with")
    except KeyError:
        log.append("caught outside")
    return log


async def use_async_with(log, fail):
    async with ACM(log, "x") as x, ACM(log, "y", suppress=True) as y:
        log.append("body %s %s" % (x, y))
        if fail:
            raise ValueError("swallowed by y")
    async with ACM(log, "z", value=(1, 2)) as (a, b):
        log.append(a + b)
    for i in range(3):
        async with ACM(log, "l%d" % i):
            if i == 1:
                continue
            log.append(i)
    return log


def test_async_with():
    return asyncio.run(use_async_with([], False)), asyncio.run(use_async_with([], True))


def test_with_return_value_and_exit_order():
    log = []

    def f():
        with CM(log, "1"), CM(log, "2"), CM(log, "3"):
            return "value"
    return f(), log


def test_with_ends_loop_body(names, suppress):
    # 3.12+: the handler's jump after a suppressed exception goes straight
    # to the loop's head (threaded through the back jump after the block)
    log = []
    for name in names:
        with CM(log, name, suppress=suppress):
            if suppress:
                raise KeyError(name)
            log.append("body " + name)
    log.append("done")
    return log


def test_with_returns_after_try(early, suppress):
    # the body returns; the code after the block (the implicit return) is
    # reached only from the handler, whose copy of it follows the handler
    log = []
    if early:
        try:
            return len(log)
        except AttributeError:
            pass
    with CM(log, "x", suppress=suppress):
        if suppress:
            raise KeyError("x")
        return log, "body"


async def use_async_with_forms(log, fail):
    # one async with, nested async withs, a sync with inside, two items
    async with ACM(log, "a") as a:
        log.append("body " + a)
    async with ACM(log, "b"):
        async with ACM(log, "c", suppress=True) as c:
            with CM(log, "d") as d:
                log.append("inner %s %s" % (c, d.name))
                if fail:
                    raise KeyError("swallowed by c")
    async with ACM(log, "e") as e, ACM(log, "f", value=[3]) as [f]:
        log.append((e, f))
    return log


async def use_async_with_return(log, fail):
    async with ACM(log, "e") as e, ACM(log, "f"):
        if fail:
            return log, e
    async with ACM(log, "g"):
        return 5


def test_async_with_forms():
    return asyncio.run(use_async_with_forms([], False)), asyncio.run(use_async_with_forms([], True))


def test_async_with_return():
    return asyncio.run(use_async_with_return([], False)), asyncio.run(use_async_with_return([], True))


def test_with_returns_constant(suppress):
    # the return of a constant ends the function inside the block; where
    # __exit__ suppresses, the function goes on to its implicit return None
    log = []
    with CM(log, "x", suppress=suppress):
        if suppress:
            raise KeyError("x")
        return 7
