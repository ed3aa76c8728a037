# `if a and b:` whose then-part is a loop ending the function (or a while
# loop testing `a and b`): 3.10+ give each false path of the test its own
# copy of the function's return, placed right after the then-part, and
# the loop's exit a further copy after those (difflib's __chain_b,
# os.removedirs, threading's Condition.notify).  Must compile back to the
# same bytecode, the then-part ending at the first copy.


def chain_b(self, n, popular, b2j):
    if self.autojunk and n >= 200:
        for elt in popular:
            del b2j[elt]


def three_tests(self, n, popular, b2j):
    if self.autojunk and n >= 200 and b2j:
        for elt in popular:
            del b2j[elt]


def removedirs(name):
    head, tail = split(name)
    while head and tail:
        try:
            rmdir(head)
        except OSError:
            break
        head, tail = split(head)


def notify(waiters, n):
    while waiters and n > 0:
        waiter = waiters[0]
        try:
            waiter.release()
        except RuntimeError:
            pass
        else:
            n -= 1
        try:
            waiters.remove(waiter)
        except ValueError:
            pass
