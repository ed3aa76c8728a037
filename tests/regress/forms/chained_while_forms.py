# A while loop whose test is a chained comparison (http.cookies's
# BaseCookie.__parse_string, _pydecimal): 3.10 and 3.11 copy the test to the
# bottom of the body, and its cleanup (the POP_TOP of the kept operand)
# comes after the jump back, with a jump to the loop's exit or a copy of
# the return there.  Every version compiles these back to the same bytecode.


def parse_string(i, n, p, seen):
    while 0 <= i < n:
        m = p(i)
        if not m:
            break
        i += 1
        if m[0] == "$":
            if not seen:
                continue
            p(1)
        elif m:
            return
        else:
            return
    return i


def exit_jump(i, n, p, seen):
    while 0 <= i < n:
        m = p(i)
        if not m:
            break
        i += 1
        if not seen:
            continue
        p(1)
    p(2)
    p(3)
    p(4)
    p(5)
    return i


def with_break(i, n, p):
    while 0 <= i < n:
        m = p(i)
        if not m:
            break
        i += 1
    return i


def three_links(i, n, p):
    while 0 <= i < n < p:
        if i:
            continue
        i += 1
    return i
