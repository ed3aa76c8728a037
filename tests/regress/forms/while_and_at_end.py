# A while loop whose test is an and/or, ending a function: 3.10+ copy the
# `return None` after it to each jump out of the test, at its top and at
# its bottom, the copies laid out one after another after the loop
# (os.removedirs, multiprocessing's _help_stuff_finish).


def and_test(t, q):
    while t.a() and q.b():
        q.c()


def after_statement(t, q):
    q.x()
    while t.a() and q.b():
        q.c()


def three_atoms(t, q):
    while t.a() and q.b() and not q.d:
        q.c()


def or_test(t, q):
    while t.a() or q.b():
        q.c()


def mixed(t, q):
    while (t.a() or q.b()) and q.n > 0:
        q.n -= 1


def with_try(name, head, tail):
    while head and tail:
        try:
            rmdir(head)
        except OSError:
            break
        head, tail = split(head)


def returns_value(t, q):
    while t.a() and q.b():
        q.c()
    return q
