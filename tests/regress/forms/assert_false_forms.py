# `assert False, msg` (3.10+: the raise alone, no test, False folded away;
# 3.10/3.11 still number the False): quopri's unhex, uuid's UUID.__init__.
def digit_value(c):
    if b'0' <= c <= b'9':
        i = ord('0')
    elif b'a' <= c <= b'f':
        i = ord('a') - 10
    else:
        assert False, 'non-hex digit ' + repr(c)
    return ord(c) - i


def unreachable(kind, table):
    for key in table:
        if key == kind:
            return table[key]
    assert False
