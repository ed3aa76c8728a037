# A while loop whose last jump back to its test is a `continue`, its body
# going on after that and ending in `break` (logging's Logger.findCaller):
# 3.10+ keep no jump back after the break, so the loop's back jump is not at
# its end.  3.10 copies the return after the loop for the break.


def find_caller(f, stack_info):
    rv = 1
    while hasattr(f, "f_code"):
        co = f.f_code
        if co == 3:
            f = f.f_back
            continue
        sinfo = None
        if stack_info:
            sinfo = 2
        rv = (co, sinfo)
        break
    return rv


def skip_some(items, g):
    n = 0
    while items:
        x = items.pop()
        if x is None:
            continue
        if x == 0:
            n += 1
            continue
        g(x)
        break
    g(n)
    g(n + 1)
    g(n + 2)
    g(n + 3)
    return n
