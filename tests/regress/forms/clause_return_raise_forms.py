# A named except clause whose if/else-parts return before a bare `raise`
# (ssl's SSLSocket.read): 3.8-3.10 give each return its own copy of the
# clause's end (POP_BLOCK, POP_EXCEPT, the name's cleanup), and the jump to
# the raise goes past them.  3.8 and 3.9 read the try body's if/else as an
# if and a return (the same code; its layout differs).


def read(self, len, buffer):
    try:
        if buffer is not None:
            return self.read(len, buffer)
        else:
            return self.read(len)
    except SSLError as x:
        if x.args[0] == 1 and self.suppress:
            if buffer is not None:
                return 0
            else:
                return b''
        else:
            raise
