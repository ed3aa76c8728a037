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


def return_after_finally(file, h=None):
    # (the source's own return after a try/finally: 3.11 jumps to it over
    # the handlers, 3.12+ place those after it, reached two ways; an
    # implicit one would be copied into each way: imghdr's what)
    f = None
    try:
        if h is None:
            f = open(file)
            h = f.read()
        for tf in tests:
            res = tf(h, f)
            if res:
                return res
    finally:
        if f:
            f.close()
    return None


def return_after_break(c):
    while c:
        if x():
            break
        c = x()
    return None
