# `return None` ending a with block at a function's end: 3.9 calls __exit__
# and returns right there, where falling off the block's end jumps over the
# handler to the implicit return (3.10+ copies that return instead).


def a(f):
    with f:
        f.x()
        return None

def b(f, t):
    with f:
        if t:
            return 1
        return None

def c(f, t):
    with f:
        for x in t:
            pass
        return None
