# A test joining a chained comparison with `and`: 3.12+ copy the raise
# (or return) for the chain's last test, and its cleanup falls into the
# code the other operand jumps to (pickletools' OpcodeInfo.__init__,
# _pydatetime's timedelta.__new__).


def assert_chain(x, n):
    assert isinstance(x, int) and 0 <= x <= n
    return x


def assert_chain_msg(x, n, m):
    assert isinstance(x, int) and 0 <= x <= n, m
    return x


def assert_chain_first(x, n):
    assert 0 <= x <= n and isinstance(x, int)
    return x


def if_not_chain(x, n):
    if not (isinstance(x, int) and 0 <= x <= n):
        return 1
    return 2


def assert_chain_middle(x, n, y):
    assert x and 0 <= x <= n and y


def assert_chain_end(x, n):
    assert isinstance(x, int) and 0 <= x <= n


def assert_chain_or(x, n, y):
    assert x and 0 <= x <= n or y


def assert_in_loop(xs, n):
    for x in xs:
        assert x and 0 < x < n
    return n


def assert_in_branch(x, n):
    if x:
        assert n and 0 <= x <= n
    else:
        x = 3
    return x


# In loops, 3.12+ give each false path its own jump back to the head, and
# the chain's cleanup falls on into the loop's own back jump (uuid's getnode).
def loop_return(c, n):
    for x in c:
        if n is not None and 0 <= n < 1 << 48:
            return n


def loop_return_more(c, n):
    for x in c:
        if n is not None and 0 <= n < 9:
            return n
        x()


def while_return(c, n):
    while c:
        if n and 0 <= n < 9:
            return n


def loop_call(c, n):
    for x in c:
        if n and 0 <= n < 9:
            x()


def loop_else(c, n):
    for x in c:
        if n and 0 <= n < 9:
            return x
        else:
            n()


def loop_three(c, n):
    for x in c:
        if x and 0 <= x < n and x:
            return x


def nested_loops(c, n):
    for x in c:
        for y in x:
            if y and 0 <= y < n:
                return y


def loop_continue(c, n):
    for x in c:
        if n and 0 <= n < 9:
            continue
        x()


def loop_not(c, n):
    for x in c:
        if not (n and 0 <= n < 9):
            return x


def loop_chain_first(c, n):
    for x in c:
        if 0 <= n < 9 and n:
            return x
