# An if/elif ending a function, both branches going on to the same return
# (3.10+: the compiler copies that return into the then-part; an if inside
# the then-part joins the copy, and the else-part may end in a raise, the
# return reached by jumps alone).  bdb's Bdb.dispatch_exception.  Must
# compile back to the same bytecode, names numbered as the source did.


def dispatch(self, frame, arg):
    if self.stop_here(frame):
        if not arg:
            self.user_exception(frame, arg)
    elif self.stopframe and frame is not self.stopframe:
        self.user_exception(frame, arg)
    return self.trace_dispatch


def dispatch_raises(self, frame, arg):
    if self.stop_here(frame):
        if not (frame.f_code and arg[0] is StopIteration):
            self.user_exception(frame, arg)
            if self.quitting:
                raise BdbQuit
    elif self.stopframe and arg[0] in (StopIteration, GeneratorExit):
        self.user_exception(frame, arg)
        if self.quitting:
            raise BdbQuit
    return self.trace_dispatch
