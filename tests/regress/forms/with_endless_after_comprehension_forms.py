# 3.12+: a with whose body is an endless loop, after a comprehension inlined
# before it: the comprehension's cleanup handler lies between the body and
# the with's handler (and, with two items, the inner with's handler goes on
# to the outer __exit__ call placed past them): multiprocessing.forkserver's
# main.

def dict_comp(handlers):
    old = {sig: s(sig, val) for sig, val in handlers.items()}
    with a() as l:
        while True:
            x(l)


def list_comp(handlers):
    old = [s(sig) for sig in handlers]
    with a() as l:
        while True:
            x(old)


def set_comp_two(handlers):
    old = {s(sig) for sig in handlers}
    with a() as l, b() as m:
        while True:
            if x(l):
                continue
            y(m)


def loop_breaks_inside(handlers):
    old = [s(sig) for sig in handlers]
    with a() as l:
        while True:
            while l:
                if x(l):
                    break
            y(old)


def two_items_try(handlers):
    old = {sig: s(sig, val) for sig, val in handlers.items()}
    with a() as l, b() as m:
        while True:
            try:
                x(l)
            except OSError as e:
                y(e)


def no_comprehension_two(handlers):
    with a() as l, b() as m:
        while True:
            x(l)
