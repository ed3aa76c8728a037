# A return of a value out of a with block inside a try/finally (3.11+):
# after __exit__, the normal path runs a copy of the finally block, then
# returns (runpy's run_path).


def with_return(a, c):
    try:
        with a:
            return c
    finally:
        c()


def withs_return(a, b, c):
    try:
        with a, b:
            return c
    finally:
        c()


def with_as_return(a, b, c):
    try:
        with a as t:
            return t.x
    finally:
        c()


def with_return_then_more(a, c):
    try:
        with a:
            return c
    finally:
        c()
    return 5
