# `if c: ... else: break` (or `else: continue`) in a while loop's body with
# more of the body after it: 3.8/3.9 thread c's jump through the else-part's
# jump to the loop's exit (head), leaving that jump dead after the
# then-part (tokenize's _tokenize: `elif line[pos] == '\f': ... else:
# break`).  Read as `if not c: break` before the then-part, or as part of
# the loop's test, it compiles to other code.


def if_else_break(xs):
    while xs:
        if x == 1:
            a = 1
        else:
            break
        g(a)


def elif_else_break(pos, line):
    column = 0
    while pos < len(line):
        if line[pos] == ' ':
            column += 1
        elif line[pos] == '\t':
            column = (column // 8 + 1) * 8
        elif line[pos] == '\f':
            column = 0
        else:
            break
        pos += 1
    return column


def elif_else_continue(xs):
    while xs:
        if x == 1:
            a = 1
        elif x == 2:
            a = 3
        else:
            continue
        g(a)


def elif_return_else_break(xs):
    while xs:
        g()
        if x == 1:
            a = 1
        elif x == 2:
            return 3
        else:
            break
        g(a)


def and_test_if_else_break(xs, y):
    while xs and y:
        if x == 1:
            a = 1
        else:
            break
        g(a)


def forever_if_else_break(xs):
    while True:
        if x == 1:
            a = 1
        else:
            break
        g(a)


def then_break_else_continue(xs):
    while xs:
        if x == 1:
            a = 1
            if a:
                break
        else:
            continue
        g(a)


def for_elif_else_break(xs):
    for x in xs:
        if x == 1:
            a = 1
        elif x == 2:
            a = 2
        else:
            break
        g(a)
