# min-version: 3.11
"""Async comprehensions nested inside sync comprehensions of an async
function (allowed from 3.11 on)."""


async def agen(n):
    for i in range(n):
        yield i


async def test_nested_async_in_sync():
    return ([[w async for w in agen(v)] for v in range(3)],
            {v: [w * v async for w in agen(v) if w] for v in range(4)},
            [(v, [x async for x in agen(2)]) for v in "ab"])
