# while loops of 3.10+'s inverted layout (the test before the loop and a
# copy at its bottom): a body that starts with an inner loop, whose head
# is the outer loop's first body instruction, a loop whose exit is where
# the enclosing loop's body ends, and a loop at the end of a function
# whose try body makes the compiler copy the final return.  Must compile
# back to the same bytecode, with no `continue` (a jump to the shared
# head is the inner loop's, not the outer one's `continue`).


def inner_forever(c, g):
    while c():
        while True:
            g()
            if g():
                break


def nested_tests(c, g):
    while c():
        while g():
            g()


def try_in_loop_at_end(h, f):
    while len(h) > 1:
        try:
            f(h)
        except StopIteration:
            f(h)


def three_deep(a, b, c, g):
    while a():
        while b():
            while c():
                g()
        g()
    return g


def else_with_threaded_break(a, g):
    # (<= 3.9: the break jumps straight to the outer loop's head, past
    # the else block)
    while a():
        while g():
            if g(2):
                break
        else:
            g(1)
