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
