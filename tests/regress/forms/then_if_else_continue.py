# An if/else (or an if) inside a then-part that ends in `continue`, before
# more of the loop's body (configparser's RawConfigParser._read).  Read as
# an if/else whose else-part is the rest, it compiles to other jumps: 3.10+
# start a continue with a NOP of its own, for its line, so jumps to it stay
# put, where the jump over an else-part would have them threaded through;
# 3.8/3.9 thread a jump one step, so the inner jumps end at the continue
# (or the loop's head), not at the loop's own jump back.


def read(self, f, cursect, optname):
    for lineno, line in enumerate(f, start=1):
        value = line.strip()
        if not value:
            if self._empty_lines_in_values:
                if cursect is not None:
                    cursect[optname].append('')
            else:
                indent_level = 1
            continue
        g(value)


def inner_if_else(self, f):
    for line in f:
        value = line.strip()
        if not value:
            if self.a:
                h(1)
            else:
                indent_level = 1
            continue
        g(value)


def inner_if(self, f):
    for line in f:
        if not line:
            if self.a:
                h(1)
            continue
        g(line)


def while_inner_if_else(self, f):
    while f:
        line = f.pop()
        if not line:
            if self.a:
                h(1)
            else:
                h(2)
            continue
        g(line)


def if_else_ending_body(self, f):
    for line in f:
        if not line:
            if self.a:
                h(1)
            else:
                h(2)
        else:
            g(line)
