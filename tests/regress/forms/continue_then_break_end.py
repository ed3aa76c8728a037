# `if c: ...; continue` then `break`, ending a while loop's body (heapq
# _siftdown, in else_continue_forms): 3.10+ drop the break's jump to the
# exit right after the loop's jump back, so the test jumps to the exit; the
# loop has no bottom test, which `if not c: break` and the rest would
# compile to.


def forever(items):
    n = 0
    while True:
        n += 1
        if items.more(n):
            items.take(n)
            continue
        break
    return n


def with_and(a, b):
    while a:
        a = a.next
        if a and b(a):
            continue
        break
    return a
