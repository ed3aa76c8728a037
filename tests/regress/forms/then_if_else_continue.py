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


def inner_loop_break_else(a, s, t):
    """Found by the control-flow fuzzer (seed 1357): an inner loop's break
    jumps to the jump over the else-part, which stays an if/else."""
    k0 = 0
    k1 = 0
    while (k0 := k0 + 1) < 4:
        if not a >= -1:
            while s <= 'b':
                k1 += 1
                if k1 > 3:
                    break
                t.append(a in (1, 2))
        else:
            s += 'b'
    return t


def with_then_else(s, u, t):
    """Likewise a with's normal exit jumping to it (fuzzer, seed 1357)."""
    while r(t, 826, s):
        if u == 'ab':
            with CM(t, 827) as m:
                t.append(1)
        else:
            t.append(s or 'ab')
    return t


def try_then_continue(self, objects, build):
    """distutils' BCPPCompiler.compile: a try body's jump over its
    handlers to the continue after the try (3.10, 3.11)."""
    for obj in objects:
        ext = build[obj]
        if ext == '.rc':
            try:
                self.spawn(obj)
            except OSError as msg:
                raise ValueError(msg)
            continue
        g(obj)
