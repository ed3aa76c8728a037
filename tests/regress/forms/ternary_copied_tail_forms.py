# `x.a = b if c else d` ending a function (3.10+: the store and the return,
# a small exit block, copied into each branch of the expression), read as
# the expression where the exit block's names are numbered after the
# else-value's (encodings.utf_16's IncrementalDecoder.setstate).  Not an
# if statement whose branches assign, then raise (tokenize's find_cookie:
# the raise is too long to copy into an expression's branches), nor
# decorated defs in a class body (glob's _StringGlobber).  Must compile
# back to the same bytecode.


def setstate(self, state):
    if state == 0:
        self.decoder = (codecs.utf_16_be_decode if sys.byteorder == 'big'
                        else codecs.utf_16_le_decode)
    elif state == 1:
        self.decoder = (codecs.utf_16_le_decode if sys.byteorder == 'big'
                        else codecs.utf_16_be_decode)
    else:
        self.decoder = None


def find_cookie(filename):
    if filename is None:
        msg = 'encoding problem: utf-8'
    else:
        msg = 'encoding problem for {!r}: utf-8'.format(filename)
    raise SyntaxError(msg)


class StringGlobber:
    lstat = staticmethod(os.lstat)
    if os.name == 'nt':
        @staticmethod
        def add_slash(pathname):
            return pathname + '\\'
    else:
        @staticmethod
        def add_slash(pathname):
            return pathname + '/'
