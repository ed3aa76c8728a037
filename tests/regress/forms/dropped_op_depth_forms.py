# The decoder drops END_FOR (3.12+) and GEN_START (3.10), which pop values:
# the instruction after one starts at the depth after it.  An inverted
# while loop finds where its test begins by that depth.


def after_for(a, b):
    for x in a:
        g(x)
    while a:
        if b:
            g()


def generator(a, b):
    while a:
        yield b
