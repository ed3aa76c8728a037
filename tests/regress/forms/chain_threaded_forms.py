# Chained comparisons whose jumps the compiler replaced or threaded:
# a jump over the cleanup to a return becomes that return (curses.ascii's
# isxdigit, quopri's ishex), and a jump over it to a break, which only that
# jump reached, goes on through the break (tarfile's _FileInFile.read).


def isxdigit(c):
    return isdigit(c) or 65 <= _ctoi(c) <= 70 or 97 <= _ctoi(c) <= 102


def ishex(c):
    return b'0' <= c <= b'9' or b'a' <= c <= b'f' or b'A' <= c <= b'F'


def read(self, size):
    while size > 0:
        while True:
            if start <= self.position < stop:
                break
            else:
                g()


def short_has_arg(opt, shortopts):
    for i in range(len(shortopts)):
        if opt == shortopts[i] != ':':
            return shortopts.startswith(':', i + 1)
    raise GetoptError(opt)
