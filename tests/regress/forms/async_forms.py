# Async for and async with in the shapes the decompiler recovers on every
# version 3.8-3.13; tests/test_regress.py::test_async_forms_exact decompiles
# this module with build/depyf and compares the output's bytecode with it.
# (`if c: continue` as a loop body's first statement is left out: it comes
# back as `if not c: ...`, the same code but for 3.12+'s exception table
# entry of a coroutine's back jump.)


async def simple_with(x):
    async with x as y:
        g(y)
    return 2


async def nested_with(a, b, c):
    async with a as p, b:
        async with c:
            with b as q:
                await q(p)


async def with_returns_constant(a):
    async with a:
        return 5


async def for_else(x):
    async for v in x:
        g(v)
    else:
        h()
    return 1


async def for_break(x):
    async for (a, b) in x:
        if a > b:
            break
        g(a)
    else:
        h()


async def for_in_try(a, log):
    try:
        async for v in a:
            if v == 10:
                raise KeyError(v)
    except KeyError as e:
        log.append(e.args)
    return log


async def for_in_for(a, out):
    for x in a:
        async for v in x:
            out.append(v)
        out.append(1)


async def comprehensions(a, agen):
    return ([v async for v in agen(5) if v % 20 == 0],
            {v: w async for v in a for w in 'ab'},
            (v async for v in a))


async def async_generator(a):
    async for v in a:
        yield v
    yield [v async for v in a]
