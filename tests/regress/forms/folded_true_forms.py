# Constants that 3.10 and 3.11 number but no instruction loads: the True
# of `if __debug__:` (or `if True:`), whose test the compiler folds away
# (imaplib's IMAP4.noop, expatbuilder's Namespaces); and a loop without a
# test, `while 1` where 1 is numbered already (_markupbase's
# _parse_doctype_attlist), where `while True` would number True.  Must
# compile back to the same bytecode, constants numbered alike.


def noop(self):
    """Send NOOP command."""
    if __debug__:
        if self.debug >= 3:
            self._dump_ur(self.untagged_responses)
    return self._simple_command('NOOP')


def nested(self, lines):
    for line in lines:
        if line:
            if __debug__:
                self._mesg('< %r' % line)
            self.handle(line, 7)
    return 'done'


def defaults_only(a, flag=True, other=None):
    return a(flag, other, 'x')


def scan(rawdata, j):
    c = rawdata[j:j + 1]
    if c == '>':
        return j + 1
    while 1:
        j = rawdata.find('<', j)
        if j < 0:
            return -1
        c = rawdata[j:j + 1]
        if c == '>':
            return j + 1


class Namespaces:
    def start(self, name):
        return name.split(' ')

    if __debug__:
        def end(self, name):
            assert name, 'no name'
            self.done(name)
