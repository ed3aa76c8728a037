# An if whose then-part ends in the source's own `return` (no value), the
# function going on after it: 3.10+ copy an implicit `return None` into
# each way to it, so one that an inner if both jumps to and falls into is
# explicit, and the code after the if is no else-part (asyncio's shield
# and gather callbacks, glob, heapq).


def inner_if_then_return(inner, outer):
    if outer.cancelled():
        if not inner.cancelled():
            inner.exception()
        return
    if inner.cancelled():
        outer.cancel()
    else:
        outer.set_result(inner.result())


def loop_then_return(items, seen):
    if not items:
        for x in seen:
            if x:
                seen.discard(x)
        return
    seen.update(items)
    items.clear()


def nested_then_return(a, b, c):
    if a:
        if b:
            c.x()
        else:
            c.y()
        return
    c.z()
