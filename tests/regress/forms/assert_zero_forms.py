# `assert 0, msg` and `assert False, msg` compile to the raise alone, but
# number their constant (3.8-3.11): the one co_consts holds comes back
# (html.parser's goahead, xmlrpc.server, doctest).


def zero(x):
    """doc"""
    if x:
        return 1
    else:
        assert 0, "msg"
    return 2


def false(x):
    """doc"""
    if x:
        return 1
    else:
        assert False, "msg"
    return 2


def zero_used_before(m):
    """doc"""
    z = m[0]
    if z:
        return 1
    else:
        assert 0, "msg"
    return 2


def both_used_before(m):
    """doc"""
    z = m[0]
    if z:
        return False
    else:
        assert 0, "msg"
    return 2
