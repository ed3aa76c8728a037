# Except clauses whose last statement is an if that returns, so that the
# if's jump goes to the clause's own end (3.11+ read that jump as leaving
# the clause), and a clause whose every branch ends in a copy of the
# function's final return (which is no `return` of the source).  Must
# compile back to the same bytecode.


def if_return_last(self, g, h, k):
    try:
        g()
    except OSError:
        if self.x:
            h()
            return
    k()


def named_if_return_value(self, g, h, k):
    try:
        g()
    except OSError as exc:
        if exc.winerror != 1:
            h()
            return 5
    k()


def elif_returns_in_loop(self, g, h, k):
    for x in g:
        try:
            g()
        except OSError:
            if self.x:
                h()
                return
            elif self.y:
                k()
                return x
    k()


def nested_if_return_with_else(self, g, h, k):
    try:
        g()
    except (OSError, ValueError) as exc:
        if exc.winerror != 1:
            if k:
                h()
                return
            h(2)
    else:
        k()
    k()


def branches_end_the_function(self):
    try:
        f = urlopen(self.url)
    except HTTPError as err:
        if err.code in (401, 403):
            self.disallow_all = True
        elif err.code >= 400 and err.code < 500:
            self.allow_all = True
    else:
        raw = f.read()
