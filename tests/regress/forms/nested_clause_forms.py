# returns out of an except clause inside another except clause (3.11+
# leaves both with POP_EXCEPT, the value kept below each exception).  Must
# compile back to the same bytecode.


def with_value(self, tag):
    try:
        f = self.dispatch[tag]
    except KeyError as e:
        try:
            f = self.dispatch[tag.split(":")[-1]]
        except KeyError:
            return e
    return f(self, 1)


def in_a_loop(self, tag):
    for x in tag:
        try:
            f = self.dispatch[tag]
        except KeyError:
            try:
                f = 3
            except KeyError as q:
                return q
    return f(self, 1)


def constant(self, tag):
    try:
        f = self.dispatch[tag]
    except KeyError:
        try:
            f = 3
        except KeyError:
            return "missing"
    return f
