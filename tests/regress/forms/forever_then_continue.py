# 3.10+: `if c: ...; continue` then more of a `while True:` loop's body.
# The continue jumps straight to the loop's head; the jump over an
# else-part there is not threaded into the loop's own jump back, so an
# if/else reading compiles to other jumps (json.decoder's py_scanstring;
# in a for loop the compiler threads it and both read alike).


def scan(s, end, strict, _append):
    while 1:
        chunk = g(s, end)
        terminator = chunk.t
        if terminator == '"':
            break
        elif terminator != '\\':
            if strict:
                raise E(s)
            else:
                _append(terminator)
                continue
        try:
            esc = s[end]
        except IndexError:
            raise E(s) from None
        if esc != 'u':
            char = 1
        else:
            char = 2
        _append(char)
    return end


def continue_then_break(s, end, _append):
    while True:
        terminator = g(s, end)
        if terminator != '\\':
            _append(terminator)
            continue
        esc = s[end]
        if esc:
            break
        _append(esc)
    return end


def if_else_ending_body(x):
    while 1:
        t = g(x)
        if t:
            h(t)
        else:
            k(t)


def continue_first(self, validate=None):
    """curses.textpad's Textbox.edit: 3.12+ give `if not ch: continue` a
    jump back of its own, where `if ch: ...` ending the body would jump
    forward to the loop's jump back."""
    while 1:
        ch = self.win.getch()
        if validate:
            ch = validate(ch)
        if not ch:
            continue
        if not self.do_command(ch):
            break
        self.win.refresh()
    return self.gather()


def if_ending_body(self):
    while True:
        ch = self.win.getch()
        if ch:
            self.do_command(ch)
