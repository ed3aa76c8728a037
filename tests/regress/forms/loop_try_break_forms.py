# A for loop whose body ends in a try statement that breaks, and whose
# clauses raise or return: nothing jumps back to the loop's head (enum's
# Flag._generate_next_value_).
def raises(xs):
    for x in xs:
        try:
            h = f(x)
            break
        except Exception:
            raise TypeError
    return h


def passes(xs):
    for x in xs:
        try:
            h = f(x)
            break
        except Exception:
            pass
    return h


def returns(xs):
    for x in xs:
        try:
            h = f(x)
            break
        except Exception:
            return 1
    return h


def while_raises(xs):
    while xs:
        try:
            h = f(xs)
            break
        except Exception:
            raise TypeError
    return h


def else_return(name, start, count, last_values):
    """3.8, 3.9: the return in the for loop's else block leaves None,
    numbered last, in co_consts (enum's Enum._generate_next_value_)."""
    for last_value in reversed(last_values):
        try:
            return last_value + 1
        except TypeError:
            pass
    else:
        return start


def while_else_return(n):
    """doc"""
    while n:
        n = g(n)
    else:
        return n


def raises_from(count, last_values):
    """(enum's Flag._generate_next_value_)"""
    if not count:
        return 1
    for last_value in reversed(last_values):
        try:
            high_bit = _high_bit(last_value)
            break
        except Exception:
            raise TypeError('Invalid Flag value: %r' % last_value) from None
    return 2 ** (high_bit + 1)
