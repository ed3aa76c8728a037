"""async def, await, async for, async generators, async comprehensions,
await in every expression position, try/finally around awaits."""
import asyncio

INPUTS = {
    "test_await_chain": [(0,), (3,)],
    "test_async_for_forms": [(0,), (3,), (5,)],
    "test_async_for_in_try": [(2,), (4,)],
    "test_async_for_nested": [(0,), (3,)],
}


async def double(x):
    await asyncio.sleep(0)
    return x * 2


async def failing(msg):
    await asyncio.sleep(0)
    raise ValueError(msg)


class Ticker:
    def __init__(self, n):
        self.n = n

    def __aiter__(self):
        self.i = 0
        return self

    async def __anext__(self):
        await asyncio.sleep(0)
        if self.i >= self.n:
            raise StopAsyncIteration
        self.i += 1
        return self.i


async def agen(n):
    for i in range(n):
        await asyncio.sleep(0)
        yield i * 10
    if n == 0:
        yield "empty"


async def test_await_chain(n):
    a = await double(n)
    b = await double(await double(a))
    c = [await double(i) for i in range(3)]
    d = (await double(1)) + (await double(2)) * 2
    e = await double(n) if n else await double(-1)
    f = {await double(k): await double(k + 1) for k in range(2)}
    return a, b, c, d, e, f


async def test_async_for():
    out = []
    async for v in Ticker(3):
        out.append(v)
    async for v in agen(4):
        if v == 10:
            continue
        if v == 30:
            break
        out.append(v)
    else:
        out.append("no else after break")
    async for v in agen(2):
        out.append(v)
    else:
        out.append("else ran")
    return out


async def test_async_comprehensions():
    return (
        [v async for v in Ticker(4)],
        [v async for v in agen(5) if v % 20 == 0],
        {v: w async for v in Ticker(2) for w in "ab"},
        {v async for v in agen(3)},
        [await double(v) async for v in Ticker(3)],
        [v for v in [await double(x) for x in range(2)]],
    )


async def test_async_generator_expression():
    g = (v * 2 async for v in Ticker(3))
    out = []
    async for item in g:
        out.append(item)
    return out


async def test_errors_and_finally():
    log = []
    try:
        await failing("boom")
    except ValueError as e:
        log.append(str(e))
    finally:
        log.append("finally")
    try:
        async for v in agen(3):
            if v == 10:
                raise KeyError(v)
    except KeyError as e:
        log.append(e.args)
    results = await asyncio.gather(double(1), double(2), failing("g"), return_exceptions=True)
    log.append([type(r).__name__ for r in results])
    return log


async def agen_with_send():
    received = []
    try:
        while True:
            value = yield len(received)
            if value is None:
                break
            received.append(value)
    finally:
        received.append("closed")
    yield received


async def test_asend_athrow():
    g = agen_with_send()
    out = [await g.__anext__(), await g.asend("a"), await g.asend("b"), await g.asend(None)]
    g2 = agen_with_send()
    await g2.__anext__()
    try:
        await g2.athrow(KeyError("t"))
    except KeyError as e:
        out.append(("thrown", e.args))
    return out


def test_run_from_sync():
    async def main():
        t1 = asyncio.ensure_future(double(5))
        t2 = asyncio.ensure_future(double(6))
        return await t1 + await t2
    return asyncio.run(main())


async def test_is_itself_an_async_generator():
    """A test that is an async generator: drained under asyncio.run."""
    async for v in Ticker(2):
        yield await double(v)
    yield [v async for v in agen(2)]
    try:
        await failing("inside")
    except ValueError as e:
        yield str(e)


async def test_async_for_forms(n):
    out = []
    async for v in Ticker(n):
        if v == 2:
            continue
        out.append(v)
    else:
        out.append("else")
    async for v in agen(n):
        if v > 20:
            break
        out.append(-v)
    else:
        out.append("no break")
    async for (a, b) in pairs(n):
        out.append(a * b)
    return out


async def pairs(n):
    for i in range(n):
        yield i, i + 1


async def test_async_for_in_try(n):
    out = []
    try:
        async for v in agen(n):
            if v == 20:
                raise KeyError(v)
            out.append(v)
    except KeyError as e:
        out.append(("caught", e.args))
    finally:
        out.append("finally")
    return out


async def test_async_for_nested(n):
    out = []
    async for v in Ticker(n):
        async for w in agen(v):
            out.append((v, w))
        out.append(v)
    return out
