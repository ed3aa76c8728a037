"""assert with and without a message, in loops and with side effects."""

INPUTS = {
    "test_assert": [(0,), (1,), (2,), (-1,)],
}


def check(value):
    assert value >= 0
    assert value < 2, "value %d too big" % value
    assert isinstance(value, int), ("tuple", "message")
    return value


def test_assert(value):
    try:
        return ("passed", check(value))
    except AssertionError as e:
        return ("failed", e.args)


def test_assert_in_loop():
    out = []
    for v in [1, 0, 3]:
        try:
            assert v, "zero at %s" % len(out)
            out.append(v)
        except AssertionError as e:
            out.append(str(e))
    calls = []

    def msg():
        calls.append("msg")
        return "m"

    assert True, msg()
    try:
        assert not calls, msg()
        assert calls, msg()
        assert False, msg()
    except AssertionError as e:
        out.append((e.args, calls))
    return out
