# A return out of a try whose finally block awaits or yields (3.12+): the
# normal path's copy of the block ends in the return, and the compiler
# places each await's CLEANUP_THROW after it, with a jump back; 3.12's
# YIELD_VALUE argument is the exception block depth, one more in the
# handler's copy (asyncio's BaseEventLoop._sendfile_fallback).


async def return_name_in_if(c):
    try:
        if c:
            return total_sent
    finally:
        await c


async def return_const_in_if(c):
    try:
        if c:
            return 1
        x()
    finally:
        await c


async def return_name(c):
    try:
        return total_sent
    finally:
        await c


async def return_await(f, g):
    try:
        return await f()
    finally:
        await g()


async def await_then_return(f, g):
    try:
        x = await f()
        return x
    finally:
        await g()


async def await_in_loop(f, g):
    try:
        return 1 + await f()
    finally:
        for x in g:
            await x


def generator_yield(f, g):
    try:
        return f
    finally:
        yield g


def generator_yield_from(f, g):
    try:
        return f
    finally:
        yield from g


async def nested_awaits(f, g):
    try:
        return f
    finally:
        await g(await f(), await g())


async def break_or_return_in_loop(f, g):
    while f:
        try:
            if g:
                break
            return g
        finally:
            await g()
