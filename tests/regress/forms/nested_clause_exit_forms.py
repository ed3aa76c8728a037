# 3.11+: break or continue in an except clause nested in the except clause
# of another try, in a loop: the POP_EXCEPT of each clause it leaves, then
# the jump (3.12+: or the code after a while True loop, placed after the
# handlers): inspect's Signature._bind.

def bind(self, args):
    while True:
        try:
            x()
        except StopIteration:
            try:
                x()
            except StopIteration:
                break
            else:
                x()
        else:
            x()
    return self._bound_arguments_cls(self, args)


def while_brk(c):
    while c:
        try:
            x()
        except E:
            try:
                y()
            except F:
                break
    return c.foo(c, c)


def for_brk(c):
    for i in c:
        try:
            x()
        except E:
            try:
                y()
            except F:
                break
    return c.foo(c, c)


def for_cont(c):
    for i in c:
        try:
            x()
        except E:
            try:
                y()
            except F:
                continue
            z()
    return c.foo(c, c)


def named_outer(c):
    for i in c:
        try:
            x()
        except E as e:
            try:
                y(e)
            except F as f:
                g(f)
                break
            z(e)
    return c.foo(c, c)


def three_deep(c):
    while c:
        try:
            x()
        except E:
            try:
                y()
            except F:
                try:
                    z()
                except G:
                    continue
        w()
    return c.foo(c, c)


def fall_end(c):
    for i in c:
        try:
            x()
        except E:
            try:
                y()
            except F:
                pass
    return c


def fall_end_while(c):
    while c:
        try:
            x()
        except E:
            try:
                y()
            except F:
                pass
    return c.foo(c, c)


# (a with around the clauses: its __exit__ call before the jump back)
def with_around(c, m):
    for i in c:
        with m:
            try:
                x()
            except E:
                try:
                    y()
                except F:
                    z()
                    continue
            else:
                w()
    return c.foo(c, c)
