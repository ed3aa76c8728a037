# An except clause ending the function in an if without an else (3.10
# copies the clause's end, with the function's return, into each branch:
# asyncio's _write_to_self).  Must compile back to the same bytecode.


def plain(self):
    try:
        self.send(b'\0')
    except OSError:
        if self.debug:
            self.log('failed', exc_info=True)


def named(self):
    try:
        self.send(b'\0')
    except OSError as e:
        if self.debug:
            self.log(e)


def if_else(self):
    try:
        self.send(b'\0')
    except OSError:
        if self.debug:
            self.log('a')
        else:
            self.log('b')


def elif_chain(self, k):
    try:
        self.send(b'\0')
    except KeyError:
        if k == 1:
            self.log('a')
        elif k == 2:
            self.log('b')


def two_clauses(self):
    try:
        self.send(b'\0')
    except KeyError:
        pass
    except OSError:
        if self.debug:
            self.log('x')


def nested_if(self):
    try:
        self.send(b'\0')
    except OSError:
        if self.debug:
            if self.verbose:
                self.log('x')


def in_method_loop(self, items):
    for x in items:
        try:
            x.send()
        except OSError:
            if x.debug:
                x.log()
