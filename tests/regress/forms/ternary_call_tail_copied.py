# 3.13: `a if c else b` as the last argument of a call whose callable was
# computed first, the call ending the function (return, raise): the
# compiler copies the call's tail (CALL, RETURN_VALUE) into each branch,
# with the NULL it pushes after the callable on the stack (_pyio's
# IOBase._checkSeekable).  Read as an if statement, each branch would
# call g() after c was tested: wrong code, not only other bytecode.


def check_seekable(self, msg=None):
    if not self.seekable():
        raise UnsupportedOperation("File or stream is not seekable."
                                   if msg is None else msg)


def call_of_call(c):
    return g()(1 if c else 2)


def test_is_call(c):
    return g()(1 if c() is None else c)


def nested_calls(c):
    return g()(h()(1 if c else 2))


def raise_and_test(c):
    raise g()(1 if c and d() else 2)


def assigned_then_returned(c):
    x = g()(1 if c else 2)
    return x


def keyword_value(c):
    return g()(k=1 if c else 2)
