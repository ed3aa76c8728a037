# An if/elif/else whose elif part ends in `if not x: ...; return` and
# whose else part is a bare `return` (tarfile's TarFile.__iter__): 3.12
# puts the else's return right after the elif's, where it looks like the
# copy of an exit block the compiler makes for a jump; the elif's inner if
# jumps past it to the code after the statement.


def it(self, index):
    if index < 3:
        tarinfo = 1
    elif not self._loaded:
        tarinfo = self.next()
        if not tarinfo:
            self._loaded = True
            return
    else:
        return
    self.g(tarinfo)
    self.h(tarinfo)


def members(self, index):
    while True:
        if index < len(self.members):
            tarinfo = self.members[index]
        elif not self._loaded:
            tarinfo = self.next()
            if not tarinfo:
                self._loaded = True
                return
        else:
            return
        index += 1
        yield tarinfo
