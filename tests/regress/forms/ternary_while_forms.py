"""A while loop whose test is a nested conditional expression: 3.10+
copy the test to the loop's bottom with a different layout (jumps into
the body, copies of the exit), which comes back as `if X: while 1: ...`
with that test as ifs that continue or break: the same behaviour, not
always the same bytecode."""


def f7(a, b, c, d, e):
    while (a if c else (b if d else e)):
        print(1)
