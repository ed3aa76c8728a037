# A while loop that ends an if's then-part: 3.12 lays its test out to
# jump straight past the else-part, and its exit is the then-part's jump.


def chain_of(exc, chain, out):
    if chain:
        while exc:
            out.append(exc)
            exc = exc.__cause__
    else:
        out.append((None, exc))
    yield from out


def drain(queue, block):
    if block:
        while queue.items:
            queue.take()
    else:
        queue.clear()
    return queue.count
