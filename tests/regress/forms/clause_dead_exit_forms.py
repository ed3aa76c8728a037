# 3.8, 3.9 keep an except clause's own exit, `POP_EXCEPT; JUMP end`, dead
# after a clause that raises, returns or breaks: its jump tells where the
# try statement ends (past its else block: _pyio's BytesIO.read; at the
# loop's head where the statement ends the loop's body: _sitebuiltins'
# _Printer.__call__), and, kept for an end label, that the clause ends in an
# if/else (gettext's dngettext).  Must compile back to the same bytecode.
# (Not yet: a named clause, whose exit follows its name's cleanup, read as
# reachable.)


def read(self, size):
    if size is None:
        size = -1
    else:
        try:
            size_index = size.__index__
        except AttributeError:
            raise TypeError(f'{size!r} is not an integer')
        else:
            size = size_index()
    return size


def dngettext(domain, msgid1, msgid2, n):
    try:
        t = translation(domain)
    except OSError:
        if n == 1:
            return msgid1
        else:
            return msgid2
    return t.ngettext(msgid1, msgid2, n)


def no_else(names):
    for name in names:
        try:
            fd = open(name)
        except OSError:
            continue
        return fd


def pager(self, prompt):
    lineno = 0
    while 1:
        try:
            for i in range(lineno, lineno + self.MAXLINES):
                print(self.lines[i])
        except IndexError:
            break
        else:
            lineno += self.MAXLINES
            key = input(prompt)
            if key == 'q':
                break
